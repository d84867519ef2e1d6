/**
 * Sharing: public sharing on or off, the public link and its access token, rotating the link (the
 * old one keeps working for 5 more minutes), and password protection.
 */
import { useQuery } from '@tanstack/react-query';
import { sharingQueries, useUpdateSharing } from '../../../api/resources/sharing.ts';
import { ActionError, ErrorState } from '../../../components/feedback/error-state.tsx';
import { LoadingState } from '../../../components/feedback/loading-state.tsx';
import { Switch } from '../../../components/form/switch.tsx';
import { useDashboardOutlet } from '../dashboard-outlet.ts';
import { formatDateTime } from '../format.ts';
import { useDashboardPermissions } from '../../../api/access/dashboard-permissions.ts';
import { PublicLink } from './public-link.tsx';
import { SharePasswords } from './share-passwords.tsx';

export default function SharingTab() {
  const { projectId, dashboardId, dashboard } = useDashboardOutlet();
  const access = useDashboardPermissions(projectId, dashboard);
  const sharing = useQuery(sharingQueries.detail(projectId, dashboardId));
  const update = useUpdateSharing(projectId, dashboardId);

  return (
    <>
      <h2 className="visually-hidden">Sharing</h2>
      {sharing.isPending ? (
        <LoadingState label="Loading the sharing settings…" />
      ) : sharing.isError ? (
        <ErrorState title="Could not load the sharing settings" error={sharing.error} onRetry={() => void sharing.refetch()} />
      ) : (
        <section className="detail-section sharing-panel" aria-label="Public sharing">
          <Switch
            label="Share publicly"
            checked={sharing.data.enabled}
            disabled={access.share !== null}
            busy={update.isPending}
            hint={
              access.share ??
              (sharing.data.enabled
                ? 'Anyone with the link can view this dashboard, without an account.'
                : 'Off: only people in the project can see this dashboard. On: anyone with the link can view it.')
            }
            onChange={(enabled) => {
              update.reset();
              update.mutate(enabled);
            }}
          />
          {update.isPending && <p className="field-hint">Saving…</p>}
          <ActionError
            error={update.error}
            prefix={update.variables ? 'Could not turn sharing on:' : 'Could not turn sharing off:'}
            onDismiss={() => update.reset()}
          />
          {sharing.data.created_at && (
            <p className="muted">
              {sharing.data.enabled ? 'Shared since ' : 'Sharing was first set up on '}
              <time dateTime={sharing.data.created_at}>{formatDateTime(sharing.data.created_at)}</time>.
            </p>
          )}
          {sharing.data.enabled && (
            <PublicLink projectId={projectId} dashboardId={dashboardId} sharing={sharing.data} rotateReason={access.share} />
          )}
          <SharePasswords projectId={projectId} dashboardId={dashboardId} sharing={sharing.data} refusal={access.share} />
        </section>
      )}
    </>
  );
}
