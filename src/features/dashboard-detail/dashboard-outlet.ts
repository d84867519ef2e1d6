/** What the dashboard detail page hands to its tabs through the router's outlet context. */
import { useOutletContext } from 'react-router-dom';
import type { Dashboard } from '../../contract/schemas.ts';

export interface DashboardOutletContext {
  projectId: string;
  dashboardId: string;
  dashboard: Dashboard;
  /** The project's dashboard list, where a deleted dashboard leads. */
  listPath: string;
  /** After a soft delete: leave for the list and offer Undo. */
  onDeleted: (name: string) => void;
}

/** Navigation state that tells the unsaved-changes guard a deleted dashboard is being left. */
export const AFTER_DELETE_STATE = { afterDashboardDelete: true } as const;

/** True for the navigation that leaves a dashboard just deleted: nothing is left to save. */
export const isAfterDelete = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Partial<typeof AFTER_DELETE_STATE>).afterDashboardDelete === true;

export function useDashboardOutlet(): DashboardOutletContext {
  return useOutletContext<DashboardOutletContext>();
}
