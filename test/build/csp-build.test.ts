// The locked-down page (../shared/CONSOLE.md, "Safety"): the built index.html of the production and
// the demo build carries its Content-Security-Policy first in <head>, and every inline script the
// final page holds (also one another plugin adds late, as a loading-speed script would) is allowed
// by its hash and nothing else inline is. Builds into a temporary folder with vite.config.ts (its plugins are in build/).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin } from 'vite';

const root = resolve(import.meta.dirname, '../..');
const folders: string[] = [];

/** Stands in for any plugin that adds an inline script to the page after the others. */
function lateInlineScript(): Plugin {
  return {
    name: 'test:late-inline-script',
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', children: 'window.__earlyFetch = "started";', injectTo: 'head' }],
    },
  };
}

async function builtIndexHtml(mode: 'production' | 'demo', extraPlugins: Plugin[] = []): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), `console-csp-${mode}-`));
  folders.push(outDir);
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    mode,
    logLevel: 'silent',
    plugins: extraPlugins,
    build: { outDir, emptyOutDir: true, sourcemap: false, minify: false },
  });
  return readFileSync(join(outDir, 'index.html'), 'utf8');
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function policyOf(html: string): Map<string, string[]> {
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const first = /<[a-z][^>]*>/i.exec(head)?.[0] ?? '';
  expect(first, 'the first element of <head>').toMatch(/^<meta http-equiv="Content-Security-Policy" content="/);
  const content = /content="([^"]*)"/.exec(first)?.[1]?.replaceAll('&quot;', '"') ?? '';
  return new Map(
    content
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Hashes of the inline scripts that run (a `type="application/json"` data block does not). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((match) => !/\bsrc=/.test(match[1] ?? '') && !/\btype="application\/json"/.test(match[1] ?? ''))
    .map((match) => `'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
}

function expectLockedDown(html: string, policy: Map<string, string[]>) {
  const scriptSrc = policy.get('script-src') ?? [];
  expect(scriptSrc[0]).toBe("'self'");
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(scriptSrc, 'an inline script without its hash').toContain(hash);
  // Nothing else: no 'unsafe-inline', no 'unsafe-eval', no other host, no hash of a script that is not there.
  expect(scriptSrc.slice(1).sort()).toEqual([...new Set(hashes)].sort());
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toEqual(["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
  expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
  // Inline event handlers and style attributes would need 'unsafe-inline': there are none.
  expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/<[^>]+\sstyle\s*=/i);
  // The character encoding comes right after the policy, once, within the first 1,024 bytes (HTML's rule).
  const head = /<head>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const elements = head.match(/<[a-z][^>]*>/gi) ?? [];
  expect(elements[1], 'the second element of <head>').toMatch(/^<meta charset="UTF-8"/i);
  expect(html.match(/<meta charset=/gi)).toHaveLength(1);
  const declaration = /<meta charset="[^"]*"\s*\/?>/i.exec(html)!;
  expect(new TextEncoder().encode(html.slice(0, declaration.index + declaration[0].length)).length).toBeLessThanOrEqual(1024);
}

describe('the built index.html carries a Content-Security-Policy', () => {
  it('production: scripts from its origin and inline ones by hash, including one another plugin adds late', async () => {
    const html = await builtIndexHtml('production', [lateInlineScript()]);
    expect(html).toContain('window.__earlyFetch = "started";');
    const policy = policyOf(html);
    expectLockedDown(html, policy);
    const lateHash = `'sha256-${createHash('sha256').update('window.__earlyFetch = "started";').digest('base64')}'`;
    expect(policy.get('script-src')).toContain(lateHash);
    expect(policy.get('worker-src')).toEqual(["'none'"]);
  }, 120_000);

  it('demo: the same policy, and its service worker may come from its own origin', async () => {
    const html = await builtIndexHtml('demo');
    const policy = policyOf(html);
    expectLockedDown(html, policy);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
  }, 120_000);
});
