// Part of `npm run lint`: each probe below breaks one rule of eslint.config.js (the import boundaries, a
// raw `aria-disabled` in a feature instead of components/button/button.tsx, `document.title` set outside
// components/layout/document-title.tsx, a clickable <div> that jsx-a11y refuses) and must be refused by ESLint, in a folder and in its subfolders (components/table/, mock/rules/dashboards/, …). A probe is linted as if it were the file at `path` (nothing is
// written to src/), so a rule that stops working shows up here instead of in review.
import { ESLint } from 'eslint';

const sibling = 'dashboards/new-dashboard-form.ts';
const probes = [
  { name: 'feature → sibling feature, ../x/y', path: 'src/features/projects/probe.ts', code: `import { emptyDraft } from '../${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'feature → sibling feature, ../../features/x/y', path: 'src/features/projects/probe.ts', code: `import { emptyDraft } from '../../features/${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'feature → sibling feature, dynamic import()', path: 'src/features/projects/probe.ts', code: `export const probe = () => import('../${sibling}');\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'feature → sibling feature, re-export', path: 'src/features/projects/probe.ts', code: `export { emptyDraft } from '../${sibling}';\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'feature → sibling feature, alias', path: 'src/features/projects/probe.ts', code: `import { emptyDraft } from '@/features/${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'no-restricted-imports' },
  { name: 'computed import()', path: 'src/features/projects/probe.ts', code: `const where = '../${sibling}';\nexport const probe = () => import(where);\n`, rule: 'no-restricted-syntax' },
  { name: 'components → api', path: 'src/components/probe.ts', code: `import { isApiError } from '../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'components → feature', path: 'src/components/probe.ts', code: `export const probe = () => import('../features/${sibling}');\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api → feature', path: 'src/api/resources/probe.ts', code: `import { emptyDraft } from '../../features/${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'contract → api', path: 'src/contract/probe.ts', code: `import { isApiError } from '../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock → api', path: 'src/mock/probe.ts', code: `import { isApiError } from '../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules → msw', path: 'src/mock/rules/probe.ts', code: `import { HttpResponse } from 'msw';\nexport const probe = () => HttpResponse.json({});\n`, rule: 'no-restricted-imports' },
  { name: 'mock rules → Response', path: 'src/mock/rules/probe.ts', code: `export const probe = () => new Response(null, { status: 404 });\n`, rule: 'no-restricted-globals' },
  { name: 'mock rules → handlers', path: 'src/mock/rules/probe.ts', code: `import { problems } from '../handlers/problem.ts';\nexport const probe = problems.notFound;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api → cold start', path: 'src/api/resources/probe.ts', code: `import { startColdStart } from '../../app/cold-start/index.ts';\nexport const probe = startColdStart;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api/client/http.ts → cold start, dynamic import()', path: 'src/api/client/http.ts', code: `export const probe = () => import('../../app/cold-start/index.ts');\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'cold start → api past the runtime', path: 'src/app/cold-start/probe.ts', code: `import { apiRequest } from '../../api/client/http.ts';\nexport const probe = apiRequest;\n`, rule: 'import-x/no-restricted-paths' },
  // Inside api/: resources, access, bulk → client → runtime, never back; features reach only public modules.
  { name: 'api/runtime → api/client', path: 'src/api/runtime/probe.ts', code: `import { isApiError } from '../client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api/client → api/resources', path: 'src/api/client/probe.ts', code: `import { projectQueries } from '../resources/projects.ts';\nexport const probe = projectQueries;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api/client → api/access, type only', path: 'src/api/client/probe.ts', code: `import type { Action } from '../access/authorization.ts';\nexport type Probe = Action;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'feature → an api internal', path: 'src/features/projects/probe.ts', code: `import { createRequestPool } from '../../api/bulk/request-pool.ts';\nexport const probe = createRequestPool;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'app → mock', path: 'src/app/probe.ts', code: `export const probe = () => import('../mock/serve/browser.ts');\n`, rule: 'import-x/no-restricted-paths' },
  // error-state.tsx imports error-text.ts: error-text.ts importing it back closes a cycle.
  { name: 'import cycle', path: 'src/components/feedback/error-text.ts', code: `import { ActionError } from './error-state.tsx';\nexport const probe = ActionError;\n`, rule: 'import-x/no-cycle' },
  { name: 'raw aria-disabled in a feature', path: 'src/features/projects/probe.tsx', code: `export const Probe = ({ busy }: { busy: boolean }) => <button type="button" aria-disabled={busy}>Go</button>;\n`, rule: 'no-restricted-syntax' },
  { name: 'document.title set by hand in a component', path: 'src/components/probe.tsx', code: `export const probe = () => { document.title = 'Probe'; };\n`, rule: 'no-restricted-syntax' },
  { name: 'document.title set by hand in a feature', path: 'src/features/projects/probe.tsx', code: `export const probe = () => { document.title = 'Probe'; };\n`, rule: 'no-restricted-syntax' },
  // jsx-a11y's recommended rules on the React code (eslint-plugin-jsx-a11y-x).
  { name: 'a clickable <div> with no key listener', path: 'src/components/probe.tsx', code: `export const Probe = ({ go }: { go: () => void }) => <div onClick={go}>Go</div>;\n`, rule: 'jsx-a11y-x/click-events-have-key-events' },
  // DESIGN.md rule 5: query keys come only from the factories of src/api/ (Go to once cached a page under the lists' root).
  { name: 'a queryKey written in a feature', path: 'src/features/go-to/probe.ts', code: `import { queryOptions } from '@tanstack/react-query';\nexport const probe = queryOptions({ queryKey: ['dashboards', '1', 'list', 'go-to'], queryFn: () => 1 });\n`, rule: 'no-restricted-syntax' },
  { name: 'a queryKey written in app/', path: 'src/app/probe.ts', code: `import type { QueryClient } from '@tanstack/react-query';\nexport const probe = (client: QueryClient) => client.invalidateQueries({ queryKey: ['dashboards'] });\n`, rule: 'no-restricted-syntax' },
  { name: 'a key root in a feature', path: 'src/features/activity/probe.ts', code: `import { keyRoots } from '../../api/client/query-keys.ts';\nexport const probe = keyRoots.mock;\n`, rule: 'no-restricted-syntax' },
  // The subfolders of each zone (the layout of issue 46): a rule set on a folder holds in its subfolders too.
  { name: 'components/table → api', path: 'src/components/table/probe.ts', code: `import { isApiError } from '../../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'components/dialog → feature', path: 'src/components/dialog/probe.ts', code: `export const probe = () => import('../../features/${sibling}');\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'components/form → app', path: 'src/components/form/probe.ts', code: `import { whenIdle } from '../../app/when-idle.ts';\nexport const probe = whenIdle;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'document.title set by hand in components/feedback', path: 'src/components/feedback/probe.tsx', code: `export const probe = () => { document.title = 'Probe'; };\n`, rule: 'no-restricted-syntax' },
  { name: 'feature tab → sibling feature', path: 'src/features/dashboard-detail/access/probe.ts', code: `import { emptyDraft } from '../../${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'raw aria-disabled in a feature tab', path: 'src/features/dashboard-detail/sharing/probe.tsx', code: `export const Probe = ({ busy }: { busy: boolean }) => <button type="button" aria-disabled={busy}>Go</button>;\n`, rule: 'no-restricted-syntax' },
  { name: 'app/shell → mock', path: 'src/app/shell/probe.ts', code: `export const probe = () => import('../../mock/serve/browser.ts');\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'a queryKey written in app/routes', path: 'src/app/routes/probe.ts', code: `import type { QueryClient } from '@tanstack/react-query';\nexport const probe = (client: QueryClient) => client.invalidateQueries({ queryKey: ['dashboards'] });\n`, rule: 'no-restricted-syntax' },
  { name: 'contract/operations → api', path: 'src/contract/operations/probe.ts', code: `import { isApiError } from '../../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api/resources/dashboards → feature', path: 'src/api/resources/dashboards/probe.ts', code: `import { emptyDraft } from '../../../features/${sibling}';\nexport const probe = emptyDraft;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'api/resources/dashboards → cold start', path: 'src/api/resources/dashboards/probe.ts', code: `import { startColdStart } from '../../../app/cold-start/index.ts';\nexport const probe = startColdStart;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock/store → api', path: 'src/mock/store/probe.ts', code: `import { isApiError } from '../../api/client/http.ts';\nexport const probe = isApiError;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock/serve → components', path: 'src/mock/serve/probe.ts', code: `import { csvRow } from '../../components/table/csv.ts';\nexport const probe = csvRow;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules → serve', path: 'src/mock/rules/probe.ts', code: `import { startMockServer } from '../serve/server.ts';\nexport const probe = startMockServer;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules → store persistence', path: 'src/mock/rules/probe.ts', code: `import * as persist from '../store/persist.ts';\nexport const probe = persist;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules → worlds', path: 'src/mock/rules/probe.ts', code: `import * as worlds from '../store/worlds.ts';\nexport const probe = worlds;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules/dashboards → msw', path: 'src/mock/rules/dashboards/probe.ts', code: `import { HttpResponse } from 'msw';\nexport const probe = () => HttpResponse.json({});\n`, rule: 'no-restricted-imports' },
  { name: 'mock rules/dashboards → Response', path: 'src/mock/rules/dashboards/probe.ts', code: `export const probe = () => new Response(null, { status: 404 });\n`, rule: 'no-restricted-globals' },
  { name: 'mock rules/dashboards → handlers', path: 'src/mock/rules/dashboards/probe.ts', code: `import { problems } from '../../handlers/problem.ts';\nexport const probe = problems.notFound;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'mock rules/dashboards → serve', path: 'src/mock/rules/dashboards/probe.ts', code: `import { startMockServer } from '../../serve/server.ts';\nexport const probe = startMockServer;\n`, rule: 'import-x/no-restricted-paths' },
  { name: 'classic zod', path: 'src/contract/probe.ts', code: `import { z } from 'zod';\nexport const probe = z;\n`, rule: 'no-restricted-imports' },
];

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const failures = [];
for (const probe of probes) {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.path });
  const rules = (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId);
  if (!rules.includes(probe.rule)) failures.push(`${probe.name} (${probe.path}): expected ${probe.rule}, got ${rules.join(', ') || 'no error'}`);
}
// And a clean file in the same places passes, so the probes fail for their import and nothing else.
const [clean] = await eslint.lintText(`import { emptyDraft } from './new-dashboard-form.ts';\nexport const probe = emptyDraft;\n`, {
  filePath: 'src/features/dashboards/probe.ts',
});
if (clean?.errorCount) failures.push(`an allowed import was refused: ${clean.messages.map((m) => m.ruleId).join(', ')}`);
// A factory's key read in a feature, and a key written in src/api/, pass.
const [factoryKey] = await eslint.lintText(
  `import type { QueryClient } from '@tanstack/react-query';\nimport { dashboardQueries } from '../../api/resources/dashboards/dashboards.ts';\nexport const probe = (client: QueryClient) => client.getQueryData(dashboardQueries.detail(1, 2).queryKey);\n`,
  { filePath: 'src/features/go-to/probe.ts' },
);
if (factoryKey?.errorCount) failures.push(`a factory's key read in a feature was refused: ${factoryKey.messages.map((m) => m.ruleId).join(', ')}`);
const [apiKey] = await eslint.lintText(
  `import { queryOptions } from '@tanstack/react-query';\nexport const probe = queryOptions({ queryKey: ['probe'] as const, queryFn: () => 1 });\n`,
  { filePath: 'src/api/resources/probe.ts' },
);
if (apiKey?.errorCount) failures.push(`a key written in src/api/ was refused: ${apiKey.messages.map((m) => m.ruleId).join(', ')}`);

if (failures.length) {
  console.error(`Import-boundary probes that ESLint did not refuse:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.info(`Import-boundary probes: all ${probes.length} refused.`);
