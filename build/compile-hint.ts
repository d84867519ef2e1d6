/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the app's own
 * code of a first visit: `first` (what the entry shares with the pages), the groups the pages share
 * (`shared`, `forms`, `activity`, `lists`, `list-tools`, `page-data`) and each early route's own chunks (test/e2e/bundle-size.e2e.ts
 * holds the list). V8 then compiles their functions on a background thread while the files stream
 * in, instead of on the main thread at each function's first call (docs/performance.md has the
 * measured effect). Not on `react-dom` nor the entry, which is mostly react-router: a first visit
 * calls a small part of either, and compiling all of them ahead kept a background thread busy for
 * longer than the main thread then saved, on a two-core machine. Chunks loaded later (dialogs, bulk
 * tools, the API log) stay lazily compiled too. Other engines read it as a comment.
 */
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { earlyRoutes } from './early-routes.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/** The groups of build/route-chunks.ts that get the hint besides the early routes' own chunks. */
// `list-tools` is part of the organization's pages' first visit (their early routes preload it), and
// `page-data` of the dashboard's tabs' and the organization's pages'.
const HINTED_GROUPS: readonly string[] = ['first', 'shared', 'forms', 'activity', 'lists', 'list-tools', 'page-data'];

/** Rolldown's `postBanner`: the hint on the chunks of a first visit. */
export function compileHint(root: string): (chunk: Rolldown.RenderedChunk) => Promise<string> {
  return async (chunk) => {
    if (chunk.isEntry) return '';
    const { routes } = await earlyRoutes(root);
    const firstVisitModules = new Set(routes.flatMap((route) => route.modules.map((module) => resolve(root, 'src', module))));
    return HINTED_GROUPS.includes(chunk.name) || chunk.moduleIds.some((id) => firstVisitModules.has(id)) ? COMPILE_HINT : '';
  };
}
