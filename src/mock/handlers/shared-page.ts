/** GET /shared/:token — the public page of a shared dashboard (API.md §4, §9). */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Store } from '../db.ts';
import { findSharedDashboard, type SharedDashboardView } from '../rules/sharing.ts';

const sharedPath = /^\/shared\/([^/]+)\/?$/;

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every name shown comes from a user: it is text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

const pageHeaders = {
  'Content-Type': 'text/html; charset=utf-8',
  // Defence in depth: even a missed escape could not run a script on this page.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const style = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}
main{max-width:48rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.75rem;margin:0 0 .5rem}
.description{color:#4b5563;white-space:pre-wrap}ul{list-style:none;padding:0;display:grid;gap:.5rem}
li{background:#fff;border:1px solid #e5e7eb;border-radius:.5rem;padding:.75rem 1rem}
.kind{color:#6b7280;font-size:.875rem;margin-left:.5rem}footer{color:#6b7280;font-size:.875rem;margin-top:2rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderSharedDashboard(view: SharedDashboardView): string {
  const name = view.name ?? 'Untitled dashboard';
  const description = view.description ? `<p class="description">${escapeHtml(view.description)}</p>\n` : '';
  const tiles = view.tiles.length
    ? `<ul aria-label="Tiles">\n${view.tiles
        .map(
          (tile) =>
            `<li><span class="title">${escapeHtml(tile.title || 'Untitled tile')}</span>` +
            `<span class="kind">${tile.kind === 'insight' ? 'Insight' : 'Text'}</span></li>`,
        )
        .join('\n')}\n</ul>`
    : '<p>This dashboard has no tiles.</p>';
  return page(
    `${name} · Shared dashboard`,
    `<h1>${escapeHtml(name)}</h1>\n${description}<h2>Tiles (${view.tiles.length})</h2>\n${tiles}\n` +
      '<footer>A read-only dashboard shared publicly from the analytics console.</footer>',
  );
}

export function renderSharedNotFound(): string {
  return page(
    'Shared dashboard not found',
    '<h1>Shared dashboard not found</h1>\n' +
      '<p>This link does not lead to a shared dashboard. Sharing may have been turned off, or the link was rotated.</p>',
  );
}

/** The token from the path; a malformed escape is no token at all. */
function decodeToken(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export function sharedPageHandler(store: Store): HttpHandler {
  return http.get(
    ({ request }) => sharedPath.test(new URL(request.url).pathname),
    ({ request }) => {
      const token = decodeToken(sharedPath.exec(new URL(request.url).pathname)?.[1] ?? '');
      const view = token ? findSharedDashboard(store, token) : null;
      if (!view) return new HttpResponse(renderSharedNotFound(), { status: 404, headers: pageHeaders });
      return new HttpResponse(renderSharedDashboard(view), { status: 200, headers: pageHeaders });
    },
  );
}
