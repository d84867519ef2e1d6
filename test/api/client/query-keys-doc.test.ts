// DESIGN.md rule 5, "query keys come only from the factories": a key is written once, inside its
// factory's `queryKey:`; anything else that needs it asks the factory (remember-access.ts asks
// mockQueries.info for the probe's key). And the key documentation of query-keys.ts names every
// literal part of every factory's key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../../src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.tsx?$/.test(name) && !name.startsWith('mock/'))
  .map((name) => ({ name, text: readFileSync(join(src, name), 'utf8') }));

describe('one factory per key', () => {
  it('builds a key from its root only inside a factory (`queryKey: [...keyRoots.…]`)', () => {
    const outside = files.flatMap(({ name, text }) =>
      text
        .split('\n')
        .filter((line) => line.includes('[...keyRoots.') && !/queryKey: \[\.\.\.keyRoots\./.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(outside).toEqual([]);
  });

  it("documents every literal part of every factory's key in query-keys.ts", () => {
    const doc = files.find(({ name }) => name === join('api', 'client', 'query-keys.ts'))!.text.split('*/')[0]!;
    const parts = new Set<string>();
    for (const { name, text } of files) {
      if (!name.startsWith('api')) continue;
      for (const line of text.split('\n')) {
        const key = /queryKey: (\[.*\]) as const/.exec(line)?.[1];
        if (key) for (const literal of key.matchAll(/'([^']+)'/g)) parts.add(literal[1]!);
      }
    }
    expect(parts.size).toBeGreaterThan(8);
    expect([...parts].filter((part) => !doc.includes(`'${part}'`))).toEqual([]);
  });
});
