/** Danger zone: reset the project API key (then show the new one) and delete the project (typed confirmation). */
import { useId, useState } from 'react';
import { useProjectPermissions } from '../../api/access/authorization.ts';
import { useDeleteProject, useResetProjectToken } from '../../api/resources/project-mutations.ts';
import type { Project } from '../../contract/schemas.ts';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { CopyButton } from '../../components/button/copy-button.tsx';
import { Button } from '../../components/button/button.tsx';

export interface DangerZoneProps {
  project: Project;
  /** After the API deleted the project. */
  onDeleted: (name: string) => void;
  onTokenReset: () => void;
}

export function DangerZone({ project, onDeleted, onTokenReset }: DangerZoneProps) {
  const headingId = useId();
  const permissions = useProjectPermissions(project.id, project);
  const newKeyId = useId();
  const [confirming, setConfirming] = useState<'reset' | 'delete' | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const reset = useResetProjectToken(project.id);
  const remove = useDeleteProject({ onDeleted: () => onDeleted(project.name) });

  const close = () => {
    setConfirming(null);
    reset.reset();
    remove.reset();
  };


  return (
    <section className="panel settings-section danger-zone" aria-labelledby={headingId}>
      <h2 id={headingId}>Danger zone</h2>

      <div className="danger-row">
        <div>
          <h3>Reset the project API key</h3>
          <p>Apps and sites that send events with the current key must be updated with the new one.</p>
        </div>
        <Button className="button button-danger" onClick={() => setConfirming('reset')} unavailableReason={permissions.resetToken}>
          Reset project API key
        </Button>
      </div>
      {newKey && (
        <div className="notice new-key" role="status">
          <label htmlFor={newKeyId}>New project API key</label>
          <div className="input-with-button">
            <input id={newKeyId} type="text" readOnly value={newKey} spellCheck={false} onFocus={(event) => event.target.select()} />
            <CopyButton text={newKey} label="Copy new project API key" />
          </div>
          <p className="field-hint">The old key no longer works.</p>
        </div>
      )}

      <div className="danger-row">
        <div>
          <h3>Delete this project</h3>
          <p>Its dashboards and its activity are deleted with it. This cannot be undone.</p>
        </div>
        <Button className="button button-danger" onClick={() => setConfirming('delete')} unavailableReason={permissions.deleteProject}>
          Delete project
        </Button>
      </div>

      <ConfirmDialog
        open={confirming === 'reset'}
        title="Reset project API key"
        message={
          <p>
            The current key of <strong>{project.name}</strong> stops working at once. Every app and site that sends
            events with it must be updated with the new key.
          </p>
        }
        confirmLabel="Reset key"
        destructive
        pending={reset.isPending}
        error={reset.error}
        onCancel={close}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (saved) => {
              setConfirming(null);
              setNewKey(saved.api_token);
              onTokenReset();
            },
          })
        }
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete project"
        message={
          <p>
            This deletes <strong>{project.name}</strong> with all its dashboards and its activity. It cannot be undone.
          </p>
        }
        confirmText={project.name}
        confirmFieldLabel="Type the project name to confirm"
        confirmLabel="Delete project"
        destructive
        pending={remove.isPending}
        error={remove.error}
        onCancel={close}
        onConfirm={() => remove.mutate(project.id)}
      />
    </section>
  );
}
