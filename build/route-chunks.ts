/**
 * Chunks by route, with groups chosen by folder. Modules the entry imports statically stay in the
 * entry, in one file (`index`, beside Rolldown's small runtime chunk): left to itself, Rolldown puts
 * what the entry shares with the pages in chunks of their own, each one more request on every first
 * visit (one file measured faster than two, docs/performance.md). Besides each page's own chunk:
 * - `forms`: the components (src/components/) only the pages that edit (EDITING_PAGES) and the
 *   dialogs use;
 * - `activity`: what the Activity page and the History tab share of src/features/activity/;
 * - `lists`: a project's Dashboards page itself, with what of it only the dashboard tables use (its
 *   virtualized table), and
 *   `list-tools`: what else the dashboard tables (LIST_PAGES) share (bulk runs, selection, CSV, the
 *   organization's loader), which that page loads only on demand;
 * - `page-data`: what of src/api and src/contract the landing pages (LANDING_PAGES) do not import
 *   statically (the access answers, the collaborators' and sharing's answers, most mutations);
 * - `shared`: everything else two or more lazily loaded chunks share.
 * Left to itself, Rolldown makes a chunk of each shared component: the dashboards page needed ten
 * files.
 */
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;
type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

const EDITING_PAGES = ['src/features/dashboard-detail/overview/overview-tab.tsx', 'src/features/dashboard-detail/sharing/sharing-tab.tsx', 'src/features/project-settings'];
const LIST_PAGES = ['src/features/dashboards/dashboards-page.tsx', 'src/features/organization'];
/** The list page whose first draw decides what goes in `lists`. */
const FIRST_LIST_PAGE = 'src/features/dashboards/dashboards-page.tsx';
/** Where a visit usually lands first: Connect, the connected home, a project's dashboards. */
const LANDING_PAGES = ['src/features/connect/connect-page.tsx', 'src/features/projects/projects-page.tsx', FIRST_LIST_PAGE];
const LIBRARIES = ['@tanstack', 'react', 'react-dom', 'react-router', 'scheduler', 'zod'].map((name) => `node_modules/${name}`);
/** Files of the entry's static graph (a library's index names every file) that only pages load. */
const ONLY_WITH_PAGES = [
  'node_modules/@tanstack/react-query/build/modern/useInfiniteQuery.js',
  'node_modules/@tanstack/query-core/build/modern/infiniteQueryObserver.js',
  // The organization's pages combine one entry per project.
  'node_modules/@tanstack/react-query/build/modern/useQueries.js',
  'node_modules/@tanstack/query-core/build/modern/queriesObserver.js',
];

/** The module graph's sets the groups read, computed once per build. */
interface Graph {
  entry: Set<string>;
  /** Reached statically from a page that does not edit. */
  reading: Set<string>;
  /** Reached from the entry, statically or lazily, without passing through a list page. */
  outsideLists: Set<string>;
  firstList: Set<string>;
  landing: Set<string>;
}

export function routeChunks(root: string): CodeSplitting {
  const path = (file: string) => resolve(root, file);
  const under = (folders: readonly string[]) => (id: string) => folders.some((folder) => id === path(folder) || id.startsWith(`${path(folder)}/`));
  const editing = under(EDITING_PAGES);
  const listPage = under(LIST_PAGES);
  const sharable = under(['src/components', 'src/api', 'src/contract', 'src/features', ...LIBRARIES]);
  const onlyWithPages = new Set(ONLY_WITH_PAGES.map(path));

  let graph: Graph | undefined;
  const graphOf = (context: { getModuleInfo: ModuleInfoOf }): Graph => {
    if (graph) return graph;
    const info: ModuleInfoOf = (id) => context.getModuleInfo(id);
    const reach = (starts: string[], lazily = false, stop = (_id: string) => false) => {
      const seen = new Set<string>();
      const visit = (id: string) => {
        if (seen.has(id) || stop(id)) return;
        seen.add(id);
        const module = info(id);
        for (const next of [...(module?.importedIds ?? []), ...(lazily ? (module?.dynamicallyImportedIds ?? []) : [])]) visit(next);
      };
      starts.forEach(visit);
      return seen;
    };
    const main = path('src/main.tsx');
    const pages = ['src/app/routes/route-data.ts', 'src/app/routes/routes.tsx'].flatMap((file) => info(path(file))?.dynamicallyImportedIds ?? []);
    const entry = reach([main]);
    for (const id of onlyWithPages) entry.delete(id);
    return (graph = {
      entry,
      reading: reach(pages.filter((page) => !editing(page))),
      outsideLists: reach([main], true, listPage),
      firstList: reach([path(FIRST_LIST_PAGE)]),
      landing: reach(LANDING_PAGES.map(path)),
    });
  };
  /** A group of the modules `test` accepts that the entry does not load, named by `name` (null: not this group). */
  const group = (debugName: string, test: (id: string) => boolean, name: (id: string, graph: Graph) => string | null, priority = 0, minShareCount = 2) => ({
    debugName,
    test,
    name: (id: string, context: { getModuleInfo: ModuleInfoOf }) => {
      const found = graphOf(context);
      return found.entry.has(id) ? null : name(id, found);
    },
    minShareCount,
    priority,
  });

  return {
    // Only the modules named here: their imports (React, the entry's modules) stay where they are.
    includeDependenciesRecursively: false,
    groups: [
      // The entry's whole static graph, main.tsx included, in one file (vite.config.ts lets the entry
      // module leave its own chunk): the first page asks for it and the small runtime chunk only.
      { debugName: 'index', name: (id, context) => (graphOf(context).entry.has(id) ? 'index' : null), priority: 2 },
      group('forms', under(['src/components']), (id, found) => (found.reading.has(id) ? null : 'forms'), 1),
      group('activity', under(['src/features/activity']), () => 'activity', 1),
      // The list page's own module too (a chunk of one page's): its route loads two files, not three.
      group('lists', sharable, (id, found) => (found.outsideLists.has(id) || !found.firstList.has(id) ? null : 'lists'), 1, 1),
      group('list-tools', sharable, (id, found) => (found.outsideLists.has(id) ? null : 'list-tools'), 1),
      group('page-data', under(['src/api', 'src/contract']), (id, found) => (found.landing.has(id) ? null : 'page-data')),
      group('shared', sharable, () => 'shared'),
    ],
  };
}
