/**
 * `Copy to project`: the dashboard as it is now becomes a template, created in a project of the
 * organization (`create_from_template_json`) in one step, with its progress shown. Loaded on demand.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { refusal, useAuthorization } from '../../../api/access/authorization.ts';
import { useCopyDashboardToProject } from '../../../api/resources/dashboards/dashboard-mutations.ts';
import { dashboardDisplayName } from '../../../api/resources/dashboards/dashboards.ts';
import { flattenPages } from '../../../api/client/pagination.ts';
import { projectQueries } from '../../../api/resources/projects.ts';
import type { ProjectId } from '../../../api/client/query-keys.ts';
import { RecordComboboxField } from '../../../components/combobox/combobox-field.tsx';
import { Dialog, DialogCancelButton } from '../../../components/dialog/dialog.tsx';
import { ActionError } from '../../../components/feedback/error-state.tsx';
import { TextField } from '../../../components/form/field.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import { charLength } from '../../../contract/inputs.ts';
import type { Dashboard } from '../../../contract/schemas.ts';
import './portability.css';
import { choicesOf } from '../server-options.ts';
import { useDebounced } from '../../../components/form/use-debounced.ts';
import { useRecordCombobox } from '../../../components/combobox/use-combobox.ts';

export interface CopyToProjectDialogProps {
  projectId: ProjectId;
  dashboard: Dashboard;
  onClose: () => void;
}

const NAME_MAX = 400;
const steps = { export: 1, import: 2 } as const;

export default function CopyToProjectDialog({ projectId, dashboard, onClose }: CopyToProjectDialogProps) {
  const sourceName = dashboardDisplayName(dashboard);
  const [name, setName] = useState(`Copy of ${sourceName}`);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ destination?: string; name?: string }>({});
  const [step, setStep] = useState<keyof typeof steps | null>(null);
  const copy = useCopyDashboardToProject(projectId);
  const toast = useToast();
  const navigate = useNavigate();
  const { facts } = useAuthorization({ projectId });

  const search = useDebounced(typed);
  const projects = useInfiniteQuery(projectQueries.list(search));
  const { items } = flattenPages(projects.data);
  const field = useRecordCombobox({
    options: choicesOf(items, (project) => project.name),
    onSearch: (text) => {
      setTyped(text);
      setErrors((current) => ({ ...current, destination: undefined }));
      copy.reset();
    },
  });
  const destination = field.chosen;
  const destinationText = field.text;
  const destinationLabel = destination?.label ?? '';
  // The key may not write there (scope, projects it is limited to, production's session-only rule).
  const refused = destination ? refusal('importDashboard', { ...facts, projectId: String(destination.id) }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!destination) {
      found.destination = destinationText.trim()
        ? `No project is called “${destinationText.trim()}”: pick one from the list.`
        : 'Choose the project to copy the dashboard to.';
    }
    if (charLength(name.trim()) > NAME_MAX) found.name = `Ensure this field has no more than ${NAME_MAX} characters.`;
    setErrors(found);
    if (!destination || found.name || refused) return;
    const copyName = name.trim();
    copy.mutate(
      { dashboardId: dashboard.id, destinationProjectId: destination.id, name: copyName, onStep: setStep },
      {
        onSuccess: (created) => {
          onClose();
          toast.success(`Copied “${sourceName}” to ${destinationLabel} as “${dashboardDisplayName(created)}”.`, {
            action: {
              label: 'Open copy',
              onClick: () => navigate(`/projects/${destination.id}/dashboards/${created.id}`),
            },
          });
        },
        onSettled: () => setStep(null),
      },
    );
  };

  const close = () => {
    if (!copy.isPending) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      title="Copy to project"
      description={`Creates a copy of “${sourceName}” (its tiles, text, layouts, colours, filters and tags) in another project of the organization.`}
      dirty={destinationText !== '' || name !== `Copy of ${sourceName}`}
      hideCloseButton={copy.isPending}
    >
      <form onSubmit={submit} noValidate>
        <RecordComboboxField
          label="Destination project"
          hint="Type to search the organization's projects."
          noun="project"
          required
          face={field}
          error={errors.destination ?? refused}
          disabled={copy.isPending}
        />
        <TextField
          label="Name"
          autoComplete="off"
          value={name}
          error={errors.name}
          disabled={copy.isPending}
          hint="Left empty, the copy shows as “Untitled dashboard”."
          onChange={(event) => setName(event.target.value)}
        />
        <ActionError error={copy.error} prefix="Could not copy the dashboard:" />
        {copy.isPending && step && (
          <div className="copy-progress">
            <progress aria-label="Copy progress" max={2} value={steps[step] - 1} />
            <p className="field-hint" role="status">
              {step === 'export'
                ? `Step 1 of 2: reading “${sourceName}”…`
                : `Step 2 of 2: creating the copy in ${destinationLabel}…`}
            </p>
          </div>
        )}
        <div className="button-row dialog-actions">
          <DialogCancelButton disabled={copy.isPending} />
          <button
            type="submit"
            className="button button-primary"
            disabled={copy.isPending || refused !== null}
            aria-busy={copy.isPending || undefined}
          >
            Copy dashboard
          </button>
        </div>
      </form>
    </Dialog>
  );
}
