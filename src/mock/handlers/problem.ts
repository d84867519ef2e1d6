/**
 * A refusal as HTTP words it (API.md §2): status, headers and body. The handlers throw these for what
 * they check themselves (path, method, body) and turn the rules' domain failures into them.
 */
import { details, type ErrorBody, type ErrorType, type FieldError } from '../../contract/errors.ts';
import type { RuleFailure } from '../rules/failure.ts';

export class ApiProblem extends Error {
  readonly status: number;
  /** The standard error body, or one of the bodies of §2.2 (`{"error": …}`). */
  readonly body: ErrorBody | Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, type: ErrorType, code: string, detail: string, attr: string | null = null, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'ApiProblem';
    this.status = status;
    this.body = { type, code, detail, attr };
    this.headers = headers;
  }
}

/** A refusal with one of production's own bodies (§2.2), e.g. `{"error": "product_type is required"}`. */
function bareProblem(status: number, body: Record<string, unknown>): ApiProblem {
  const problem = new ApiProblem(status, 'validation_error', 'invalid_input', String(body.error ?? ''));
  (problem as { body: ApiProblem['body'] }).body = body;
  return problem;
}

export const problems = {
  bare: bareProblem,
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
  notFound: (detail: string = details.notFound) => new ApiProblem(404, 'invalid_request', 'not_found', detail),
  projectNotFound: () => new ApiProblem(404, 'invalid_request', 'not_found', details.projectNotFound),
  forbidden: (detail: string) => new ApiProblem(403, 'authentication_error', 'permission_denied', detail),
  requestTooLarge: () => new ApiProblem(413, 'invalid_request', 'request_too_large', details.requestTooLarge),
  parseError: (reason: string) => new ApiProblem(400, 'invalid_request', 'parse_error', details.parseError(reason)),
  unsupportedMediaType: (type: string) =>
    new ApiProblem(415, 'invalid_request', 'unsupported_media_type', details.unsupportedMediaType(type)),
  multipartError: (reason: string) => new ApiProblem(400, 'invalid_request', 'parse_error', `Multipart form parse error - ${reason}`),
  /** A body that is JSON but not an object (`type`: Python's name of what was sent). */
  notADictionary: (type: string) => new ApiProblem(400, 'validation_error', 'invalid_input', details.expectedDictionary(type)),
  nullBody: () => new ApiProblem(400, 'validation_error', 'null', 'This field may not be null.'),
  methodNotOffered: (detail: string = details.methodNotOffered) =>
    new ApiProblem(403, 'authentication_error', 'permission_denied', detail),
  organizationNotFound: () => new ApiProblem(404, 'invalid_request', 'not_found', details.organizationNotFound),
  field: (error: FieldError) => new ApiProblem(400, 'validation_error', error.code, error.detail, error.attr),
  /** A rule of §5/§6 refusing the request. */
  invalid: (detail: string, attr: string | null = null) => new ApiProblem(400, 'validation_error', 'invalid_input', detail, attr),
  conflict: (detail: string) => new ApiProblem(409, 'server_error', 'conflict', detail),
};

/** A rule's failure as the API answers it. */
export function problemOf(failure: RuleFailure): ApiProblem {
  switch (failure.kind) {
    case 'unauthenticated':
      return problems.notAuthenticated();
    case 'bad_credentials':
      return problems.authenticationFailed();
    case 'missing_scope':
    case 'forbidden':
      return problems.forbidden(failure.detail);
    case 'not_found':
      return problems.notFound(failure.detail);
    case 'invalid':
      return new ApiProblem(400, 'validation_error', failure.code ?? 'invalid_input', failure.detail, failure.attr);
    case 'conflict':
      return problems.conflict(failure.detail);
    case 'feature_unavailable':
      return bareProblem(403, { error: failure.detail });
    case 'precondition':
      return bareProblem(400, { error: failure.detail });
  }
}
