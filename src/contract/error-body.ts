/**
 * The error body of every API error (API.md §2), apart from src/contract/errors.ts (which re-exports
 * it): src/api/client/http.ts reads every error with it on the first page, and a module the first page
 * loads brings along all that any page uses of it (the field errors of forms, the mock's sentences).
 */
import * as z from 'zod/mini';

/** The error body of every API error except the dashboard DELETE 405 (API.md §2). */
export const errorBodySchema = z.object({
  type: z.string(),
  code: z.string(),
  detail: z.string(),
  attr: z.optional(z.nullable(z.string())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The one sentence for an error that carries none of its own. */
export const NO_ERROR_SENTENCE = 'An unexpected error occurred.';

/**
 * The sentence an error says, in one wording wherever the console shows one (an error state, a
 * toast, a bulk run's failures, the organization's pages): the API's `detail`, else an `error`
 * body's sentence, else the error's own message, trimmed; else NO_ERROR_SENTENCE.
 */
export function errorSentence(error: unknown): string {
  // A string error is its own message (destructuring a string finds no fields).
  const { detail, error: other, message = error } = (error ?? {}) as Record<string, unknown>;
  for (const text of [detail, other, message]) if (typeof text === 'string' && text.trim()) return text.trim();
  return NO_ERROR_SENTENCE;
}
