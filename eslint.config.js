// Lint rules, including the one-way imports of DESIGN.md as zones (bulletproof-react's
// `no-restricted-paths`): app → features → components, api → contract; mock → contract; features never
// import each other. Zones compare RESOLVED files, so `../x/y`, `../../features/x/y.ts` and
// `import('../x/y.tsx')` are all caught; aliases are refused outright (the code imports by relative path).
// test/lint/boundary-probes.mjs (part of `npm run lint`) feeds a probe of each kind to ESLint and expects an error.
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import testingLibrary from 'eslint-plugin-testing-library';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

// zod's classic API is not tree-shakable (about 20 kB gzip in the entry chunk): the contract uses zod/mini.
const classicZod = { name: 'zod', message: "Import 'zod/mini' (the contract's flavour); classic zod bloats the bundle." };
const noAliases = {
  group: ['@/*', '~/*', '#*', 'src/*', '/src/*'],
  message: 'Import project files by relative path: the layer zones are checked on resolved paths.',
};
const packages = (files, group, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { paths: [classicZod], patterns: [noAliases, { group, message }] }] },
});

// A computed import() cannot be checked against the zones.
const computedImport = {
  selector: 'ImportExpression[source.type!="Literal"]',
  message: 'import() takes a string literal, so the layer zones can check it.',
};
const rawAriaDisabled = {
  selector: 'JSXAttribute[name.name="aria-disabled"]',
  message: "Use <Button> from components/button/button.tsx (pending, unavailableReason, inactive) instead of a raw aria-disabled.",
};
// DESIGN.md rule 5: a query key is written once, inside its resource's factory in src/api/. Outside it,
// `queryKey:` may only pass on a factory's key (`x.queryKey`, or a `{ queryKey }` taken from its options).
const queryKeyOutsideApi = {
  selector:
    'ObjectExpression > Property[key.name="queryKey"][shorthand=false]:not([value.type="MemberExpression"][value.property.name="queryKey"])',
  message: "Query keys come only from the factories in src/api/ (`xQueries.y(…).queryKey`, or a function there that does the work).",
};
const keyRootsOutsideApi = {
  selector: 'ImportSpecifier[imported.name="keyRoots"]',
  message: 'Key roots are for src/api/ only: ask a function there to refresh or update what it names.',
};

// The title says where the person is in one format (CONSOLE.md): pages set it with useDocumentTitle.
const handSetTitle = {
  selector: 'AssignmentExpression[left.object.name="document"][left.property.name="title"]',
  message: 'Set the title with useDocumentTitle (components/layout/document-title.tsx), the one place that writes it.',
};

const layers = ['app', 'features', 'components', 'api', 'contract', 'mock'];
/** A zone: files under `src/<layer>` may not import from `src/<x>` for every x in `forbidden`. */
const layerZone = (layer, forbidden, message) =>
  forbidden.map((from) => ({ target: `./src/${layer}`, from: `./src/${from}`, message }));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The parts of src/api that only src/api (and app/, which makes the runtime) imports: the runtime's
// storage, expiry, channel and store, the query client and declared changes, the scheduler (a page
// reaches it through a bulk run, bulk/runner.ts, which it hands to its run's state in components/),
// and the access keeper. Everything else in src/api is public to features.
const apiInternals = [
  ...['access-storage', 'connection-storage', 'connection-store', 'key-expiry', 'other-tabs', 'read-stored-connection', 'runtime', 'storage-keys', 'tab-channel'].map((name) => `runtime/${name}.ts`),
  ...['changes', 'query-client', 'session-only'].map((name) => `client/${name}.ts`),
  'bulk/request-pool.ts',
  'access/remember-access.ts',
  'access/key-access-queries.ts',
];

