/** A rule's refusal as a domain outcome (src/mock/rules/failure.ts): its kind, the API's sentence, the field and code. */
import { describe, expect, it } from 'vitest';
import { details } from '../../../src/contract/errors.ts';
import { failures, RuleFailure } from '../../../src/mock/rules/failure.ts';

const shape = (f: RuleFailure) => ({ kind: f.kind, detail: f.detail, attr: f.attr, code: f.code });

describe('RuleFailure', () => {
  it('is an Error named RuleFailure whose message is the detail, without field or code by default', () => {
    const failure = new RuleFailure('conflict', 'Taken.');
    expect(failure).toBeInstanceOf(Error);
    expect(failure.name).toBe('RuleFailure');
    expect(failure.message).toBe('Taken.');
    expect(shape(failure)).toEqual({ kind: 'conflict', detail: 'Taken.', attr: null, code: null });
  });
});

describe('failures', () => {
  it('authentication: no credentials, or a key that names nothing', () => {
    expect(shape(failures.unauthenticated())).toEqual({ kind: 'unauthenticated', detail: details.notAuthenticated, attr: null, code: null });
    expect(shape(failures.badCredentials())).toEqual({ kind: 'bad_credentials', detail: details.authenticationFailed, attr: null, code: null });
  });

  it('a missing scope names the scope', () => {
    expect(shape(failures.missingScope('dashboard:write'))).toEqual({
      kind: 'missing_scope',
      detail: "API key missing required scope 'dashboard:write'",
      attr: null,
      code: null,
    });
  });

  it('not found: the generic sentence, a given one, the project’s and the dashboard’s', () => {
    expect(shape(failures.notFound())).toEqual({ kind: 'not_found', detail: 'Not found.', attr: null, code: null });
    expect(failures.notFound('Gone.').detail).toBe('Gone.');
    expect(shape(failures.projectNotFound())).toEqual({ kind: 'not_found', detail: 'Project not found.', attr: null, code: null });
    expect(shape(failures.dashboardNotFound())).toEqual({ kind: 'not_found', detail: 'Dashboard not found.', attr: null, code: null });
  });

  it('forbidden, conflict, feature unavailable and precondition carry the sentence given', () => {
    expect(shape(failures.forbidden('No.'))).toEqual({ kind: 'forbidden', detail: 'No.', attr: null, code: null });
    expect(shape(failures.conflict('Taken.'))).toEqual({ kind: 'conflict', detail: 'Taken.', attr: null, code: null });
    expect(shape(failures.featureUnavailable('Paid.'))).toEqual({ kind: 'feature_unavailable', detail: 'Paid.', attr: null, code: null });
    expect(shape(failures.precondition('Not yet.'))).toEqual({ kind: 'precondition', detail: 'Not yet.', attr: null, code: null });
  });

  it('invalid: the sentence and the field at fault, if any', () => {
    expect(shape(failures.invalid('Bad.'))).toEqual({ kind: 'invalid', detail: 'Bad.', attr: null, code: null });
    expect(shape(failures.invalid('Bad.', 'name'))).toEqual({ kind: 'invalid', detail: 'Bad.', attr: 'name', code: null });
  });

  it('a field error keeps its field and its code', () => {
    expect(shape(failures.field({ attr: 'name', code: 'required', detail: 'This field is required.' }))).toEqual({
      kind: 'invalid',
      detail: 'This field is required.',
      attr: 'name',
      code: 'required',
    });
  });
});
