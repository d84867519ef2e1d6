// The guides a newcomer reads (issue 46): every relative link of README.md and docs/ reaches a file
// that exists, and its #anchor a heading of that file (GitHub's slugs); docs/ stays within 1,200 lines.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

/** The text outside fenced code blocks and inline code, where links are links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, a repeat numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const headings = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').match(/^#{1,6} .*$/gm) ?? [];
  for (const heading of headings) {
    const slug = heading
      .replace(/^#+ /, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

const files = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('the guides', () => {
  it.each(files.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    const broken: string[] = [];
    for (const [, target = ''] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const resolved = path === '' ? file : resolve(dirname(file), path);
      if (!existsSync(resolved)) broken.push(`${target}: no such file`);
      else if (anchor !== undefined && !anchors(resolved).has(anchor)) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it('docs/ holds at most 1,200 lines', () => {
    const lines = markdownFiles(join(root, 'docs')).reduce(
      (sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1,
      0,
    );
    expect(lines).toBeLessThanOrEqual(1200);
  });
});
