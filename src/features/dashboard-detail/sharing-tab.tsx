/**
 * Sharing: public sharing on or off, the public link and its access token, rotating the link (the
 * old one keeps working for 5 more minutes), and password protection.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { publicLink, sharingQueries, useRefreshSharing, useUpdateSharing } from '../../api/sharing.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ActionError, ErrorState } from '../../components/error-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { Switch } from '../../components/switch.tsx';
import { useToast } from '../../components/toast.tsx';
import type { SharingConfiguration } from '../../contract/schemas.ts';
import { useDashboardOutlet } from './dashboard-outlet.ts';
import { formatDateTime } from './format.ts';
import { useDashboardPermissions } from '../../api/authorization.ts';
import { ReasonedButton } from '../../components/reasoned-button.tsx';
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

interface PublicLinkProps {
  projectId: string;
  dashboardId: string;
  sharing: SharingConfiguration;
  rotateReason: string | null;
}

function PublicLink({ projectId, dashboardId, sharing, rotateReason }: PublicLinkProps) {
  const toast = useToast();
  const refresh = useRefreshSharing(projectId, dashboardId);
  const [tokenShown, setTokenShown] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const ids = { link: useId(), token: useId(), tokenHint: useId() };
  const token = sharing.access_token;

  if (!token) {
    return <p className="notice notice-warning">The API sent no access token for this dashboard, so there is no public link to show.</p>;
  }
  const link = publicLink(token);

  return (
    <>
      <div className="field">
        <label htmlFor={ids.link}>Public link</label>
        <div className="input-with-button">
          <input id={ids.link} type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
          <CopyButton text={link} label="Copy link">
            Copy link
          </CopyButton>
          <a
            className="button button-small"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open the public link in a new tab"
          >
            Open
          </a>
        </div>
      </div>

      <div className="field">
        <label htmlFor={ids.token}>Access token</label>
        <p id={ids.tokenHint} className="field-hint">
          The last part of the link. Anyone who has it can view the dashboard.
        </p>
        <div className="input-with-button">
          <input
            id={ids.token}
            type={tokenShown ? 'text' : 'password'}
            readOnly
            value={token}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={ids.tokenHint}
          />
          <button type="button" className="button button-small" onClick={() => setTokenShown((shown) => !shown)}>
            {tokenShown ? 'Hide token' : 'Show token'}
          </button>
          <CopyButton text={token} label="Copy token">
            Copy token
          </CopyButton>
        </div>
      </div>

      <div className="button-row">
        <ReasonedButton
          className="button button-danger"
          disabledReason={rotateReason}
          onClick={() => {
            refresh.reset();
            setConfirmRotate(true);
          }}
        >
          Rotate link
        </ReasonedButton>
      </div>

      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the public link?"
        message={
          <p>
            A new link is made, which you can share again. The old link keeps working for 5 more minutes, then stops:
            anyone who has only the old link loses access.
          </p>
        }
        confirmLabel="Rotate link"
        destructive
        pending={refresh.isPending}
        error={refresh.error}
        onCancel={() => setConfirmRotate(false)}
        onConfirm={() =>
          refresh.mutate(undefined, {
            onSuccess: () => {
              setConfirmRotate(false);
              toast.success('The public link was rotated. The old link works for 5 more minutes, then stops.');
            },
          })
        }
      />
    </>
  );
}
