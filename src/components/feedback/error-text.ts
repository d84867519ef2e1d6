/**
 * Words for errors, without importing the API layer (components stay free of data fetching):
 * the API layer's errors are recognised by their fields. ApiError carries {status, code, detail, attr};
 * NetworkError and ResponseShapeError carry a full sentence as `message`.
 */

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  status?: unknown;
  code?: unknown;
  detail?: unknown;
  attr?: unknown;
}

const fields = (error: unknown): ErrorFields => (typeof error === 'object' && error !== null ? (error as ErrorFields) : {});

/** The HTTP status of an API error, else null (network failure, shape mismatch, other). */
export function errorStatus(error: unknown): number | null {
  const { name, status } = fields(error);
  return name === 'ApiError' && typeof status === 'number' ? status : null;
}

/** The sentence to show (src/contract/error-body.ts: the one wording of an error). */
export { errorSentence as errorDetail } from '../../contract/error-body.ts';

/** A short heading for an error state, by kind. */
export function errorTitle(error: unknown): string {
  const { name } = fields(error);
  const status = errorStatus(error);
  if (name === 'NetworkError') return 'Could not reach the API';
  if (name === 'ResponseShapeError') return 'The API answered in an unexpected shape';
  if (name === 'NotConnectedError') return 'Not connected';
  if (status === 401) return 'The API refused the key';
  if (status === 403) return 'Not allowed';
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many requests';
  if (status !== null && status >= 500) return 'The API had a problem';
  if (status !== null) return 'The API refused the request';
  return 'Something failed';
}

/** `HTTP 403 · permission_denied`, for API errors only. */
export function errorStatusLine(error: unknown): string | null {
  const status = errorStatus(error);
  if (status === null) return null;
  const { code } = fields(error);
  return typeof code === 'string' && code ? `HTTP ${status} · ${code}` : `HTTP ${status}`;
}
