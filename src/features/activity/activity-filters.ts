/** The Activity page's filters in the URL: `?what=settings|dashboards` and `?person=<user id>`. */
import type { ActivityLogFilters } from '../../api/resources/activity.ts';

/** `What` → the log's `scope` (project settings are production's `Team` entries). */
export const whatScopes = { settings: 'Team', dashboards: 'Dashboard' } as const;
export type What = keyof typeof whatScopes | '';

export const readWhat = (value: string | null): What => (value === 'settings' || value === 'dashboards' ? value : '');
export const readPerson = (value: string | null): string | null => (value && /^\d+$/.test(value) ? value : null);

export function activityFiltersFromSearchParams(params: URLSearchParams): ActivityLogFilters {
  const what = readWhat(params.get('what'));
  return { scope: what ? whatScopes[what] : null, itemId: null, user: readPerson(params.get('person')) };
}
