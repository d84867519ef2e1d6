/**
 * The `New dashboard` form without React: the draft, the body it sends (checked with the contract's
 * own rules, every problem at once), and which field shows an error the API reports by `attr`.
 */
import { schemaErrors, type FormErrors } from '../../components/form/use-form.ts';
import { restrictionLevels } from '../../contract/inputs.ts';
import {
  dashboardCreateInput,
  dashboardTemplates,
  normalizeTags,
  type DashboardCreateInput,
  type DashboardTemplate,
  type RestrictionLevel,
  type TemplateJson,
} from '../../contract/inputs.ts';
import { checkTemplateText } from './import-from-json.tsx';

export type StartFrom = 'blank' | DashboardTemplate | 'copy' | 'import';

/** Friendly names of the API's templates, with the API's own name in brackets. */
export const templateLabels: Record<DashboardTemplate, { label: string; description: string }> = {
  DEFAULT_APP: {
    label: 'Product analytics (DEFAULT_APP)',
    description: 'Insight tiles for daily and weekly active users, retention, growth accounting, referrers and a pageview funnel.',
  },
  WEBSITE_TRAFFIC: {
    label: 'Website traffic (WEBSITE_TRAFFIC)',
    description: 'Insight tiles for unique visitors, pageviews, sessions, top pages, referrers and bounce rate.',
  },
};

export const startFromOptions: ReadonlyArray<{ value: StartFrom; label: string; description: string }> = [
  { value: 'blank', label: 'Blank', description: 'An empty dashboard: add tiles later.' },
  ...dashboardTemplates.map((template) => ({ value: template, ...templateLabels[template] })),
  {
    value: 'copy',
    label: 'Copy of an existing dashboard',
    description: 'Copies the tiles, filters and variables of a dashboard of this project; name, description and tags come from this form.',
  },
  {
    value: 'import',
    label: 'Import from JSON',
    description: 'A dashboard template as JSON (a file from Export as template, or one of PostHog’s templates): its tiles, filters and tags.',
  },
];

export const restrictionOptions: ReadonlyArray<{ value: RestrictionLevel; label: string; description: string }> = [
  {
    value: restrictionLevels.everyoneCanEdit,
    label: 'Everyone in the project',
    description: 'Everyone with access to the project can edit it.',
  },
  {
    value: restrictionLevels.onlyCollaboratorsCanEdit,
    label: 'Only invited collaborators',
    description: 'Everyone can view it; only you, organization admins and invited collaborators can edit it.',
  },
];

export interface CopySource {
  id: number;
  /** The display name (`Untitled dashboard` for a null name). */
  name: string;
}

export interface NewDashboardDraft {
  name: string;
  description: string;
  /** As typed: comma-separated. */
  tags: string;
  startFrom: StartFrom;
  copyOf: CopySource | null;
  /** Import from JSON: the template's text, typed or read from a file. */
  templateText: string;
  restriction: RestrictionLevel;
}

export const emptyDraft: NewDashboardDraft = {
  name: '',
  description: '',
  tags: '',
  startFrom: 'blank',
  copyOf: null,
  templateText: '',
  restriction: restrictionLevels.everyoneCanEdit,
};

/** The form's fields that show their own error. */
export type DraftField = 'name' | 'description' | 'tags' | 'startFrom' | 'template' | 'restriction';

/** Typed anything a person would mind losing. */
export function isDraftDirty(draft: NewDashboardDraft): boolean {
  return (
    draft.name !== emptyDraft.name ||
    draft.description !== emptyDraft.description ||
    draft.tags !== emptyDraft.tags ||
    draft.startFrom !== emptyDraft.startFrom ||
    draft.copyOf !== null ||
    draft.templateText !== emptyDraft.templateText ||
    draft.restriction !== emptyDraft.restriction
  );
}

/** `Growth, weekly ,, growth` → `['growth', 'weekly']`, as the API stores tags. */
export function parseTags(text: string): string[] {
  return normalizeTags(text.split(','));
}

/** The POST body: only what the person filled in (the API's defaults cover the rest). */
export function draftToBody(draft: NewDashboardDraft): DashboardCreateInput {
  const body: DashboardCreateInput = { restriction_level: draft.restriction };
  const name = draft.name.trim();
  if (name) body.name = name;
  const description = draft.description.trim();
  if (description) body.description = description;
  const tags = parseTags(draft.tags);
  if (tags.length) body.tags = tags;
  if (draft.startFrom === 'copy') {
    if (draft.copyOf) body.use_dashboard = draft.copyOf.id;
  } else if (draft.startFrom !== 'blank') {
    body.use_template = draft.startFrom;
  }
  return body;
}

/**
 * Import from JSON: the checked template, with Name, Description and Tags of the form in place of
 * the template's own when filled in; null while the text has problems.
 */
export function draftToTemplate(draft: NewDashboardDraft): TemplateJson | null {
  const { template } = checkTemplateText(draft.templateText);
  if (!template) return null;
  const name = draft.name.trim();
  const description = draft.description.trim();
  const tags = parseTags(draft.tags);
  return {
    ...template,
    ...(name ? { template_name: name } : {}),
    ...(description ? { dashboard_description: description } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

export const chooseDashboardToCopy = 'Choose the dashboard to copy.';

/** The field that shows a problem at `path` of the body or an API `attr` (`tags.2` → Tags); null: the form. */
export function fieldForPath(path: ReadonlyArray<string>): DraftField | null {
  switch (path[0]) {
    case 'name':
      return 'name';
    case 'description':
      return 'description';
    case 'tags':
      return 'tags';
    case 'use_template':
    case 'use_dashboard':
      return 'startFrom';
    case 'restriction_level':
      return 'restriction';
    default:
      return null;
  }
}

/** Every problem the API would report for this draft (same rules), keyed by the field that shows it. */
export function checkDraft(draft: NewDashboardDraft): FormErrors {
  const errors = schemaErrors(dashboardCreateInput, draftToBody(draft), fieldForPath);
  if (draft.startFrom === 'copy' && !draft.copyOf) errors.startFrom ??= chooseDashboardToCopy;
  if (draft.startFrom === 'import') {
    const { problems } = checkTemplateText(draft.templateText);
    // One line per problem; the import section lists them.
    if (problems.length) errors.template = problems.join('\n');
  }
  return errors;
}
