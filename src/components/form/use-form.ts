/**
 * The plumbing every form shares: the values (edits over what the form started from), dirty
 * tracking, checking the WHOLE form before sending and showing every invalid field at once, the
 * API's own error under the field its `attr` names, focus on the first invalid field (scrolled clear
 * of sticky bars), and the send state. Written here rather than adopting react-hook-form: the forms
 * are controlled (comboboxes, URL rows, radio groups) and the whole layer is a few hundred bytes,
 * where react-hook-form with its standard-schema resolver weighs about 14 kB gzip.
 *
 * Field errors are keyed by the form's own field keys; nested ones are dotted (`app_urls.2`,
 * `rules.0.status`). `FORM` holds a problem that no field shows.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { fieldErrorFromIssue } from '../../contract/errors.ts';
import { errorDetail } from '../feedback/error-text.ts';
import { errorAttr } from './field-error-text.ts';

export type FormErrors = Record<string, string>;

/** The key of a problem that belongs to no field of the form. */
export const FORM = '';

/** An API `attr` as a path: `app_urls__2` (API.md §2.1's separator) gives `['app_urls', '2']`. */
export function attrPath(attr: string | null | undefined): string[] {
  return attr ? attr.split('__').filter((part) => part !== '') : [];
}

/**
 * Every problem the contract's `schema` finds in `body`, worded as the API words it, keyed by the
 * field `fieldOf` says shows it (the first problem per field); problems no field shows go to `FORM`.
 */
export function schemaErrors(
  schema: z.ZodMiniType,
  body: unknown,
  fieldOf: (path: string[]) => string | null = (path) => path[0] ?? null,
): FormErrors {
  const result = z.safeParse(schema, body);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = fieldOf(issue.path.map(String)) ?? FORM;
    errors[key] ??= fieldErrorFromIssue(issue, body).detail;
  }
  return errors;
}

/** Structural equality of form values (strings, numbers, booleans, arrays and plain objects of them). */
export function sameFormValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameFormValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * Focuses the first invalid control in `container` (a radio group: its checked or first radio) and
 * scrolls its field, message included, to the middle of the viewport: clear of a sticky save bar or
 * top bar. Returns whether something was focused.
 */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  const target =
    invalid.tagName === 'FIELDSET'
      ? (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input, select, textarea, button'))
      : invalid;
  if (!target) return false;
  target.focus({ preventScroll: true });
  const box = invalid.closest<HTMLElement>('.field, li, fieldset') ?? invalid;
  box.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  return true;
}

export interface UseFormOptions<V extends object> {
  /** What the form shows before any edit. When it changes (fresh data), the fields not edited follow. */
  initial: V;
  /** Every problem in `values`, keyed by field (see `schemaErrors`); empty when the form may be sent. */
  validate: (values: V) => FormErrors;
  /** Whether `values` hold something worth saving; by default, any field differs from `initial`. */
  isDirty?: (values: V, initial: V) => boolean;
  /** The API's error from the last send (a mutation's `error`)… */
  serverError?: unknown;
  /** …and how to clear it (the mutation's `reset`). */
  clearServerError?: () => void;
  /**
   * The field that shows the API's error, from its `attr` as a path (empty when there is none); null:
   * the form shows it as a whole. By default, the attr's first part when that is a field of the form.
   */
  fieldOfServerError?: (path: string[], error: unknown) => string | null;
  /** A send is under way: submitting again does nothing. */
  pending?: boolean;
}

export interface Form<V extends object> {
  values: V;
  /** The fields the person edited, with what they hold now. */
  edits: Partial<V>;
  /**
   * For each edited field, the value it showed when the person began editing it (the field's
   * baseline): what a save compares the server's current value with, to notice another person's change.
   */
  baselines: Partial<V>;
  dirty: boolean;
  /**
   * Changes a field. The errors under it go (those keyed `clear`, or starting with `clear.`; by
   * default the field itself), and so does the API's error when that is where it was shown.
   */
  set: <K extends keyof V & string>(field: K, value: V[K], clear?: string) => void;
  /** The error to show under `key`: this form's own check first, else the API's. */
  error: (key: string) => string | undefined;
  /** This form's own problem that no field shows. */
  formProblem: string | undefined;
  /** The API's error when no field shows it (for an ActionError), else null. */
  serverFormError: unknown;
  /**
   * For the `<form>`'s onSubmit (`(event) => form.submit(event, send)`): checks the whole form and
   * calls `send(values)` only when nothing is invalid; else focus goes to the first invalid field.
   * `filled`: fields a button fills as it sends (`set` shows them from the next render on).
   */
  submit: (event: FormEvent | undefined, send: (values: V) => void, filled?: Partial<V>) => void;
  /** After a successful send: edits still equal to what was sent go, so the fields show what the API saved. */
  settle: (sent: V) => void;
  /** Drops every edit and error (`to`: edits to start from instead, e.g. values known to be coming). */
  reset: (to?: Partial<V>) => void;
  /** Drops the edits of `fields` (and their errors): they show what the form was given again. */
  drop: (fields: ReadonlyArray<keyof V & string>) => void;
}

