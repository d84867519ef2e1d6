/**
 * Turns functions of a module into an inline script the built page runs before any other: the
 * connection lock (src/app/lock-page-to-host.ts) and the cold start's (cold-start/first-screen-requests.ts).
 * The module and its relative imports are stripped of types, put into one function scope and
 * minified; the minifier drops what the called functions do not use.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { minifySync, transformWithOxc } from 'vite';

export const PAGE_START = resolve(import.meta.dirname, '../src/app/lock-page-to-host.ts');

async function scopeOf(file: string, seen: Set<string>): Promise<string> {
  if (seen.has(file)) return '';
  seen.add(file);
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  const imports: string[] = [];
  const body = code.replace(/^import\s[^;]*?from\s*["']([^"']+)["'];?\s*$/gm, (_statement, specifier: string) => {
    if (!specifier.startsWith('.')) throw new Error(`${file}: an inline script can import only the app's own modules, not ${specifier}`);
    imports.push(resolve(dirname(file), specifier));
    return '';
  });
  let scope = '';
  for (const imported of imports) scope += await scopeOf(imported, seen);
  return `${scope}\n${body.replace(/^export\s+(?=(async\s+)?(function|const|let|class)\b)/gm, '')}`;
}

/**
 * The minified script that runs `calls` (calls of functions of `file`, `name(arguments)`), in that
 * order; one that throws (no storage, say) leaves the page to load as usual and the next call still runs.
 */
export async function inlineScript(calls: readonly string[], file = PAGE_START): Promise<string> {
  const scope = await scopeOf(file, new Set());
  const source = `(function(){${scope}\n${calls.map((call) => `try{${call}}catch(e){}`).join('')}})();`;
  const { code, errors } = minifySync('inline-script.js', source, { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`inline script: ${errors.map((error) => error.message).join('; ')}`);
  return code.trim();
}
