/**
 * `/projects/:projectId/activity`: the project's activity log (API.md §6.3), newest first, cursor
 * paged, with `What` (`?what=settings|dashboards`) and `Person` (`?person=<user id>`) in the URL,
 * and `Restore` on a deleted dashboard's entry.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { activityQueries, refreshActivityLog, type ActivityLogFilters } from '../../api/resources/activity.ts';
import { useAuthorization } from '../../api/access/authorization.ts';
import { useRestoreDashboard } from '../../api/resources/dashboards/dashboard-mutations.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../../api/organization/about.ts';
import { personName } from '../../api/organization/person-name.ts';
import { projectQueries } from '../../api/resources/projects.ts';
import { Button } from '../../components/button/button.tsx';
import { projectProblem, ProjectUnavailable } from '../../components/project/project-unavailable.tsx';
import { useToast } from '../../components/feedback/toast.tsx';
import type { ActivityEntry } from '../../contract/schemas.ts';
import { activityFiltersFromSearchParams, readPerson, readWhat } from './activity-filters.ts';
import { ActivityList } from './activity-list.tsx';
import { itemName } from './activity-text.ts';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

function RestoreButton({ projectId, entry }: { projectId: string; entry: ActivityEntry }) {
  const restore = useRestoreDashboard(projectId);
  const toast = useToast();
  const name = itemName(entry);
  const refusal = useAuthorization({ projectId }).refusal('restoreDashboard');
  return (
    <Button
      className="button button-small"
      unavailableReason={refusal}
      pending={restore.isPending}
      onClick={() =>
        restore.mutate(entry.item_id!, {
          onSuccess: () => toast.success(`Restored “${name}”.`),
          onError: (error) => toast.error(error, { prefix: `Could not restore “${name}”:` }),
        })
      }
    >
      Restore
    </Button>
  );
}

export default function ActivityPage() {
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const what = readWhat(params.get('what'));
  const person = readPerson(params.get('person'));
  const project = useQuery(projectQueries.detail(projectId));
  useDocumentTitle('Activity');
  const { refusal } = useAuthorization({ projectId });
  const membersRefusal = refusal('readMembers');
  // The project's organization: its members name the people of its activity.
  const members = useOrganizationMembers(useOrganizationAbout({ projectId, organization: project.data?.organization }), membersRefusal === null);
  const queryClient = useQueryClient();
  const ids = { what: useId(), person: useId(), personHint: useId() };
  const filters: ActivityLogFilters = activityFiltersFromSearchParams(params);
  // The list's own query (the same cache entry): its nested path tells an unknown project (404) from another organization's (403).
  const log = useInfiniteQuery(activityQueries.log(projectId, filters));
  const problem = projectProblem(log.error) ?? (log.isPending ? null : projectProblem(project.error, { projectPath: true }));

  const setFilter = (name: 'what' | 'person', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const personHint = membersRefusal ?? (members.isError ? 'Could not load the members of the organization.' : null);

  if (problem) return <ProjectUnavailable problem={problem} error={log.error ?? project.error} projectId={projectId} />;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Activity</h1>
          {project.data && <p className="lead">{project.data.name}</p>}
        </div>
        <button
          type="button"
          className="button"
          onClick={() => void refreshActivityLog(queryClient, projectId)}
        >
          Refresh
        </button>
      </div>
      <div className="activity-filters" role="group" aria-label="Filters">
        <div className="field">
          <label htmlFor={ids.what}>What</label>
          <select id={ids.what} value={what} onChange={(event) => setFilter('what', event.target.value)}>
            <option value="">Everything</option>
            <option value="settings">Project settings</option>
            <option value="dashboards">Dashboards</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.person}>Person</label>
          <select
            id={ids.person}
            value={person ?? ''}
            disabled={membersRefusal !== null}
            aria-describedby={personHint ? ids.personHint : undefined}
            onChange={(event) => setFilter('person', event.target.value)}
          >
            <option value="">Everyone</option>
            {person && !members.data?.some((m) => String(m.user.id) === person) && (
              <option value={person}>User {person}</option>
            )}
            {members.data?.map((member) => (
              <option key={member.id} value={String(member.user.id)}>
                {personName(member.user)}
              </option>
            ))}
          </select>
          {personHint && (
            <p id={ids.personHint} className="field-hint">
              {personHint}
            </p>
          )}
        </div>
      </div>
      <ActivityList
        key={`${what}-${person ?? ''}`}
        projectId={projectId}
        filters={filters}
        emptyTitle={what || person ? 'No activity matches these filters' : 'No activity yet'}
        emptyText={
          what || person
            ? 'Choose Everything and Everyone to see every change.'
            : 'Changes to this project and its dashboards appear here as they happen.'
        }
        deletedAction={(entry) => <RestoreButton projectId={projectId} entry={entry} />}
      />
    </>
  );
}