interface Draft<V> {
  edits: Partial<V>;
  baselines: Partial<V>;
}

function pick<V extends object>(from: V, keys: ReadonlyArray<keyof V>): Partial<V> {
  const picked: Partial<V> = {};
  for (const key of keys) picked[key] = from[key];
  return picked;
}

export function useForm<V extends object>(options: UseFormOptions<V>): Form<V> {
  const { initial, validate, isDirty, serverError, clearServerError, fieldOfServerError, pending } = options;
  const [draft, setDraft] = useState<Draft<V>>({ edits: {}, baselines: {} });
  const { edits, baselines } = draft;
  const [errors, setErrors] = useState<FormErrors>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const sentRef = useRef(false);

  const values = { ...initial, ...edits } as V;
  const dirty = isDirty
    ? isDirty(values, initial)
    : Object.keys(edits).some((key) => !sameFormValue(values[key as keyof V], initial[key as keyof V]));

  const serverPath = attrPath(errorAttr(serverError));
  const serverField = serverError
    ? fieldOfServerError
      ? fieldOfServerError(serverPath, serverError)
      : serverPath[0] !== undefined && serverPath[0] in (initial as object)
        ? serverPath[0]
        : null
    : null;

  // Focus after a refused submit, and when the API's answer names a field of the form.
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current);
  }, [focusRequest]);
  useEffect(() => {
    if (serverError && sentRef.current && serverField !== null) focusFirstInvalid(formRef.current);
  }, [serverError, serverField]);

  const covers = (key: string, clear: string) => key === clear || key.startsWith(`${clear}.`);

  const set = useCallback(
    <K extends keyof V & string>(field: K, value: V[K], clear: string = field) => {
      // The first edit of a field records what it showed then: its baseline.
      setDraft((current) => ({
        edits: { ...current.edits, [field]: value },
        baselines: field in current.edits ? current.baselines : { ...current.baselines, [field]: initial[field] },
      }));
      setErrors((current) => {
        const stale = Object.keys(current).filter((key) => covers(key, clear));
        if (stale.length === 0) return current;
        const next = { ...current };
        for (const key of stale) delete next[key];
        return next;
      });
      if (serverField !== null && covers(serverField, clear)) clearServerError?.();
    },
    [serverField, clearServerError, initial],
  );

  const error = (key: string): string | undefined =>
    errors[key] ?? (serverError && serverField === key ? errorDetail(serverError) : undefined);

  const submit = (event: FormEvent | undefined, send: (values: V) => void, filled?: Partial<V>) => {
    event?.preventDefault();
    if (event?.currentTarget instanceof HTMLFormElement) formRef.current = event.currentTarget;
    if (pending) return;
    clearServerError?.();
    const sent = filled ? { ...values, ...filled } : values;
    const found = validate(sent);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    sentRef.current = true;
    send(sent);
  };

  const settle = (sent: V) =>
    setDraft((current) => {
      const next: Draft<V> = { edits: {}, baselines: {} };
      for (const key of Object.keys(current.edits) as Array<keyof V>) {
        if (sameFormValue(current.edits[key], sent[key])) continue;
        // Typed while the save was on its way: the server now holds what was sent, so that is its baseline.
        next.edits[key] = current.edits[key];
        next.baselines[key] = sent[key];
      }
      return next;
    });

  const reset = (to: Partial<V> = {}) => {
    setDraft({ edits: to, baselines: pick(initial, Object.keys(to) as Array<keyof V>) });
    setErrors({});
    clearServerError?.();
  };

  const drop = (fields: ReadonlyArray<keyof V & string>) => {
    setDraft((current) => {
      const next: Draft<V> = { edits: { ...current.edits }, baselines: { ...current.baselines } };
      for (const field of fields) {
        delete next.edits[field];
        delete next.baselines[field];
      }
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(current)) if (fields.some((field) => covers(key, field))) delete next[key];
      return next;
    });
  };

  return {
    values,
    edits,
    baselines,
    dirty,
    set,
    error,
    formProblem: errors[FORM],
    serverFormError: serverError && serverField === null ? serverError : null,
    submit,
    settle,
    reset,
    drop,
  };
}
