/**
 * /shared/:token — the public page of a shared dashboard (API.md §9): GET shows it (or asks for the
 * password of a protected one), POST `{password}` answers a `shareToken` for a later GET.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { Store } from '../store/db.ts';
import { sharingToken } from '../rules/random.ts';
import { sharedLogin, sharedPage, sharingErrors, type SharedDashboardView } from '../rules/dashboards/sharing.ts';

const sharedPath = /^\/shared\/([^/]+)\/?$/;

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Every name shown comes from a user: it is text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char]!);
}

const baseHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Defence in depth: even a missed escape could not run a script; only the password form's own script (by nonce) runs. */
function pageHeaders(nonce: string | null) {
  const script = nonce ? `; script-src 'nonce-${nonce}'; connect-src 'self'` : '';
  return {
    ...baseHeaders,
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'${script}`,
  };
}

const jsonHeaders = { ...baseHeaders, 'Content-Type': 'application/json' };

const style = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}
main{max-width:48rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.75rem;margin:0 0 .5rem}
.description{color:#4b5563;white-space:pre-wrap}ul{list-style:none;padding:0;display:grid;gap:.5rem}
form{display:grid;gap:.5rem;max-width:20rem}input{font:inherit;padding:.4rem}
[role=alert]{color:#b91c1c}
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

/**
 * The password form of a protected dashboard. Its script sends the password, then shows the
 * dashboard fetched with the answered `shareToken` (names in it are escaped by the server).
 */
export function renderPasswordPage(name: string | null, nonce: string): string {
  const title = name ?? 'Untitled dashboard';
  const script = `const form=document.getElementById('login');const error=document.getElementById('error');
form.addEventListener('submit',async(event)=>{event.preventDefault();error.textContent='';
const password=new FormData(form).get('password');
const login=await fetch(location.pathname,{method:'POST',headers:{'Content-Type':'application/json'},body:JSON.stringify({password})});
if(!login.ok){error.textContent=login.status===401?'Incorrect password.':'This link no longer works.';return;}
const {shareToken}=await login.json();
const page=await fetch(location.pathname,{headers:{Authorization:'Bearer '+shareToken}});
const doc=new DOMParser().parseFromString(await page.text(),'text/html');
document.querySelector('main').replaceWith(doc.querySelector('main'));document.title=doc.title;});`;
  return page(
    `${title} · Shared dashboard`,
    `<h1>${escapeHtml(title)}</h1>\n<p>This dashboard is protected by a password.</p>\n` +
      '<form id="login"><label for="password">Password</label>' +
      '<input id="password" name="password" type="password" autocomplete="current-password" required>' +
      '<button type="submit">View dashboard</button><p id="error" role="alert"></p></form>\n' +
      `<script nonce="${nonce}">${script}</script>`,
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

/** `{password}` from a JSON or form body; undefined when there is none. */
async function passwordOf(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  try {
    if (type.includes('application/json')) {
      const body: unknown = JSON.parse(await request.text());
      return body !== null && typeof body === 'object' ? (body as Record<string, unknown>).password : undefined;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return (await request.formData()).get('password') ?? undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

const bearer = /^Bearer\s+(\S+)\s*$/i;

function tokenOf(request: Request): string {
  return decodeToken(sharedPath.exec(new URL(request.url).pathname)?.[1] ?? '');
}

/** The public page over one store, or over the store that `storeFor` picks per request and token. */
export function sharedPageHandler(store: Store | ((request: Request, token: string) => Store)): HttpHandler[] {
  const storeFor = typeof store === 'function' ? store : () => store;
  const matches = ({ request }: { request: Request }) => sharedPath.test(new URL(request.url).pathname);
  return [
    http.get(matches, ({ request }) => {
      const shareToken = bearer.exec(request.headers.get('authorization')?.trim() ?? '')?.[1] ?? null;
      const token = tokenOf(request);
      const shown = sharedPage(storeFor(request, token), token, shareToken);
      if (shown.kind === 'not_found') return new HttpResponse(renderSharedNotFound(), { status: 404, headers: pageHeaders(null) });
      if (shown.kind === 'password') {
        const nonce = sharingToken();
        return new HttpResponse(renderPasswordPage(shown.name, nonce), { status: 200, headers: pageHeaders(nonce) });
      }
      return new HttpResponse(renderSharedDashboard(shown.view), { status: 200, headers: pageHeaders(null) });
    }),
    http.post(matches, async ({ request }) => {
      const password = await passwordOf(request);
      const token = tokenOf(request);
      const store = storeFor(request, token);
      const result = store.mutate(() => sharedLogin(store, token, password));
      if (result === null) return new HttpResponse(renderSharedNotFound(), { status: 404, headers: pageHeaders(null) });
      if (!result.ok) return new HttpResponse(JSON.stringify({ error: sharingErrors.incorrectPassword }), { status: 401, headers: jsonHeaders });
      return new HttpResponse(JSON.stringify({ shareToken: result.shareToken }), { status: 200, headers: jsonHeaders });
    }),
  ];
}
