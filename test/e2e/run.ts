// `npm run test:e2e [-- name…]`: builds the console once, starts the mock and `vite preview` once,
// then runs the journeys (test/e2e/*.e2e.ts, or those whose file name contains one of the
// arguments) serially with node's test runner. Its closing `# pass N` / `# fail N` lines are what CI reads.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole, repoRoot, startStack, type Stack } from './support/stack.ts';
import { findChromium } from './support/chromium.ts';

const here = dirname(fileURLToPath(import.meta.url));

function journeyFiles(filters: string[]): string[] {
  const all = readdirSync(here)
    .filter((file) => file.endsWith('.e2e.ts'))
    .sort()
    .map((file) => relative(repoRoot, join(here, file)));
  const chosen = filters.length ? all.filter((file) => filters.some((filter) => file.includes(filter))) : all;
  if (chosen.length === 0) throw new Error(`no test/e2e/*.e2e.ts file matches ${JSON.stringify(filters)}`);
  return chosen;
}

async function main(): Promise<number> {
  const files = journeyFiles(process.argv.slice(2));
  // Fail before building when the browser is missing: the error says how to install it.
  findChromium();
  await buildConsole();
  let stack: Stack | undefined;
  const stop = async () => {
    const current = stack;
    stack = undefined;
    await current?.close();
  };
  try {
    stack = await startStack();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=tap', ...files],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, E2E_BASE_URL: stack.baseUrl, E2E_MOCK_URL: stack.mockUrl },
      },
    );
    const running = stack;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        child.kill(signal);
        running.stopNow();
      });
    }
    const code = await new Promise<number>((done, fail) => {
      child.once('error', fail);
      child.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
    });
    return code;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
