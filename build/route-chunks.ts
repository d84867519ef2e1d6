/**
 * Chunks by route, with groups chosen by folder: each page's chunk, plus
 * - `react-dom`: React DOM and its scheduler, a file of its own beside the entry;
 * - `first`: what the entry shares with the pages (one chunk beside the entry instead of four);
 * - `forms`: the shared components (src/components/) that only the pages that edit (EDITING_PAGES)
 *   and the dialogs use: no other page loads it;
 * - `activity`: what the Activity page and the History tab share of src/features/activity/;
 * - `lists` and `list-tools`: what only the dashboard tables (LIST_PAGES: a project's Dashboards,
 *   the organization's All dashboards and Public links) and what they open share. `lists` is what a
 *   project's Dashboards page needs to draw (the virtualized table); `list-tools` the rest (bulk runs,
 *   selection, CSV, the organization's loader), which that page loads only on demand. Connect,
 *   Projects and the detail pages load neither;
 * - `page-data`: what of src/api and src/contract the landing pages (LANDING_PAGES: Connect,
 *   Projects, a project's Dashboards) do not import statically: the access answers and verdicts,
 *   the collaborators' and sharing's answers, the forms' inputs, some mutations. The dashboard's tabs
 *   and the organization's pages load it; a first visit to a landing page does not;
 * - `shared`: everything else two or more lazily loaded chunks share (components, api, contract, a
 *   feature's own helpers, libraries) that the entry does not already load.
 * Left to itself, Rolldown makes a chunk of each shared component, and the dashboards page needed
 * ten files. Modules the entry imports statically stay where they are, so the first-load JS does not
 * grow.
 */
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;
type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/**
 * The pages that edit (forms on their first screen): every other page of the routes loads no
 * `forms`, so a component only these pages and the dialogs use goes there, whatever its name.
 */
const EDITING_PAGES = [
  'src/features/dashboard-detail/overview-tab.tsx',
  'src/features/dashboard-detail/sharing-tab.tsx',
  'src/features/project-settings/',
];
/** The pages that list dashboards in a virtualized table, with selection and bulk actions. */
const LIST_PAGES = ['src/features/dashboards/dashboards-page.tsx', 'src/features/organization/'];
/** The list page whose first draw decides what goes in `lists`. */
const FIRST_LIST_PAGE = 'src/features/dashboards/dashboards-page.tsx';
/**
 * The pages a visit usually lands on first (Connect, the connected home and a project's dashboards). What
 * of src/api and src/contract they do not import statically (the access answers and verdicts, the
 * collaborators' and sharing's answers, the mutations) goes in `page-data`, not in `shared`, which
 * these pages load: a first visit does not download what only other pages read.
 */
const LANDING_PAGES = ['src/features/connect/connect-page.tsx', 'src/features/projects/projects-page.tsx', 'src/features/dashboards/dashboards-page.tsx'];
/** Libraries the pages share (the rest of node_modules is the entry's or a single page's). */
const LIBRARIES = ['@tanstack', 'react', 'react-dom', 'react-router', 'scheduler', 'zod'].map((name) => `node_modules/${name}/`);
/**
 * A module of the entry's static graph is one the entry might load (a library's index names every
 * file): the few such files that are only ever loaded with a page.
 */
const ONLY_WITH_PAGES = [
  'node_modules/@tanstack/react-query/build/modern/useInfiniteQuery.js',
  'node_modules/@tanstack/query-core/build/modern/infiniteQueryObserver.js',
  // The organization's pages combine one entry per project.
  'node_modules/@tanstack/react-query/build/modern/useQueries.js',
  'node_modules/@tanstack/query-core/build/modern/queriesObserver.js',
];

