/** The rule for a mock world's name (API.md §9): letters, digits, `-` and `_`, 1 to 40 of them. */
import { describe, expect, it } from 'vitest';
import { mockWorldHeader, mockWorldNameError } from '../../src/contract/mock-world.ts';

const sentence = 'A world name is 1 to 40 letters, digits, "-" or "_".';

describe('mock world names', () => {
  it.each(['a', 'Z', '7', '-', '_', 'qa-run_2', 'x'.repeat(40)])('takes %j', (name) => {
    expect(mockWorldNameError(name)).toBeNull();
  });

  it.each(['', 'x'.repeat(41), 'a b', ' a', 'a ', 'a.b', 'a/b', 'é', 'a\n', '\na'])('refuses %j, saying what a name is', (name) => {
    expect(mockWorldNameError(name)).toBe(sentence);
  });

  it('is picked with the X-Mock-World header', () => {
    expect(mockWorldHeader).toBe('X-Mock-World');
  });
});
