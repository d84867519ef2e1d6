/** Projects (API.md §6): CRUD, the actions, and the project defaults. */
import type * as z from 'zod/mini';
import { details } from '../../contract/errors.ts';
import type { ProductType, projectCreateInput, projectUpdateInput } from '../../contract/inputs.ts';
import type { OrganizationRecord, ProjectRecord, Store } from '../db.ts';
import { fieldChanges, projectFieldChange, recordActivity, recordProjectUpdate } from './activity.ts';
import type { Principal } from './access.ts';
import { problems } from './problem.ts';
import { liveEventsToken, nowIso, projectApiToken, uuid, type ByteSource, cryptoBytes } from './random.ts';

/** A project with the defaults of §6.1. */
export function newProjectRecord(
  id: number,
  organizationId: string,
  name: string,
  createdAt: string,
  bytes: ByteSource = cryptoBytes,
): ProjectRecord {
  return {
    id,
    organization_id: organizationId,
    uuid: uuid(bytes),
    name,
    product_description: null,
    created_at: createdAt,
    updated_at: createdAt,
    has_group_types: false,
    live_events_token: liveEventsToken(bytes),
    api_token: projectApiToken(bytes),
    app_urls: [],
    slack_incoming_webhook: null,
    anonymize_ips: false,
    completed_snippet_onboarding: false,
    ingested_event: false,
    test_account_filters: [],
    test_account_filters_default_checked: false,
    path_cleaning_filters: [],
    is_demo: false,
    timezone: 'UTC',
    data_attributes: ['data-attr'],
    person_display_name_properties: null,
    correlation_config: {},
    autocapture_opt_out: false,
    autocapture_exceptions_opt_in: false,
    autocapture_web_vitals_opt_in: false,
    autocapture_web_vitals_allowed_metrics: null,
    autocapture_exceptions_errors_to_ignore: null,
    capture_console_log_opt_in: true,
    capture_performance_opt_in: true,
    session_recording_opt_in: false,
    session_recording_sample_rate: null,
    session_recording_minimum_duration_milliseconds: null,
    session_recording_linked_flag: null,
    session_recording_network_payload_capture_config: null,
    session_replay_config: null,
    survey_config: null,
    access_control: false,
    week_start_day: null,
    primary_dashboard: null,
    live_events_columns: null,
    recording_domains: null,
    person_on_events_querying_enabled: false,
    inject_web_apps: false,
    extra_settings: null,
    modifiers: null,
    default_modifiers: {},
    has_completed_onboarding_for: null,
    surveys_opt_in: false,
    heatmaps_opt_in: false,
    product_intents: [],
  };
}

/** Projects whose name contains `search` (case-insensitive), by id. */
export function filterProjects(projects: ProjectRecord[], search: string | null): ProjectRecord[] {
  const needle = search?.toLowerCase();
  const result = needle ? projects.filter((p) => p.name.toLowerCase().includes(needle)) : [...projects];
  return result.sort((a, b) => a.id - b.id);
}

/** Every project of every organization the key owner belongs to. */
export function visibleProjects(store: Store, principal: Principal): ProjectRecord[] {
  return store.organizationsOf(principal.user.id).flatMap((o) => store.projectsOf(o.id));
}

function requireUniqueName(store: Store, organizationId: string, name: string, exceptId: number | null): void {
  const lower = name.toLowerCase();
  const taken = store.projectsOf(organizationId).some((p) => p.id !== exceptId && p.name.toLowerCase() === lower);
  if (taken) throw problems.conflict(details.projectNameTaken(name));
}

type WritableFields = Omit<z.output<typeof projectUpdateInput>, 'name'>;

function writablePatch(input: WritableFields): Partial<ProjectRecord> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) if (value !== undefined) patch[field] = value;
  return patch as Partial<ProjectRecord>;
}

