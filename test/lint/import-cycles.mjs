// Part of `npm run lint`: no import circle anywhere in src/, `import type` and `export … from`
// included (import-x/no-cycle skips type-only imports, and a circle that closes through one is still
// a circle of the design). Every relative import of every file is an edge; a strongly connected group
// of more than one file, or a file that imports itself, is refused. A probe adds one virtual import
// that closes a circle through a type-only import and must be refused, so the check cannot go quiet.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Every relative import of `source` (a file at `file`) that lands on a file of `files`. */
function importsOf(file, source, files) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    const target = resolve(dirname(file), match[1] ?? match[2]);
    if (files.has(target)) found.push(target);
  }
  return found;
}

/** The graph of src/: each file to the files it imports. */
function graphOf(extra = {}) {
  const files = new Set(
    readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs|js)$/.test(name))
      .map((name) => join(root, 'src', name)),
  );
  const graph = new Map();
  for (const file of files) graph.set(file, importsOf(file, readFileSync(file, 'utf8'), files));
  for (const [file, source] of Object.entries(extra)) {
    const path = join(root, file);
    graph.set(path, [...(graph.get(path) ?? []), ...importsOf(path, source, files)]);
  }
  return graph;
}

/** The circles of `graph`: its strongly connected groups of two or more files, and self-imports (Tarjan). */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.map((f) => relative(root, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const failures = circles(graphOf()).map((group) => `an import circle: ${group.join(' ↔ ')}`);
// The probe: runtime.ts importing a type back from the client, which imports the runtime.
const probeFile = 'src/api/runtime/runtime.ts';
if (!existsSync(join(root, probeFile))) failures.push(`the probe's file ${probeFile} is gone: point the probe at the runtime`);
const probe = circles(graphOf({ [probeFile]: `import type { ApiCall } from '../client/http.ts';\n` }));
if (!probe.some((group) => group.includes(probeFile))) failures.push('the probe (a type-only import closing a circle) was not refused');

if (failures.length) {
  console.error(`Import circles in src/:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.info('Import circles: none in src/ (type-only imports included); the probe was refused.');
