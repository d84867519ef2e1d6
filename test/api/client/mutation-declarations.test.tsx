// "One mutation, one declared effect" (DESIGN.md): every mutation hook under src/api/, folders
// included, is rendered and the options it hands to useMutation are read; one that declares nothing
// in `meta.changes` fails. A fixture folder (test/fixtures/mutation-walk/) proves the walk reaches a
// hook two folders down and tells a declared hook from an undeclared one.
import { type MutationObserverOptions } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useBulkRun } from '../../../src/api/bulk/dashboard-actions.ts';
import { useOrganizationBulkRun } from '../../../src/api/bulk/organization-actions.ts';
import type { Change, ChangeDeclaration } from '../../../src/api/client/changes.ts';
import { keyRoots } from '../../../src/api/client/query-keys.ts';
import { useUpdateDashboard } from '../../../src/api/resources/dashboards/dashboard-mutations.ts';
import { restrictionLevels } from '../../../src/contract/inputs.ts';
import { freshConsole, withQueryClient } from '../../console.ts';

interface Walked {
  hook: string;
  options: MutationObserverOptions<unknown, unknown, unknown, unknown>[];
}

/** Every .ts file under `root`, at any depth, that calls useMutation, with how many times it does. */
function mutationFiles(root: string): { file: string; calls: number }[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ file: join(root, name), calls: readFileSync(join(root, name), 'utf8').split('useMutation(').length - 1 }))
    .filter(({ calls }) => calls > 0);
}

/** Renders every exported `use…` hook of those files and keeps the options each hands to useMutation. */
async function walk(root: string): Promise<{ walked: Walked[]; calls: number }> {
  const files = mutationFiles(root);
  const walked: Walked[] = [];
  for (const { file } of files) {
    const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const [exported, value] of Object.entries(module)) {
      if (!/^use[A-Z]/.test(exported) || typeof value !== 'function') continue;
      const { queryClient: client } = freshConsole();
      const seen: Walked['options'] = [];
      const defaults = client.defaultMutationOptions.bind(client);
      // Every useMutation hands its options to the client here (MutationObserver#setOptions).
      vi.spyOn(client, 'defaultMutationOptions').mockImplementation((options) => {
        if (options) seen.push(options as Walked['options'][number]);
        return defaults(options);
      });
      const wrapper = withQueryClient(client);
      const { unmount } = renderHook(() => (value as (...args: unknown[]) => unknown)('1', '2'), { wrapper });
      unmount();
      if (seen.length) walked.push({ hook: `${relative(root, file)}: ${exported}`, options: seen });
    }
  }
  return { walked, calls: files.reduce((sum, { calls }) => sum + calls, 0) };
}

const undeclared = (walked: Walked[]) =>
  walked.filter(({ options }) => options.some((option) => typeof option.meta?.changes !== 'function')).map(({ hook }) => hook);

describe('every mutation declares what it changed', () => {
  it('walks every mutation hook under src/api/, and each one names its changes in meta', async () => {
    const { walked, calls } = await walk(join(import.meta.dirname, '../../../src/api'));
    // Every `useMutation(` under src/api/ is reached through an exported hook.
    expect(walked.length).toBe(calls);
    expect(walked.length).toBeGreaterThanOrEqual(25);
    expect(undeclared(walked)).toEqual([]);
  });

  it('reaches a hook two folders down, and names one that declares nothing', async () => {
    const { walked, calls } = await walk(join(import.meta.dirname, '../../fixtures/mutation-walk'));
    expect(calls).toBe(2);
    expect(walked.map(({ hook }) => hook)).toEqual([
      'nested/deeper/walk-probe.ts: useDeclaredProbe',
      'nested/deeper/walk-probe.ts: useUndeclaredProbe',
    ]);
    expect(undeclared(walked)).toEqual(['nested/deeper/walk-probe.ts: useUndeclaredProbe']);
  });
});

/** The options a hook hands to useMutation, read as mutation-walk reads them. */
function optionsOf(hook: () => unknown): Walked['options'][number] {
  const { queryClient: client } = freshConsole();
  const seen: Walked['options'] = [];
  const defaults = client.defaultMutationOptions.bind(client);
  vi.spyOn(client, 'defaultMutationOptions').mockImplementation((options) => {
    if (options) seen.push(options as Walked['options'][number]);
    return defaults(options);
  });
  const wrapper = withQueryClient(client);
  renderHook(hook, { wrapper }).unmount();
  return seen[0]!;
}

describe('a restriction change refreshes the person page, single or bulk', () => {
  const refreshesPersonAccess = (changes: ReadonlyArray<Change>) =>
    changes.some((change) => change.kind === 'refresh' && JSON.stringify(change.queryKey) === JSON.stringify(keyRoots.personAccess) && !change.otherTabsOnly);
  const declared = (hook: () => unknown, data: unknown, variables: unknown) =>
    (optionsOf(hook).meta as unknown as ChangeDeclaration).changes(data, variables);
  const done = Promise.resolve();

  it('a single restriction change', () => {
    expect(refreshesPersonAccess(declared(() => useUpdateDashboard(1, 2), {}, { restriction_level: restrictionLevels.onlyCollaboratorsCanEdit }))).toBe(true);
  });

  it.each(['restrict', 'allowEveryone'] as const)('a project bulk `%s`', (kind) => {
    expect(refreshesPersonAccess(declared(() => useBulkRun(1), undefined, { kind, done }))).toBe(true);
  });

  it.each(['restrict', 'allowEveryone'] as const)('an organization bulk `%s`', (kind) => {
    expect(refreshesPersonAccess(declared(() => useOrganizationBulkRun(), [1, 2], { action: { kind }, done }))).toBe(true);
  });

  it('not a bulk pin', () => {
    expect(refreshesPersonAccess(declared(() => useBulkRun(1), undefined, { kind: 'pin', done }))).toBe(false);
  });
});