/** POST projects/ (admins only, checked before): 409 on a taken name, then the new project. */
export function createProject(
  store: Store,
  principal: Principal,
  organization: OrganizationRecord,
  input: z.output<typeof projectCreateInput>,
): ProjectRecord {
  requireUniqueName(store, organization.id, input.name, null);
  const { name, primary_dashboard: _ignoredOnCreate, ...fields } = input;
  const project = newProjectRecord(store.nextId('project'), organization.id, name, nowIso());
  Object.assign(project, writablePatch(fields));
  store.insertProject(project);
  recordActivity(store, {
    projectId: project.id,
    user: principal.user,
    activity: 'created',
    scope: 'Project',
    itemId: project.id,
    name: project.name,
  });
  return project;
}

/** PATCH projects/:id/: `primary_dashboard` must be a live dashboard of the project; then 409; then the changes. */
export function updateProject(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  input: z.output<typeof projectUpdateInput>,
): void {
  const { name, ...fields } = input;
  if (fields.primary_dashboard !== undefined && fields.primary_dashboard !== null) {
    const dashboard = store.dashboard(fields.primary_dashboard);
    if (!dashboard || dashboard.project_id !== project.id || dashboard.deleted) {
      throw problems.invalid(`Invalid pk "${fields.primary_dashboard}" - object does not exist.`, 'primary_dashboard');
    }
  }
  if (name !== undefined) requireUniqueName(store, project.organization_id, name, project.id);
  const patch = writablePatch(fields);
  if (name !== undefined) patch.name = name;
  const changes = fieldChanges('Project', project, patch);
  if (changes.length === 0) return;
  store.updateProject(project, { ...patch, updated_at: nowIso() });
  recordProjectUpdate(store, principal.user, project, changes);
}

export function deleteProject(store: Store, project: ProjectRecord): void {
  store.deleteProject(project.id);
}

function recordProjectChange(store: Store, principal: Principal, project: ProjectRecord, field: string, before: unknown, after: unknown) {
  recordProjectUpdate(store, principal.user, project, [projectFieldChange(field, before, after)]);
}

const intentTypes = (project: ProjectRecord) => project.product_intents.map((i) => i.product_type);

/** PATCH add_product_intent/: one intent per product type; a repeat updates `updated_at`. */
export function addProductIntent(store: Store, principal: Principal, project: ProjectRecord, productType: ProductType): void {
  const now = nowIso();
  const before = intentTypes(project);
  const existing = project.product_intents.find((i) => i.product_type === productType);
  const product_intents = existing
    ? project.product_intents.map((i) => (i === existing ? { ...i, updated_at: now } : i))
    : [...project.product_intents, { product_type: productType, created_at: now, updated_at: now, onboarding_completed_at: null }];
  store.updateProject(project, { product_intents, updated_at: now });
  if (!existing) recordProjectChange(store, principal, project, 'product_intents', before, intentTypes(project));
}

/** PATCH complete_product_onboarding/: marks the product onboarded, and its intent completed. */
export function completeProductOnboarding(store: Store, principal: Principal, project: ProjectRecord, productType: ProductType): void {
  const now = nowIso();
  const before = project.has_completed_onboarding_for ? { ...project.has_completed_onboarding_for } : null;
  const existing = project.product_intents.find((i) => i.product_type === productType);
  const product_intents = existing
    ? project.product_intents.map((i) =>
        i === existing ? { ...i, updated_at: now, onboarding_completed_at: i.onboarding_completed_at ?? now } : i,
      )
    : [...project.product_intents, { product_type: productType, created_at: now, updated_at: now, onboarding_completed_at: now }];
  const has_completed_onboarding_for = { ...(before ?? {}), [productType]: true };
  store.updateProject(project, { product_intents, has_completed_onboarding_for, updated_at: now });
  if (!before?.[productType]) {
    recordProjectChange(store, principal, project, 'has_completed_onboarding_for', before, { ...has_completed_onboarding_for });
  }
}

/** PATCH reset_token/ (admins only, checked before): a new `api_token`. */
export function resetToken(store: Store, principal: Principal, project: ProjectRecord): void {
  const before = project.api_token;
  store.updateProject(project, { api_token: projectApiToken(), updated_at: nowIso() });
  recordActivity(store, {
    projectId: project.id,
    user: principal.user,
    activity: 'token_reset',
    scope: 'Project',
    itemId: project.id,
    name: project.name,
    changes: [{ type: 'Project', action: 'changed', field: 'api_token', before, after: project.api_token }],
  });
}
