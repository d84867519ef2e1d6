/**
 * Overview's portability: `Export as template` downloads `<name>.json` (the template object that
 * `create_from_template_json` accepts) and `Copy to project` opens its dialog (loaded on demand).
 * Exporting needs only reads; copying needs the right to create dashboards in the destination.
 */
import { useId, useState } from 'react';
import { useAuthorization } from '../../../api/access/authorization.ts';
import { dashboardToTemplate, templateFileName, templateRefusal, templateText } from '../../../api/resources/dashboards/dashboard-template.ts';
import type { ProjectId } from '../../../api/client/query-keys.ts';
import { downloadText } from '../../../components/table/download.ts';
import { lazyComponent } from '../../../components/layout/lazy-component.tsx';
import { Button } from '../../../components/button/button.tsx';
import { useToast } from '../../../components/feedback/toast.tsx';
import type { Dashboard } from '../../../contract/schemas.ts';

const CopyToProjectDialog = lazyComponent(() => import('./copy-to-project-dialog.tsx'));

export interface PortabilityActionsProps {
  projectId: ProjectId;
  dashboard: Dashboard;
}

export function PortabilityActions({ projectId, dashboard }: PortabilityActionsProps) {
  const headingId = useId();
  const toast = useToast();
  const [copying, setCopying] = useState(false);
  // Without a project: the destination is chosen in the dialog, which checks it there.
  const { refusal } = useAuthorization();
  const noTemplate = templateRefusal(dashboard);

  const exportTemplate = () => {
    const fileName = templateFileName(dashboard);
    downloadText(fileName, templateText(dashboardToTemplate(dashboard)), 'application/json');
    toast.success(`Exported the template ${fileName}.`);
  };

  return (
    <section aria-labelledby={headingId} className="detail-section">
      <h3 id={headingId}>Move between projects</h3>
      <p className="muted">
        A template file holds the name, description, filters, tags and every tile with its text or insight, layout and colour.
        Import it with New dashboard, Import from JSON.
      </p>
      <div className="button-row">
        <Button className="button" unavailableReason={noTemplate} onClick={exportTemplate}>
          Export as template
        </Button>
        <Button
          className="button"
          unavailableReason={noTemplate ?? refusal('importDashboard')}
          onMouseEnter={() => void CopyToProjectDialog.preload()}
          onFocus={() => void CopyToProjectDialog.preload()}
          onClick={() => setCopying(true)}
        >
          Copy to project
        </Button>
      </div>
      {copying && <CopyToProjectDialog projectId={projectId} dashboard={dashboard} onClose={() => setCopying(false)} />}
    </section>
  );
}
