/**
 * Mock controls, `Production key rules` (API.md §9): the mock then refuses keys the session-only
 * actions as production does, and the console says so up front on the controls it knows of.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedIds } from '../../../src/mock/store/seed.ts';
import { accessKnown, renderApp } from '../../render.tsx';

const LOAD = { timeout: 10_000 };

describe('Production key rules', { timeout: 30_000 }, () => {
  it('turns the rules on in one click, and the session-only reset is then refused up front', async () => {
    const { user, runtime } = renderApp(`/projects/${seedIds.projects.app}/settings`);
    const danger = await screen.findByRole('region', { name: 'Danger zone' }, LOAD);
    const reset = within(danger).getByRole('button', { name: 'Reset project API key' });
    // The page may draw before the key's access is in (the connected routes' loader does not hold it).
    await accessKnown();
    expect(reset).toBeEnabled();

    await user.click(await screen.findByRole('button', { name: 'Mock controls' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Mock controls' }, LOAD);
    const rules = within(dialog).getByRole('switch', { name: 'Production key rules' });
    expect(rules).toHaveAttribute('aria-checked', 'false');
    await user.click(rules);
    await waitFor(() => expect(rules).toHaveAttribute('aria-checked', 'true'));
    const put = runtime.requestLog.get().find((entry) => entry.method === 'PUT' && entry.path === '/__mock/faults');
    expect(put?.requestBody).toEqual({ production_key_rules: true });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(reset).toBeDisabled());
    expect(reset).toHaveAccessibleDescription(/needs PostHog's web app/);
  });
});