export function routeChunks(root: string): CodeSplitting {
  const under = (folders: readonly string[]) => {
    const prefixes = folders.map((folder) => `${resolve(root, folder)}/`);
    return (id: string) => prefixes.some((prefix) => id.startsWith(prefix));
  };
  const inComponents = under(['src/components/']);
  const inActivity = under(['src/features/activity/']);
  const editing = (id: string) => EDITING_PAGES.some((path) => id === resolve(root, path) || id.startsWith(`${resolve(root, path)}/`));
  const sharable = under(['src/components/', 'src/api/', 'src/contract/', 'src/features/', ...LIBRARIES]);
  const onlyWithPages = new Set(ONLY_WITH_PAGES.map((file) => resolve(root, file)));
  const listPage = (id: string) => LIST_PAGES.some((path) => id === resolve(root, path) || id.startsWith(`${resolve(root, path)}/`));

  const closure = (starts: Iterable<string>, info: ModuleInfoOf) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const imported of info(id)?.importedIds ?? []) visit(imported);
    };
    for (const start of starts) visit(start);
    return seen;
  };
  let entryModules: Set<string> | undefined;
  let readingModules: Set<string> | undefined;
  const loadedByEntry = (id: string, info: ModuleInfoOf) => {
    entryModules ??= closure([resolve(root, 'src/main.tsx')], info);
    return entryModules.has(id) && !onlyWithPages.has(id);
  };
  /** Reached through static imports from a page that does not edit (a module the routes load on demand). */
  const usedByReadingPages = (id: string, info: ModuleInfoOf) => {
    const pages = ['src/app/route-data.ts', 'src/app/routes.tsx'].flatMap((file) => info(resolve(root, file))?.dynamicallyImportedIds ?? []);
    readingModules ??= closure(pages.filter((page) => !editing(page)), info);
    return readingModules.has(id);
  };
  let outsideListModules: Set<string> | undefined;
  /** Reached from the entry through static and lazy imports without passing through a list page. */
  const usedOutsideLists = (id: string, info: ModuleInfoOf) => {
    if (!outsideListModules) {
      const seen = new Set<string>();
      const visit = (module: string) => {
        if (seen.has(module) || listPage(module)) return;
        seen.add(module);
        const moduleInfo = info(module);
        for (const imported of [...(moduleInfo?.importedIds ?? []), ...(moduleInfo?.dynamicallyImportedIds ?? [])]) visit(imported);
      };
      visit(resolve(root, 'src/main.tsx'));
      outsideListModules = seen;
    }
    return outsideListModules.has(id);
  };
  let firstListModules: Set<string> | undefined;
  /** Reached through static imports from the project's Dashboards page: needed for its first draw. */
  const drawsFirstList = (id: string, info: ModuleInfoOf) => {
    firstListModules ??= closure([resolve(root, FIRST_LIST_PAGE)], info);
    return firstListModules.has(id);
  };
  let landingModules: Set<string> | undefined;
  /** Reached through static imports from a landing page (LANDING_PAGES). */
  const usedByLandingPages = (id: string, info: ModuleInfoOf) => {
    landingModules ??= closure(LANDING_PAGES.map((page) => resolve(root, page)), info);
    return landingModules.has(id);
  };
  const inData = under(['src/api/', 'src/contract/']);
  const infoOf = (context: { getModuleInfo: ModuleInfoOf }): ModuleInfoOf => (module) => context.getModuleInfo(module);

  return {
    // Only the modules named here: their imports (React, the entry's modules) stay where they are.
    includeDependenciesRecursively: false,
    groups: [
      { name: 'react-dom', test: under(['node_modules/react-dom/', 'node_modules/scheduler/']), priority: 3 },
      {
        name: (id, context) => (loadedByEntry(id, infoOf(context)) ? 'first' : null),
        minShareCount: 2,
        priority: 2,
      },
      {
        name: (id, context) => (loadedByEntry(id, infoOf(context)) || usedByReadingPages(id, infoOf(context)) ? null : 'forms'),
        test: inComponents,
        minShareCount: 2,
        priority: 1,
      },
      {
        name: (id, context) => (loadedByEntry(id, infoOf(context)) ? null : 'activity'),
        test: inActivity,
        minShareCount: 2,
        priority: 1,
      },
      {
        name: (id, context) => {
          if (loadedByEntry(id, infoOf(context)) || usedOutsideLists(id, infoOf(context))) return null;
          return drawsFirstList(id, infoOf(context)) ? 'lists' : 'list-tools';
        },
        test: sharable,
        minShareCount: 2,
        priority: 1,
      },
      {
        name: (id, context) => (loadedByEntry(id, infoOf(context)) || usedByLandingPages(id, infoOf(context)) ? null : 'page-data'),
        test: inData,
        minShareCount: 2,
      },
      {
        name: (id, context) => (loadedByEntry(id, infoOf(context)) ? null : 'shared'),
        test: sharable,
        minShareCount: 2,
      },
    ],
  };
}
