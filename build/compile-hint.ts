/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136 and later) on the app's own
 * code of a first visit: the groups of build/route-chunks.ts and each early route's own chunks
 * (test/e2e/bundle-size.e2e.ts holds the list). V8 then compiles their functions on a background
 * thread while the files stream in, instead of on the main thread at each first call. Not on the
 * entry, mostly react-router and React DOM, of which a first visit calls a small part: compiling all
 * of it ahead kept a background thread busy for longer than it saved, on two cores. Chunks loaded
 * later (dialogs, bulk tools, the API log) stay lazily compiled. Other engines read a comment.
 */
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';
import { earlyRoutes } from './early-routes.ts';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
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
