/**
 * `npm run mock`: runs src/mock/serve/server.ts without a TypeScript loader thread (tsx's costs ~35 MB).
 * It bundles server.ts and its imports for Node with vite in a short-lived child process, caches the
 * bundle under node_modules/.cache/analytics-console/ by a hash of its sources, then imports the
 * bundle into this process and runs its command line, so signals reach the process owning the server.
 *
 * Measured (npm run bench:mock, 10,000 dashboards, one run each on a busy 2-core machine): this
 * launcher starts in a median 2.5 s against 5.4 s under tsx and holds 137 MB RSS against 156 MB,
 * and the V8 flags of package.json's `mock` script hold it at 137 MB against 184 MB without them:
 * both stay, because both measurably pay for themselves.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const launcher = fileURLToPath(import.meta.url);
const root = resolve(dirname(launcher), '../..');
const entry = join(root, 'src/mock/serve/server.ts');
const cacheDir = join(root, 'node_modules/.cache/analytics-console/mock-server');
const manifestFile = join(cacheDir, 'manifest.json');
/** Set in the bundling child's environment only. */
const buildFlag = 'ANALYTICS_CONSOLE_MOCK_BUNDLE';

/** One hash over the bundle's source files (paths relative to the repo) and this launcher; null if one is gone. */
function hashSources(inputs) {
  const hash = createHash('sha256');
  for (const input of [...inputs, relative(root, launcher)]) {
    let content;
    try {
      content = readFileSync(join(root, input));
    } catch {
      return null;
    }
    hash.update(`${input}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** The cached bundle's path when its sources are unchanged, else null. */
function cachedBundle() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(manifest?.inputs) || typeof manifest.bundle !== 'string') return null;
  if (hashSources(manifest.inputs) !== manifest.hash) return null;
  const bundle = join(cacheDir, manifest.bundle);
  return existsSync(bundle) ? bundle : null;
}

/** Temp file + rename: a launcher starting at the same time never reads half a file. */
function writeAtomically(file, content) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

/** In the child: bundle server.ts (npm packages and node builtins stay imports), then record its sources. */
async function bundle() {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    build: {
      ssr: entry,
      write: false,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { format: 'es', codeSplitting: false } },
    },
    ssr: { target: 'node' },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunk = outputs.find((output) => output.type === 'chunk' && output.isEntry);
  if (!chunk) throw new Error('vite produced no entry chunk for src/mock/serve/server.ts');
  const inputs = [...new Set(chunk.moduleIds)]
    .filter((id) => isAbsolute(id) && !id.includes('\0'))
    .map((id) => relative(root, id.split('?')[0]))
    .filter((path) => !path.startsWith('..') && !path.startsWith('node_modules'))
    .sort();
  const hash = hashSources(inputs);
  if (!hash) throw new Error('a source file of the mock disappeared while it was being bundled');
  const name = `server-${createHash('sha256').update(chunk.code).digest('hex').slice(0, 16)}.mjs`;
  mkdirSync(cacheDir, { recursive: true });
  writeAtomically(join(cacheDir, name), chunk.code);
  writeAtomically(manifestFile, `${JSON.stringify({ hash, bundle: name, inputs }, null, 2)}\n`);
  for (const old of readdirSync(cacheDir)) {
    if (old.startsWith('server-') && old.endsWith('.mjs') && old !== name) rmSync(join(cacheDir, old), { force: true });
  }
}

/** Bundles in a child (plain heap defaults), so the bundler's memory is returned before the server starts. */
function bundleInChild() {
  return new Promise((resolveBundle, reject) => {
    // The child's output goes to stderr: stdout's first line belongs to the server.
    const child = spawn(process.execPath, [launcher], {
      cwd: root,
      env: { ...process.env, [buildFlag]: '1' },
      stdio: ['ignore', 2, 2],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolveBundle();
      else reject(new Error(`bundling src/mock/serve/server.ts failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

async function launch() {
  let bundlePath = cachedBundle();
  if (!bundlePath) {
    process.stderr.write('Bundling the mock server (first start after a change)…\n');
    await bundleInChild();
    bundlePath = cachedBundle();
    if (!bundlePath) throw new Error('the mock server bundle is missing or stale right after bundling');
  }
  const server = await import(pathToFileURL(bundlePath).href);
  await server.main(process.argv.slice(2));
}

if (process.env[buildFlag] === '1') {
  bundle().catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
} else {
  launch().catch((error) => {
    process.stderr.write(`Mock server: cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
