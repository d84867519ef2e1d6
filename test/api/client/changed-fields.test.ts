// The comparison behind "no lost update" (CONSOLE.md "Safety"): what a save sends, and which of
// those fields someone else changed since the person began editing them.
import { describe, expect, it } from 'vitest';
import { changedFields, planSave, sameValue } from '../../../src/api/client/changed-fields.ts';

type Field = 'name' | 'tags' | 'pinned' | 'rate';
const loaded = { name: 'Sales', tags: ['a', 'b'], pinned: false, rate: '0.50' };

describe('planSave', () => {
  it('sends only what the person changed, and asks about nothing when the server still holds the baselines', () => {
    const plan = planSave<Field>({ baseline: loaded, server: loaded, mine: { ...loaded, name: 'Revenue' } });
    expect(plan).toEqual({ changes: { name: 'Revenue' }, conflicts: [] });
  });

  it('flags a field being saved whose server value is no longer its baseline', () => {
    const server = { ...loaded, name: 'Sales (EU)' };
    const plan = planSave<Field>({ baseline: loaded, server, mine: { ...server, name: 'Revenue', pinned: true } });
    expect(plan).toEqual({ changes: { name: 'Revenue', pinned: true }, conflicts: ['name'] });
  });

  it('compares lists by value, in order', () => {
    const server = { ...loaded, tags: ['b', 'a'] };
    expect(planSave<Field>({ baseline: loaded, server, mine: { ...server, tags: ['a', 'b', 'c'] } }).conflicts).toEqual(['tags']);
    const same = { ...loaded, tags: ['a', 'b'] };
    expect(planSave<Field>({ baseline: loaded, server: same, mine: { ...same, tags: ['c'] } }).conflicts).toEqual([]);
  });

  it('neither sends nor asks when the other person saved the same value', () => {
    const server = { ...loaded, name: 'Revenue' };
    expect(planSave<Field>({ baseline: loaded, server, mine: { ...server, name: 'Revenue' } })).toEqual({ changes: {}, conflicts: [] });
  });

  it('leaves the server’s value when the person edited a field back to its baseline', () => {
    const server = { ...loaded, rate: '0.25' };
    // The field was edited and changed back: it still holds its baseline, not theirs.
    expect(planSave<Field>({ baseline: loaded, server, mine: { ...server, rate: '0.50' } })).toEqual({ changes: {}, conflicts: [] });
  });

  it('never asks about fields the person did not edit (they follow the server)', () => {
    const server = { name: 'Sales', tags: [], pinned: true, rate: null };
    // Only the name was edited here; the other fields have no baseline of their own and show the server's values.
    const plan = planSave<Field>({ baseline: { ...server, name: 'Sales' }, server, mine: { ...server, name: 'Revenue' } });
    expect(plan).toEqual({ changes: { name: 'Revenue' }, conflicts: [] });
  });

  it('treats null, empty text and a missing value as different values', () => {
    const plan = planSave<Field>({
      baseline: { ...loaded, rate: null },
      server: { ...loaded, rate: '' },
      mine: { ...loaded, rate: '0.10' },
    });
    expect(plan).toEqual({ changes: { rate: '0.10' }, conflicts: ['rate'] });
  });
});

describe('changedFields', () => {
  const original = { name: 'Sales', tags: ['a', 'b'], filters: { date_from: '-7d', properties: [] as string[] }, pinned: false };

  it('sends nothing when nothing changed, whatever the order of an object’s keys', () => {
    expect(changedFields(original, { ...original, tags: ['a', 'b'], filters: { properties: [], date_from: '-7d' } })).toEqual({});
  });

  it('sends a list that lost or gained an element', () => {
    expect(changedFields(original, { tags: ['a'] })).toEqual({ tags: ['a'] });
    expect(changedFields(original, { tags: ['a', 'b', 'c'] })).toEqual({ tags: ['a', 'b', 'c'] });
    expect(changedFields(original, { tags: [] })).toEqual({ tags: [] });
  });

  it('sends a list whose second element changed', () => {
    expect(changedFields(original, { tags: ['a', 'c'] })).toEqual({ tags: ['a', 'c'] });
  });

  it('sends an object whose value, or whose set of keys, changed', () => {
    expect(changedFields(original, { filters: { date_from: '-30d', properties: [] } })).toEqual({
      filters: { date_from: '-30d', properties: [] },
    });
    expect(changedFields(original, { filters: { date_from: '-7d' } })).toEqual({ filters: { date_from: '-7d' } });
    expect(changedFields(original, { filters: { date_from: '-7d', properties: [], interval: 'day' } })).toEqual({
      filters: { date_from: '-7d', properties: [], interval: 'day' },
    });
    expect(changedFields(original, { filters: { date_to: '-7d', properties: [] } })).toEqual({ filters: { date_to: '-7d', properties: [] } });
  });

  it('reads only the fields of the draft, and sends a field the original lacks', () => {
    expect(changedFields(original, { pinned: true })).toEqual({ pinned: true });
    const withoutDescription: { name: string; description?: string } = { name: 'Sales' };
    expect(changedFields(withoutDescription, { description: '' })).toEqual({ description: '' });
  });

  it('tells null, an empty list, an empty object and a value apart', () => {
    expect(changedFields({ a: null, b: [], c: {}, d: 'x' }, { a: {}, b: {}, c: null, d: {} })).toEqual({ a: {}, b: {}, c: null, d: {} });
    expect(changedFields({ a: {}, b: [], c: [] }, { a: [], b: null, c: 'x' })).toEqual({ a: [], b: null, c: 'x' });
    // A number has no keys, as an empty object has none: still not the same value.
    expect(changedFields({ a: 0, b: {}, c: '' }, { a: {}, b: 0, c: [] })).toEqual({ a: {}, b: 0, c: [] });
  });
});

describe('sameValue', () => {
  it('compares JSON values deeply', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameValue(['x', 'y'], ['x', 'z'])).toBe(false);
    expect(sameValue(NaN, NaN)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
  });

  it('tells apart two objects with the same number of different keys', () => {
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(false);
  });
});
