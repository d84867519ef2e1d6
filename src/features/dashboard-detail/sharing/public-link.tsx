/**
 * Sharing, the public link: the link with `Copy link` and `Open`, its access token (hidden by default,
 * CONSOLE.md) with `Show token` and `Copy token`, and `Rotate link`. The token is the last part of the
 * link, and the page says so plainly: it is not a second secret. The two rows share one grid, so their
 * fields and buttons line up.
 */
import { useId, useState } from 'react';
import { publicLink, useRefreshSharing } from '../../../api/resources/sharing.ts';
import { useConnectionState } from '../../../api/runtime/use-runtime.ts';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog.tsx';
import { CopyButton } from '../../../components/button/copy-button.tsx';
import { Button } from '../../../components/button/button.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import type { SharingConfiguration } from '../../../contract/dashboard-sharing.ts';
import './public-link.css';

export interface PublicLinkProps {
  projectId: string;
  dashboardId: string;
  sharing: SharingConfiguration;
  rotateReason: string | null;
}

export function PublicLink({ projectId, dashboardId, sharing, rotateReason }: PublicLinkProps) {
  const toast = useToast();
  const refresh = useRefreshSharing(projectId, dashboardId);
  const [tokenShown, setTokenShown] = useState(false);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const ids = { link: useId(), token: useId(), tokenHint: useId() };
  const token = sharing.access_token;
  const host = useConnectionState().connection?.host ?? '';

  if (!token) {
    return <p className="notice notice-warning">The API sent no access token for this dashboard, so there is no public link to show.</p>;
  }
  const link = publicLink(token, host);

  return (
    <>
      <div className="public-link-grid">
        <label className="public-link-label" htmlFor={ids.link}>
          Public link
        </label>
        <input id={ids.link} type="text" readOnly value={link} onFocus={(event) => event.target.select()} />
        <CopyButton text={link} label="Copy link">
          Copy link
        </CopyButton>
        <a className="button button-small" href={link} target="_blank" rel="noopener noreferrer" aria-label="Open the public link in a new tab">
          Open
        </a>

        <label className="public-link-label" htmlFor={ids.token}>
          Access token
        </label>
        <p id={ids.tokenHint} className="field-hint public-link-label">
          The token is the last part of the public link above, after <code>/shared/</code>, so the link shows it too: anyone
          who has the link has the token. It is here on its own for tools that ask for the token alone. Rotate link
          replaces both.
        </p>
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

      <div className="button-row">
        <Button
          className="button button-danger"
          unavailableReason={rotateReason}
          onClick={() => {
            refresh.reset();
            setConfirmRotate(true);
          }}
        >
          Rotate link
        </Button>
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
