/**
 * The locked-down page (docs/security.md): the headers of the dev and preview servers, and the
 * built page's `<meta http-equiv="Content-Security-Policy">`, which allows each inline script by its
 * SHA-256 and nothing else inline.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { inlineScript } from './inline-script.ts';

/** Headers the dev and preview servers send with every answer; docs/security.md lists them for static hosts. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};

/** Hosts Connect may check before a connection exists: any https: host, and a local mock over http. */
const UNCONNECTED_CONNECT_SRC = "'self' https: http://localhost:* http://127.0.0.1:*";

export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The text of every inline `<script>` of an HTML document that runs: no `src`, and no `type` other
 * than JavaScript or a module (a `type="application/json"` data block never runs and needs no hash).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (/\bsrc\s*=/i.test(attributes) || (type && type !== 'module' && !type.includes('javascript'))) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

export function contentSecurityPolicy(html: string, options: { demo: boolean }): string {
  const scriptHashes = [...new Set(inlineScripts(html).map(sha256Source))];
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.map((hash) => ` ${hash}`).join('')}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${UNCONNECTED_CONNECT_SRC}`,
    // The demo's mock runs in a service worker served from the page's own folder.
    options.demo ? "worker-src 'self'" : "worker-src 'none'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * Locks down the built page (production and demo builds): a
 * `<meta http-equiv="Content-Security-Policy">` first in `<head>`, then the character encoding, then
 * the connection lock (`lockConnectSrc` of src/app/lock-page-to-host.ts, which adds a second policy
 * `connect-src 'self' <host>` when a connection is stored). It runs on the emitted HTML after every
 * other plugin, so it hashes whatever inline scripts the final page holds.
 */
export function lockedDownPage(): Plugin {
  let demo = false;
  return {
    name: 'analytics-console:content-security-policy',
    config() {
      return { server: { headers: { ...SECURITY_HEADERS } }, preview: { headers: { ...SECURITY_HEADERS } } };
    },
    configResolved(config) {
      demo = config.mode === 'demo';
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const lock = await inlineScript(['lockConnectSrc()']);
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const source = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (source.includes('http-equiv="Content-Security-Policy"')) continue;
          // The character encoding is declared right after the policy, within the first 1,024 bytes as
          // HTML requires (the plugins before this one put the preload links and the route table
          // ahead of it).
          const declared = /<meta charset="[^"]*"\s*\/?>\s*/i.exec(source)?.[0];
          const charset = declared?.trim();
          const withoutCharset = declared ? source.replace(declared, '') : source;
          const withLock = withoutCharset.replace(/<head>/i, () => `<head>\n    <script>${lock}</script>`);
          const policy = contentSecurityPolicy(withLock, { demo }).replaceAll('"', '&quot;');
          const first = `<meta http-equiv="Content-Security-Policy" content="${policy}" />${charset ? `\n    ${charset}` : ''}`;
          asset.source = withLock.replace(/<head>/i, `<head>\n    ${first}`);
        }
      },
    },
  };
}
