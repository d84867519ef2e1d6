// The restriction level has one name: `restrictionLevels` in src/contract/inputs.ts, used everywhere
// (the console, the mock); no `restriction_level` is compared with a bare 21 or 37.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as inputs from '../../src/contract/inputs.ts';
import * as schemas from '../../src/contract/schemas.ts';

const src = join(import.meta.dirname, '../../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => ({ name, text: readFileSync(join(src, name), 'utf8') }));

describe('restriction levels', () => {
  it('are named once, in inputs.ts', () => {
    expect(inputs.restrictionLevels).toEqual({ everyoneCanEdit: 21, onlyCollaboratorsCanEdit: 37 });
    expect('restrictionLevels' in schemas).toBe(false);
  });

  it('are never compared or written as a bare number', () => {
    const bare = files.flatMap(({ name, text }) =>
      text
        .split('\n')
        .filter((line) => /restriction_level\W[^,;]*\b(21|37)\b|RESTRICTED = 37|'(21|37)': '/.test(line) && !/^(\*|\/\/|\/\*\*)/.test(line.trim()))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(bare).toEqual([]);
  });
});
