/**
 * Words for a form's errors: which field an API validation error names (`attr`), and the error to
 * show under a field or above the form. Apart from src/components/feedback/error-text.ts, which the first page
 * loads: only the forms need these.
 */
import { errorDetail, errorStatus } from '../feedback/error-text.ts';

/** The `attr` of a validation error (a nested field joined with `__`, API.md §2.1: `tags__2`), else null. */
export function errorAttr(error: unknown): string | null {
  const attr = typeof error === 'object' && error !== null ? (error as { attr?: unknown }).attr : undefined;
  return errorStatus(error) !== null && typeof attr === 'string' && attr ? attr : null;
}

/** Whether `attr` names `field` or something inside it (`tags__2` is inside `tags`; API.md §2.1's separator). */
const attrIsWithin = (attr: string, field: string): boolean => attr === field || attr.startsWith(`${field}__`);

/**
 * The API's detail when the error names `field` (or something inside it: `tags` matches `tags__2`),
 * for showing under that field; else undefined.
 */
export function fieldError(error: unknown, field: string): string | undefined {
  const attr = errorAttr(error);
  if (attr === null) return undefined;
  return attrIsWithin(attr, field) ? errorDetail(error) : undefined;
}

/**
 * The error to show above or below a form when no field on it carries it (`fields` lists those
 * that render their own error); undefined when there is no error or a field shows it.
 */
export function formError(error: unknown, fieldsOnForm: ReadonlyArray<string>): string | undefined {
  if (!error) return undefined;
  const attr = errorAttr(error);
  if (attr !== null && fieldsOnForm.some((f) => attrIsWithin(attr, f))) return undefined;
  return errorDetail(error);
}
