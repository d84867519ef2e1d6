// "One mutation, one declared effect" (DESIGN.md): every mutation hook of src/api/ is rendered and
// the options it hands to useMutation are read; one that declares nothing in `meta.changes` fails.
import { QueryClientProvider, type MutationObserverOptions } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { freshConsole } from '../console.ts';

const apiDir = join(import.meta.dirname, '../../src/api');
const files = readdirSync(apiDir).filter((name) => name.endsWith('.ts'));
const withMutations = files.filter((name) => readFileSync(join(apiDir, name), 'utf8').includes('useMutation('));
const mutationCalls = withMutations.reduce(
  (sum, name) => sum + readFileSync(join(apiDir, name), 'utf8').split('useMutation(').length - 1,
  0,
);

interface Walked {
  hook: string;
  options: MutationObserverOptions<unknown, unknown, unknown, unknown>[];
}

async function walk(): Promise<Walked[]> {
  const walked: Walked[] = [];
  for (const name of withMutations) {
    const module = (await import(`../../src/api/${name.replace(/\.ts$/, '')}.ts`)) as Record<string, unknown>;
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
      const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
      const { unmount } = renderHook(() => (value as (...args: unknown[]) => unknown)('1', '2'), { wrapper });
      unmount();
      if (seen.length) walked.push({ hook: `${name}: ${exported}`, options: seen });
    }
  }
  return walked;
}

describe('every mutation declares what it changed', () => {
  it('walks every mutation hook of src/api/, and each one names its changes in meta', async () => {
    const walked = await walk();
    // Every `useMutation(` in src/api/ is reached through an exported hook.
    expect(walked.length).toBe(mutationCalls);
    expect(walked.length).toBeGreaterThanOrEqual(25);
    const undeclared = walked.filter(({ options }) => options.some((option) => typeof option.meta?.changes !== 'function'));
    expect(undeclared.map(({ hook }) => hook)).toEqual([]);
  });
});
