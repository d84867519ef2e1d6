/** A refusal as the API words it (API.md §2): the rules throw these, the handlers answer them. */
import { details, type ErrorBody, type ErrorType, type FieldError } from '../../contract/errors.ts';

export class ApiProblem extends Error {
  readonly status: number;
  /** The standard body, or production's bare `{"error": …}` of API.md §2.2. */
  readonly body: ErrorBody | { error: string };
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, type: ErrorType, code: string, detail: string, attr: string | null = null, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ApiProblem';
    this.status = status;
    this.body = { type, code, detail, attr };
    this.headers = headers;
  }
}

export const problems = {
  endpointNotFound: () => new ApiProblem(404, 'invalid_request', 'not_found', details.endpointNotFound),
  notAuthenticated: () =>
    new ApiProblem(401, 'authentication_error', 'not_authenticated', details.notAuthenticated, null, {
      'WWW-Authenticate': 'Bearer',
    }),
  authenticationFailed: () =>
    new ApiProblem(401, 'authentication_error', 'authentication_failed', details.authenticationFailed, null, {
      'WWW-Authenticate': 'Bearer',
    }),
  methodNotAllowed: (method: string, allowed: ReadonlyArray<string>) =>
    new ApiProblem(405, 'invalid_request', 'method_not_allowed', details.methodNotAllowed(method), null, {
      Allow: allowed.join(', '),
    }),
  missingScope: (scope: string) => new ApiProblem(403, 'authentication_error', 'permission_denied', details.missingScope(scope)),
  notFound: (detail: string = details.notFound) => new ApiProblem(404, 'invalid_request', 'not_found', detail),
  projectNotFound: () => new ApiProblem(404, 'invalid_request', 'not_found', details.projectNotFound),
  dashboardNotFound: () => new ApiProblem(404, 'invalid_request', 'not_found', details.dashboardNotFound),
  forbidden: (detail: string) => new ApiProblem(403, 'authentication_error', 'permission_denied', detail),
  requestTooLarge: () => new ApiProblem(413, 'invalid_request', 'request_too_large', details.requestTooLarge),
  parseError: (reason: string) => new ApiProblem(400, 'invalid_request', 'parse_error', details.parseError(reason)),
  expectedObject: () => new ApiProblem(400, 'validation_error', 'invalid_input', details.expectedObject),
  field: (error: FieldError) => new ApiProblem(400, 'validation_error', error.code, error.detail, error.attr),
  /** A rule of §5/§6 refusing the request. */
  invalid: (detail: string, attr: string | null = null) => new ApiProblem(400, 'validation_error', 'invalid_input', detail, attr),
  conflict: (detail: string) => new ApiProblem(409, 'server_error', 'conflict', detail),
  /** Production's own `{"error": …}` body (API.md §2.2). */
  bare: (status: number, error: string) => {
    const problem = new ApiProblem(status, 'validation_error', 'error', error);
    (problem as { body: ErrorBody | { error: string } }).body = { error };
    return problem;
  },
};
