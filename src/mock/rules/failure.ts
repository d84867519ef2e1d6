/**
 * A rule refusing a request, as a domain outcome: what kind of refusal, and the API's sentence
 * (API.md §2). The rules throw these; the handlers (handlers/problem.ts) give them a status,
 * headers and a body. Nothing here knows HTTP.
 */
import { details, type FieldError } from '../../contract/errors.ts';

export type FailureKind =
  /** No credentials at all. */
  | 'unauthenticated'
  /** Credentials that name no key. */
  | 'bad_credentials'
  /** The key lacks the scope the action needs. */
  | 'missing_scope'
  /** The object does not exist, or the caller may not know it exists. */
  | 'not_found'
  /** The caller may not do this. */
  | 'forbidden'
  /** The input breaks a rule (a field error, or a rule of §5/§6). */
  | 'invalid'
  /** The change clashes with what exists (a taken name). */
  | 'conflict'
  /** A paid feature the organization lacks; production words it as `{"error": …}` (§2.2). */
  | 'feature_unavailable'
  /** A precondition that production words as `{"error": …}` (§2.2). */
  | 'precondition';

export class RuleFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly detail: string,
    /** The field at fault (`invalid` only), else null. */
    readonly attr: string | null = null,
    /** The API's code when it is not the kind's usual one (a field error's `required`, `null`, …). */
    readonly code: string | null = null,
  ) {
    super(detail);
    this.name = 'RuleFailure';
  }
}

export const failures = {
  unauthenticated: () => new RuleFailure('unauthenticated', details.notAuthenticated),
  badCredentials: () => new RuleFailure('bad_credentials', details.authenticationFailed),
  missingScope: (scope: string) => new RuleFailure('missing_scope', details.missingScope(scope)),
  notFound: (detail: string = details.notFound) => new RuleFailure('not_found', detail),
  projectNotFound: () => new RuleFailure('not_found', details.projectNotFound),
  dashboardNotFound: () => new RuleFailure('not_found', details.dashboardNotFound),
  forbidden: (detail: string) => new RuleFailure('forbidden', detail),
  field: (error: FieldError) => new RuleFailure('invalid', error.detail, error.attr, error.code),
  invalid: (detail: string, attr: string | null = null) => new RuleFailure('invalid', detail, attr),
  conflict: (detail: string) => new RuleFailure('conflict', detail),
  featureUnavailable: (error: string) => new RuleFailure('feature_unavailable', error),
  precondition: (error: string) => new RuleFailure('precondition', error),
};
