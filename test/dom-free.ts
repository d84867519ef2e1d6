/**
 * Which test files need no DOM: those of the node folders, and the `.ts` files of the others that
 * import neither Testing Library, msw, nor the UI test helpers (setup, render, console) and ask for
 * no environment of their own (`@vitest-environment`). vitest.config.ts runs them in node without
 * jsdom (its "unit" project); test/mutation/run.ts runs them in node for every mutant.
 */
import { readFileSync } from 'node:fs';

const nodeFolders = ['test/contract/', 'test/mock/', 'test/build/'];

export function needsNoDom(test: string): boolean {
  if (nodeFolders.some((folder) => test.startsWith(folder))) return true;
  if (!test.endsWith('.ts')) return false;
  const source = readFileSync(test, 'utf8');
  return !/from '(@testing-library\/[^']+|msw[^']*|[^']*\/(setup|render|console)(\.tsx?)?)'/.test(source) && !source.includes('@vitest-environment');
}