const zones = [
  ...layerZone('contract', layers.filter((l) => l !== 'contract'), 'contract/ imports only zod.'),
  ...layerZone('api', ['app', 'features', 'components', 'mock'], 'api/ imports only contract/.'),
  ...layerZone('components', ['app', 'features', 'api', 'mock'], 'components/ are shared UI without data fetching.'),
  ...layerZone('features', ['app', 'mock'], 'features/ never import app/ or the mock.'),
  ...layerZone('app', ['mock'], 'Only main.tsx starts the mock.'),
  // The cold start has one door (DESIGN.md): the API layer never reaches into it, and it reaches the
  // API layer only through the runtime it is handed (and the stored connection the page reads at load).
  {
    target: './src/api',
    from: './src/app/cold-start',
    message: 'The cold start has one door: src/api knows nothing of it; it hands the runtime a transport instead.',
  },
  {
    target: './src/app/cold-start',
    from: './src/api',
    except: ['./runtime/runtime.ts', './runtime/read-stored-connection.ts'],
    message: 'The cold start reaches the API layer only through the runtime it is handed (src/api/runtime/runtime.ts).',
  },
  // Inside api/ (DESIGN.md, "Layout"): resources/, access/, bulk/, organization/ and connect/ stand on
  // client/, and client/ on runtime/; never back.
  {
    target: './src/api/runtime',
    from: './src/api',
    except: ['./runtime'],
    message: 'api/runtime/ is the bottom floor: it imports nothing else of src/api.',
  },
  {
    target: './src/api/client',
    from: './src/api',
    except: ['./client', './runtime'],
    message: 'api/client/ imports only api/runtime/: resources, access, bulk, organization and connect stand on it.',
  },
  // Features import each folder's public modules only, never the parts behind them.
  {
    target: './src/features',
    from: apiInternals.map((file) => `./src/api/${file}`),
    message: 'A feature imports the public modules of src/api only: this one is a part behind them (see apiInternals in eslint.config.js).',
  },
  ...layerZone('mock', ['api', 'app', 'features', 'components'], 'mock/ imports only contract/.'),
  // The mock's domain rules know no HTTP: statuses, headers, URLs and transports live in handlers/ and above.
  // The store's records and db are domain data (rules read and write them); its persistence and worlds
  // are the transports' business, like serve/.
  ...['handlers', 'serve', 'index.ts', 'faults.ts', 'store/persist.ts', 'store/worlds.ts'].map((from) => ({
    target: './src/mock/rules',
    from: `./src/mock/${from}`,
    message: 'mock/rules/ holds domain rules only: HTTP lives in mock/handlers/.',
  })),
  // One zone per feature: everything under features/ but itself.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared pieces into components/ or api/.',
  })),
];

// A zone names folders and files by path: one that no longer exists (a file moved) guards nothing, silently.
const missing = zones.flatMap((zone) => [zone.target, ...[zone.from].flat()]).filter((path) => !existsSync(new URL(path, import.meta.url)));
if (missing.length > 0) throw new Error(`eslint.config.js: a layer zone names paths that do not exist: ${[...new Set(missing)].join(', ')}`);

export default tseslint.config(
  { ignores: ['dist', 'dist-demo', 'node_modules', 'public/mockServiceWorker.js', 'test/e2e/out', '.stryker-tmp*', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle reads the imported files too: TypeScript ones with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      'no-restricted-imports': ['error', { paths: [classicZod], patterns: [noAliases] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': ['error', { ignore: ['\\?(raw|url|worker)$'] }],
      'no-restricted-syntax': ['error', computedImport, queryKeyOutsideApi, keyRootsOutsideApi, handSetTitle],
    },
  },
  { files: ['src/api/**/*.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', computedImport, handSetTitle] } },
  // The one place that writes document.title.
  {
    files: ['src/components/layout/document-title.tsx'],
    rules: { 'no-restricted-syntax': ['error', computedImport, queryKeyOutsideApi, keyRootsOutsideApi] },
  },
  // Features say a control cannot act through components/button/button.tsx (`pending`, `unavailableReason`, `inactive`).
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', computedImport, rawAriaDisabled, queryKeyOutsideApi, keyRootsOutsideApi, handSetTitle],
    },
  },
  // The React code: jsx-a11y's recommended rules, from the flat-config fork `eslint-plugin-jsx-a11y-x`
  // (the original declares peer eslint only up to ^9; see docs/testing.md). A deliberate pattern the rules
  // misread (a roving tabindex, an aria-activedescendant combobox) is disabled on its line, with the reason.
  { files: ['src/**/*.tsx'], ...jsxA11y.configs.recommended },
  // The page tests: Testing Library's recommended rules for React.
  {
    files: ['test/{api,components,features,app}/**/*.{ts,tsx}', 'test/render.tsx', 'test/setup.ts'],
    ...testingLibrary.configs['flat/react'],
    // renderApp (render.tsx) is the page tests' render; a helper merely named render… is not one.
    settings: { 'testing-library/custom-renders': ['renderApp'] },
  },
  // The launcher imports the mock bundle it has just built, by its computed file URL.
  { files: ['src/mock/launch.mjs'], rules: { 'no-restricted-syntax': 'off' } },
  packages(['src/contract/**'], ['react', 'react-dom', 'msw', 'msw/*', '@tanstack/*'], 'contract/ imports only zod'),
  packages(['src/mock/**'], ['react', 'react-dom', '@tanstack/*'], 'mock/ imports only contract/'),
  packages(['src/mock/rules/**'], ['react', 'react-dom', '@tanstack/*', 'msw', 'msw/*', 'node:*'], 'mock/rules/ holds domain rules only: HTTP lives in mock/handlers/.'),
  {
    files: ['src/mock/rules/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Response', 'Request', 'Headers', 'fetch', 'URL'].map((name) => ({
          name,
          message: 'mock/rules/ holds domain rules only: statuses, headers and URLs live in mock/handlers/.',
        })),
      ],
    },
  },
);
