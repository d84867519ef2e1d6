/** Shared by the dashboard detail tests: seeded ids, direct API calls, and the requests the console sent. */
import type { RequestLogEntry } from '../../../src/api/runtime/request-log.ts';
import type { ConsoleRuntime } from '../../../src/api/runtime/runtime.ts';
import { seedIds } from '../../../src/mock/store/seed.ts';

export const project = seedIds.projects.app;
export const dashboards = seedIds.dashboards;
export const dashboardPath = (id: number, tab = '') => `/projects/${project}/dashboards/${id}${tab ? `/${tab}` : ''}`;
export const apiDashboardPath = (id: number, rest = '') => `/api/projects/${project}/dashboards/${id}/${rest}`;

/** A request to the mock as a key holder would send it, outside the console (another person's change). */
export async function apiSend(method: string, path: string, body: unknown, key = 'phx_demo_admin'): Promise<Response> {
  return fetch(new URL(path, window.location.origin), {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The console's requests with this method whose path starts with `path`, oldest first. */
export function sentRequests(runtime: ConsoleRuntime, method: string, path: string): RequestLogEntry[] {
  return runtime.requestLog.get()
    .filter((entry) => entry.method === method && entry.path.split('?')[0] === path)
    .reverse();
}

/** Loads the page's lazy chunks once per file, so the first test does not spend its wait on compiling them. */
export async function preloadDashboardDetail(): Promise<void> {
  await Promise.all([
    import('../../../src/features/dashboard-detail/dashboard-detail-page.tsx'),
    import('../../../src/features/dashboard-detail/overview/overview-tab.tsx'),
    import('../../../src/features/dashboard-detail/collaborators/collaborators-tab.tsx'),
    import('../../../src/features/dashboard-detail/sharing/sharing-tab.tsx'),
  ]);
}
