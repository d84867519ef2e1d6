import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { lazy } from '../../src/contract/lazy.ts';

describe('lazy()', () => {
  it('builds nothing until the value is first read, then builds it once', () => {
    let builds = 0;
    const value = lazy(() => {
      builds += 1;
      return { answer: 42 };
    });
    expect(builds).toBe(0);
    expect(value.answer).toBe(42);
    expect(value.answer).toBe(42);
    expect(builds).toBe(1);
  });

  it('stands for the built value in property reads and writes, `in`, methods and `instanceof`', () => {
    class Box {
      constructor(public size: number) {}
      twice() {
        return this.size * 2;
      }
    }
    const box = lazy(() => new Box(3));
    expect(box instanceof Box).toBe(true);
    expect(box.twice()).toBe(6);
    expect('size' in box).toBe(true);
    expect('weight' in box).toBe(false);
    box.size = 5;
    expect(box.twice()).toBe(10);
  });

  it('makes zod schemas that parse, nest, pick and report their shape like the schemas they build', () => {
    const user = lazy(() => z.object({ id: z.number(), email: z.string() }));
    const item = lazy(() => z.object({ name: z.string(), created_by: z.nullable(user) }));
    const page = lazy(() => z.object({ results: z.array(item) }));
    const picked = lazy(() => z.pick(user, { id: true }));

    expect(page.parse({ results: [{ name: 'A', created_by: { id: 1, email: 'a@b.c', extra: true } }] })).toEqual({
      results: [{ name: 'A', created_by: { id: 1, email: 'a@b.c' } }],
    });
    expect(item.safeParse({ name: 3, created_by: null }).success).toBe(false);
    expect(Object.keys(user.shape)).toEqual(['id', 'email']);
    expect(picked.parse({ id: 2, email: 'x' })).toEqual({ id: 2 });
    expect(z.toJSONSchema(item)).toEqual(
      z.toJSONSchema(z.object({ name: z.string(), created_by: z.nullable(z.object({ id: z.number(), email: z.string() })) })),
    );
  });
});
