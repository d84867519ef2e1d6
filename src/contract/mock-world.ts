/**
 * The bundled mock's worlds (API.md §9): the header that picks one, and the rule for its name
 * (letters, digits, `-`, `_`; 1–40 characters). The console checks a name with the same rule.
 */
export const mockWorldHeader = 'X-Mock-World';

const mockWorldPattern = /^[A-Za-z0-9_-]{1,40}$/;

/** Null when `name` is a valid world name, else the sentence saying what is wrong. */
export function mockWorldNameError(name: string): string | null {
  return mockWorldPattern.test(name) ? null : 'A world name is 1 to 40 letters, digits, "-" or "_".';
}
