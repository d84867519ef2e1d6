// Fault presets in Mock controls: one click puts the mock in a known broken state, the top bar
// names the preset, and the custom form shows what it set.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../../../src/api/client/http.ts';
import { createProject } from '../../../src/api/resources/project-mutations.ts';
import { fetchProjectPage } from '../../../src/api/resources/projects.ts';
import { faultsSummary, FAULT_PRESETS, presetOf } from '../../../src/features/mock-panel/faults.ts';
import { renderApp } from '../../render.tsx';
import { mock } from '../../setup.ts';

type User = ReturnType<typeof renderApp>['user'];

async function openControls(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Mock controls' }, { timeout: 10_000 }));
  return screen.findByRole('dialog', { name: 'Mock controls' }, { timeout: 10_000 });
}

const writes = ['DELETE', 'PATCH', 'POST', 'PUT'];

describe('fault presets', () => {
  it('names a preset only when the faults are exactly it', () => {
    expect(FAULT_PRESETS.map((preset) => preset.name)).toEqual(['Slow network', 'Flaky', 'Rate limited', 'Writes down']);
    expect(presetOf({ latency_ms: [300, 1200], error_rate: 0, rules: [] })?.name).toBe('Slow network');
    expect(presetOf({ latency_ms: [300, 1200], error_rate: 0.1, rules: [] })).toBeNull();
    expect(faultsSummary({ latency_ms: 500, error_rate: 0, rules: [] })).toBe('500 ms latency');
    expect(faultsSummary({ latency_ms: 0, error_rate: 0, rules: [] })).toBe('');
  });

  it('Rate limited: one click, every write answers 429 with Retry-After 5, reads still work, the top bar says so', async () => {
    const { user, queryClient } = renderApp('/projects');
    const dialog = await openControls(user);
    const button = within(dialog).getByRole('button', { name: 'Rate limited' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);

    expect(await screen.findByRole('button', { name: 'Faults on: Rate limited' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'true');
    const faults = mock.getFaults();
    expect(faults.latency_ms).toBe(0);
    expect(faults.error_rate).toBe(0);
    expect(faults.rules.map((rule) => rule.method).sort()).toEqual(writes);
    expect(faults.rules.every((rule) => rule.path === '/api/**' && rule.status === 429 && rule.retry_after === 5)).toBe(true);
    // The custom form shows what the preset set.
    expect(within(dialog).getAllByRole('textbox', { name: 'Status' }).map((input) => (input as HTMLInputElement).value)).toEqual([
      '429',
      '429',
      '429',
      '429',
    ]);

    let refused: unknown;
    await act(async () => {
      refused = await createProject({ name: 'Refused' }, { client: queryClient }).catch((error: unknown) => error);
    });
    expect(isApiError(refused, 429)).toBe(true);
    expect((refused as { retryAfter?: number }).retryAfter).toBe(5);
    await act(async () => {
      expect((await fetchProjectPage({}, { client: queryClient })).count).toBeGreaterThan(0);
    });

    await user.click(within(dialog).getByRole('button', { name: 'Clear faults' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Faults on:/ })).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('Writes down replaces the previous preset: every write answers 503', async () => {
    const { user, queryClient } = renderApp('/projects');
    const dialog = await openControls(user);
    await user.click(within(dialog).getByRole('button', { name: 'Flaky' }));
    expect(await screen.findByRole('button', { name: 'Faults on: Flaky' })).toBeInTheDocument();
    expect(mock.getFaults()).toMatchObject({ latency_ms: 0, error_rate: 0.1, rules: [] });

    await user.click(within(dialog).getByRole('button', { name: 'Writes down' }));
    expect(await screen.findByRole('button', { name: 'Faults on: Writes down' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Flaky' })).toHaveAttribute('aria-pressed', 'false');
    const faults = mock.getFaults();
    expect(faults.error_rate).toBe(0);
    expect(faults.rules.map((rule) => `${rule.method} ${rule.status}`).sort()).toEqual(writes.map((method) => `${method} 503`));

    let refused: unknown;
    await act(async () => {
      refused = await createProject({ name: 'Refused' }, { client: queryClient }).catch((error: unknown) => error);
    });
    expect(isApiError(refused, 503)).toBe(true);
  });

  it('Slow network sets 300–1,200 ms of latency and shows it in the form, keeping production key rules', async () => {
    mock.setFaults({ ...mock.getFaults(), production_key_rules: true });
    const { user } = renderApp('/projects');
    const dialog = await openControls(user);
    await user.click(within(dialog).getByRole('button', { name: 'Slow network' }));
    expect(await screen.findByRole('button', { name: 'Faults on: Slow network' })).toBeInTheDocument();
    expect(mock.getFaults()).toMatchObject({ latency_ms: [300, 1200], error_rate: 0, rules: [] });
    expect(within(dialog).getByRole('textbox', { name: 'Latency (ms)' })).toHaveValue('300-1200');
    // A preset sets latency, errors and rules only: the mock's other settings stay.
    expect(mock.getFaults().production_key_rules).toBe(true);
    expect(await screen.findByText(/^Faults on: Slow network\. Every answer takes 300–1,200 ms\.$/)).toBeInTheDocument();
  });
});
