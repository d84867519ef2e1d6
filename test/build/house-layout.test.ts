// The house's layout rules (issue 46; ../shared/DESIGN.md): a folder with more than a dozen source
// files has two jobs, a component longer than two screens does two things, and the base stylesheet
// holds only the tokens and the base (every component's rules sit beside it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const src = join(root, 'src');

function folders(dir: string): string[] {
  return [dir, ...readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? folders(join(dir, name)) : []))];
}
const sourceFilesOf = (dir: string) => readdirSync(dir).filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'));
const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('the layout of src/', () => {
  it('has no folder with more than 12 .ts/.tsx files of its own', () => {
    const crowded = folders(src)
      .map((dir) => `${relative(root, dir)}: ${sourceFilesOf(dir).length}`)
      .filter((entry) => Number(entry.split(': ')[1]) > 12);
    expect(crowded).toEqual([]);
  });

  it('keeps at most 4 files at the root of src/components (the rest by job, in folders)', () => {
    expect(sourceFilesOf(join(src, 'components')).length).toBeLessThanOrEqual(4);
  });

  it('has no .tsx over 300 lines', () => {
    const long = folders(src)
      .flatMap((dir) => sourceFilesOf(dir).filter((name) => name.endsWith('.tsx')).map((name) => join(dir, name)))
      .filter((file) => lines(file) > 300)
      .map((file) => `${relative(root, file)}: ${lines(file)} lines`);
    expect(long).toEqual([]);
  });

  it('keeps the base stylesheet to the tokens and the base (400 lines at most)', () => {
    expect(lines(join(src, 'app/styles.css'))).toBeLessThanOrEqual(400);
  });
});
