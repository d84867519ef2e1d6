/** Projects (API.md §6): CRUD, the actions, and the project defaults. */
import type * as z from 'zod/mini';
import { details } from '../../contract/errors.ts';
import { memberProjectFields, type ProductType, type projectCreateInput, type projectUpdateInput } from '../../contract/inputs.ts';
import type { Store } from '../store/db.ts';
import type { OrganizationRecord, ProjectRecord } from '../store/records.ts';
import { fieldChange, fieldChanges, recordProjectCreated, recordProjectUpdated } from './activity.ts';
import type { Principal } from './access.ts';
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
    group_types: [],
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
    session_recording_masking_config: null,
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
    flags_persistence_default: false,
    secret_api_token: null,
    secret_api_token_backup: null,
    receive_org_level_activity_logs: false,
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

/** A project name is taken in the organization (case-insensitive, trimmed), other than by `exceptId`. */
export function nameTaken(store: Store, organizationId: string, name: string, exceptId: number | null): boolean {
  const lower = name.trim().toLowerCase();
  return store.projectsOf(organizationId).some((p) => p.id !== exceptId && p.name.trim().toLowerCase() === lower);
}

/** `Default project`, else the first of `Default project 2`, `3`, … not taken in the organization. */
export function defaultProjectName(store: Store, organizationId: string): string {
  if (!nameTaken(store, organizationId, 'Default project', null)) return 'Default project';
  for (let n = 2; ; n += 1) {
    const name = `Default project ${n}`;
    if (!nameTaken(store, organizationId, name, null)) return name;
  }
}

type WritableFields = Omit<z.output<typeof projectUpdateInput>, 'name'>;

function writablePatch(project: ProjectRecord | null, input: WritableFields): Partial<ProjectRecord> {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) if (value !== undefined) patch[field] = value;
  // `modifiers` are merged into the stored ones.
  const stored = project?.modifiers;
  const given = patch.modifiers;
  if (isObject(stored) && isObject(given)) patch.modifiers = { ...stored, ...given };
  return patch as Partial<ProjectRecord>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The refusals of `primary_dashboard` (§6.1), as the field's 400 (`null` when the value is fine). */
export function primaryDashboardProblem(store: Store, project: ProjectRecord | null, value: number | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (!project) return details.primaryDashboardOnCreate;
  const dashboard = store.dashboard(value);
  if (!dashboard || dashboard.deleted) return details.invalidPk(value);
  if (dashboard.project_id !== project.id) return details.primaryDashboardOtherTeam;
  return null;
}

/** The writable fields in the input that a member may not change, sorted (§6.1). */
export function adminOnlyFields(input: z.output<typeof projectUpdateInput>): string[] {
  const allowed = new Set<string>(memberProjectFields);
  return Object.entries(input)
    .filter(([field, value]) => value !== undefined && !allowed.has(field))
    .map(([field]) => field)
    .sort();
}

/** POST projects/ (roles, name conflict and fields checked before): the new project, logged. */
export function createProject(
  store: Store,
  principal: Principal,
  organization: OrganizationRecord,
  input: z.output<typeof projectCreateInput>,
): ProjectRecord {
  const { name, primary_dashboard: _checkedBefore, ...fields } = input;
  const project = newProjectRecord(
    store.nextId('project'),
    organization.id,
    name ?? defaultProjectName(store, organization.id),
    nowIso(),
  );
  Object.assign(project, writablePatch(null, fields));
  store.insertProject(project);
  recordProjectCreated(store, principal.user, project);
  return project;
}

/** PATCH projects/:id/ (every check done before): the changes, logged as one `Team` entry. */
export function updateProject(
  store: Store,
  principal: Principal,
  project: ProjectRecord,
  input: z.output<typeof projectUpdateInput>,
): void {
  const { name, ...fields } = input;
  const patch = writablePatch(project, fields);
  if (name !== undefined) patch.name = name;
  const changes = fieldChanges('Team', project, patch);
  if (changes.length === 0) return;
  store.updateProject(project, { ...patch, updated_at: nowIso() });
  recordProjectUpdated(store, principal.user, project, changes);
}

export function deleteProject(store: Store, project: ProjectRecord): void {
  store.deleteProject(project.id);
}

/** PATCH add_product_intent/: one intent per product type; a repeat updates `updated_at` (not logged). */
export function addProductIntent(store: Store, project: ProjectRecord, productType: ProductType): void {
  const now = nowIso();
  const existing = project.product_intents.find((i) => i.product_type === productType);
  const product_intents = existing
    ? project.product_intents.map((i) => (i === existing ? { ...i, updated_at: now } : i))
    : [...project.product_intents, { product_type: productType, created_at: now, updated_at: now, onboarding_completed_at: null }];
  store.updateProject(project, { product_intents, updated_at: now });
}

/** PATCH complete_product_onboarding/: marks the product onboarded, and its intent completed (not logged). */
export function completeProductOnboarding(store: Store, project: ProjectRecord, productType: ProductType): void {
  const now = nowIso();
  const existing = project.product_intents.find((i) => i.product_type === productType);
  const product_intents = existing
    ? project.product_intents.map((i) =>
        i === existing ? { ...i, updated_at: now, onboarding_completed_at: i.onboarding_completed_at ?? now } : i,
      )
    : [...project.product_intents, { product_type: productType, created_at: now, updated_at: now, onboarding_completed_at: now }];
  const has_completed_onboarding_for = { ...(project.has_completed_onboarding_for ?? {}), [productType]: true };
  store.updateProject(project, { product_intents, has_completed_onboarding_for, updated_at: now });
}

/** PATCH reset_token/ (admins only, checked before): a new `api_token`, logged as a `Team` update. */
export function resetToken(store: Store, principal: Principal, project: ProjectRecord): void {
  const before = project.api_token;
  store.updateProject(project, { api_token: projectApiToken(), updated_at: nowIso() });
  recordProjectUpdated(store, principal.user, project, [fieldChange('Team', 'api_token', before, project.api_token)]);
}
