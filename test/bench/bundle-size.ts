// What the production build ships, in gzipped bytes: bytes are not noisy, so both the benchmark and
// an end-to-end test read them from here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const budgets = {
  /** The JavaScript the first page needs before any route's code, gzipped (issue 11: at most 135 kB). */
  firstPageGzipBytes: 135 * 1000,
  /** Everything a page loads in Chromium until the network is idle (the entry, the route's chunks, the shell's extras), gzipped. */
  pageLoadGzipBytes: 140 * 1000,
} as const;

export interface FileSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  /** The entry chunk and everything it imports statically (its modulepreloads). */
  firstPage: FileSize[];
  firstPageGzipBytes: number;
  allJs: FileSize[];
  allJsGzipBytes: number;
  /** `file: marker` for every trace of MSW found anywhere in the build. */
  mswTraces: string[];
}

export const gzipSize = (content: Buffer | string): number => gzipSync(content).length;

function sizeOf(distDir: string, file: string): FileSize {
  const content = readFileSync(join(distDir, file));
  return { file, bytes: content.length, gzipBytes: gzipSize(content) };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** The site-relative JS files index.html loads up front: its module scripts and modulepreloads. */
export function firstPageScripts(indexHtml: string): string[] {
  const files: string[] = [];
  for (const tag of indexHtml.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
    const isModuleScript = tag.startsWith('<script') && attr('type') === 'module' && attr('src');
    const isPreload = tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href');
    const url = isModuleScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The static imports of the files the page loads up front (`scripts`: its module scripts, which hold
 * the entry's chunk, and its preload links), from dist/.vite/manifest.json when the build wrote one.
 * (The console's entry module has no chunk of its own, vite.config.ts, so the manifest names no entry.)
 */
function manifestScripts(distDir: string, scripts: string[]): string[] {
  const path = join(distDir, '.vite/manifest.json');
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (scripts.includes(chunk.file)) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

// Strings only MSW's code and worker carry (its log prefix, worker file name and message types).
const mswMarkers = ['mockServiceWorker', '[MSW]', 'MOCKING_ENABLED', 'INTEGRITY_CHECKSUM', 'setupWorker', 'msw/browser'];

export function measureBundle(distDir: string): BundleReport {
  const indexPath = join(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} is missing: build the console first (npm run build).`);
  const listed = firstPageScripts(readFileSync(indexPath, 'utf8'));
  const firstFiles = new Set([...listed, ...manifestScripts(distDir, listed)]);
  if (firstFiles.size === 0) throw new Error('dist/index.html loads no module script: is this a Vite build?');
  for (const file of firstFiles) {
    if (!existsSync(join(distDir, file))) throw new Error(`dist/index.html loads ${file}, which is not in dist/.`);
  }
  const files = walk(distDir).map((path) => relative(distDir, path).split('\\').join('/'));
  const firstPage = [...firstFiles].map((file) => sizeOf(distDir, file));
  const allJs = files.filter((file) => file.endsWith('.js')).map((file) => sizeOf(distDir, file));
  const mswTraces: string[] = [];
  for (const file of files) {
    if (/(^|\/)mockServiceWorker\.js$/.test(file)) {
      mswTraces.push(`${file}: the MSW worker file`);
      continue;
    }
    if (!/\.(js|html|map)$/.test(file)) continue;
    const text = readFileSync(join(distDir, file), 'utf8');
    for (const marker of mswMarkers) if (text.includes(marker)) mswTraces.push(`${file}: ${marker}`);
  }
  const sum = (list: FileSize[]) => list.reduce((total, item) => total + item.gzipBytes, 0);
  return { firstPage, firstPageGzipBytes: sum(firstPage), allJs, allJsGzipBytes: sum(allJs), mswTraces };
}

export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
