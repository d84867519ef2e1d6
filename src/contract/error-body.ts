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
