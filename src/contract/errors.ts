import * as z from 'zod/mini';

// The error body's schema is a module of its own: the first page's http.ts reads it, and whatever
// is used of a module the first page loads comes with the first page (src/contract/error-body.ts).
export { errorBodySchema, type ErrorBody } from './error-body.ts';

export const errorTypes = [
  'invalid_request',
  'authentication_error',
  'validation_error',
  'server_error',
  'throttled_error',
] as const;
export type ErrorType = (typeof errorTypes)[number];

export const fieldErrorCodes = [
  'required',
  'null',
  'blank',
  'invalid_input',
  'max_length',
  'min_length',
  'invalid_choice',
  'min_value',
  'max_value',
  'not_a_list',
  'not_a_dict',
  'max_decimal_places',
  'max_digits',
  'max_whole_digits',
  'max_string_length',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

/** The exact `detail` sentences that API.md fixes. */
export const details = {
  endpointNotFound: 'Endpoint not found.',
  notAuthenticated: 'Authentication credentials were not provided.',
  authenticationFailed: 'Personal API key found in request Authorization header is invalid.',
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
  /** A method the path does not offer (production's scope check finds no scope for it). */
  methodNotOffered: 'This action does not support personal API key access',
  /** Anything under `/api/personal_api_keys/` but `GET @current/` (production's capitals). */
  personalApiKeysMethod: 'This action does not support Personal API Key access',
  /** The five session-only actions of §1.2, in production (and the mock's `production_key_rules`). */
  sessionOnly: 'This action does not support personal API key access',
  missingScope: (scope: string) => `API key missing required scope '${scope}'`,
  projectNotFound: 'Project not found.',
  organizationNotFound: 'Organization not found.',
  noProjectAccess: "You don't have access to the project.",
  noPermission: 'You do not have permission to perform this action.',
  dashboardNotFound: 'Dashboard not found.',
  notFound: 'Not found.',
  requestTooLarge: 'Request body exceeds 1 MiB.',
  parseError: (reason: string) => `JSON parse error - ${reason}`,
  unsupportedMediaType: (type: string) => `Unsupported media type "${type}" in request.`,
  /** A JSON body that is not an object; `type` is Python's name for what was sent (`list`, `str`, …). */
  expectedDictionary: (type: string) => `Invalid data. Expected a dictionary, but got ${type}.`,
  /** Kept for the mock's own control routes (`/__mock/faults`). */
  expectedObject: 'Expected a JSON object.',
  projectNameTaken: (name: string) =>
    `There is already a project called "${name}" in this organization. Choose a different name.`,
  throttled: (seconds: number) => `Request was throttled. Expected available in ${seconds} seconds.`,
  serverError: 'A server error occurred.',
  noEditPermission: "You don't have edit permissions for this dashboard.",
  /** §5.4 step 1: the caller's access level (§5.7) is below `editor` on a dashboard they edit. */
  noEditorAccess: 'You do not have editor access to this resource.',
  /** §5.4: the caller's access level is `none` on a dashboard they read. */
  noViewerAccess: 'You do not have viewer access to this resource.',
  /** §5.7 (30): the caller may not change the dashboard's rules (production's sentence). */
  mustBeManager: 'Must be manager to modify dashboard permissions.',
  /** §5.7 (30): a member of another organization. */
  memberOfOtherOrganization: 'The member must belong to the same organization as this project.',
  /** A primary key that names nothing (production's related-field sentence). */
  invalidPk: (value: string | number) => `Invalid pk "${value}" - object does not exist.`,
  restrictionRights:
    "Only the dashboard owner and project admins have the restriction rights required to change the dashboard's restriction level.",
  adminsCreateProjects: 'You need to be an organization admin or above to create new projects.',
  insufficientProjectPermissions: "You don't have sufficient permissions in the project.",
  /** A member's project PATCH touching admin-only fields (sorted, joined by ", "). */
  adminOnlySettings: (fields: ReadonlyArray<string>) => `Only project admins can modify these settings: ${fields.join(', ')}`,
  primaryDashboardOnCreate: 'Primary dashboard cannot be set on project creation.',
  primaryDashboardOtherTeam: 'Dashboard does not belong to this team.',
  productTypeRequired: 'product_type is required',
  invalidProductType: (accepted: ReadonlyArray<string>) =>
    `invalid product_type, expected one of [${accepted.map((t) => `'${t}'`).join(', ')}]`,
  collaboratorsOnLowestLevel: 'Cannot add collaborators to a dashboard on the lowest restriction level.',
  removeCollaboratorsOnLowestLevel: 'Cannot remove collaborators from a dashboard on the lowest restriction level.',
  onlyEditAccess: 'Only edit access can be explicitly specified currently.',
  userDoesNotExist: 'User does not exist.',
  userHasNoAccess: 'Cannot add collaborators that have no access to the project.',
  userHasInherentAccess:
    'Cannot add collaborators that already have inherent access (the dashboard owner or a project admins).',
  userAlreadyCollaborator: 'User already is a collaborator.',
  invalidTemplate: (name: string) => `Invalid template provided: ${name}`,
  templateAndDashboard: '`use_dashboard` and `use_template` cannot be used together',
} as const;

export interface FieldError {
  code: FieldErrorCode;
  detail: string;
  attr: string | null;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Python's name for the type of a value that is neither missing nor null (fieldErrorFromIssue answers those first). */
function jsonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'dict';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'str';
}

function display(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function wrongTypeDetail(expected: string, value: unknown): string {
  switch (expected) {
    case 'string':
      return 'Not a valid string.';
    case 'int':
      return 'A valid integer is required.';
    case 'number':
      return 'A valid number is required.';
    case 'boolean':
      return 'Must be a valid boolean.';
    case 'array':
      return `Expected a list of items but got type "${jsonTypeName(value)}".`;
    case 'object':
    case 'record':
      return `Expected a dictionary of items but got type "${jsonTypeName(value)}".`;
    default:
      return 'Invalid input.';
  }
}

/** `attr` of a nested field: the path joined with two underscores (`tags__2`, `tile__id`). */
export const attrOf = (path: ReadonlyArray<PropertyKey>): string | null => (path.length ? path.map(String).join('__') : null);


/**
 * Turns the first zod issue of a failed request-body parse into the API's field error:
 * the code, the sentence, and `attr` joined with `__` for nested fields (`tags__2`, `tile__id`).
 * `input` is the body that was parsed, to tell a missing field from a null one.
 */
export function fieldErrorFromIssue(issue: z.core.$ZodIssue, input: unknown): FieldError {
  const attr = attrOf(issue.path);
  const value = valueAt(input, issue.path);
  switch (issue.code) {
    case 'custom': {
      const code = (issue.params as { code?: FieldErrorCode | 'invalid' } | undefined)?.code ?? 'invalid_input';
      // A serializer code `invalid` is reported as `invalid_input` (production's formatter).
      return { code: code === 'invalid' ? 'invalid_input' : code, detail: issue.message, attr };
    }
    case 'invalid_type':
      if (value === undefined) return { code: 'required', detail: 'This field is required.', attr };
      if (value === null) return { code: 'null', detail: 'This field may not be null.', attr };
      return { code: 'invalid_input', detail: wrongTypeDetail(issue.expected, value), attr };
    case 'too_big':
      if (issue.origin === 'string')
        return { code: 'max_length', detail: `Ensure this field has no more than ${issue.maximum} characters.`, attr };
      if (issue.origin === 'array')
        return { code: 'max_length', detail: `Ensure this field has no more than ${issue.maximum} elements.`, attr };
      return { code: 'max_value', detail: `Ensure this value is less than or equal to ${issue.maximum}.`, attr };
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) === 1
          ? { code: 'blank', detail: 'This field may not be blank.', attr }
          : { code: 'min_length', detail: `Ensure this field has at least ${issue.minimum} characters.`, attr };
      if (issue.origin === 'array')
        return { code: 'min_length', detail: `Ensure this field has at least ${issue.minimum} elements.`, attr };
      return { code: 'min_value', detail: `Ensure this value is greater than or equal to ${issue.minimum}.`, attr };
    case 'invalid_value':
      // zod reports a missing or null enum/literal field as a wrong value: the API calls those required/null.
      if (value === undefined) return { code: 'required', detail: 'This field is required.', attr };
      if (value === null) return { code: 'null', detail: 'This field may not be null.', attr };
      return { code: 'invalid_choice', detail: `"${display(value)}" is not a valid choice.`, attr };
    case 'invalid_format':
      return {
        code: 'invalid_input',
        detail: issue.format === 'uuid' || issue.format === 'guid' ? 'Must be a valid UUID.' : 'Enter a valid value.',
        attr,
      };
    default:
      return { code: 'invalid_input', detail: issue.message, attr };
  }
}
