// Ctrl+K pressed before the shortcuts' code has loaded still opens Go to (a keyboard user's first
// key, a QA script's): the shell listens for it until the listener's chunk is there. Its module is
// held back with vi.mock, so this file runs in the isolated jsdom project (vitest.config.ts).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../render.tsx';

const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open: () => open(), asked: false };
});
vi.mock('../../../src/app/shell/shortcut-keys.tsx', async (importOriginal) => {
  gate.asked = true;
  await gate.passed;
  return importOriginal();
});

describe('Ctrl+K before the shortcuts have loaded', () => {
  it('opens Go to while the listener’s code is still on its way, and once, when it has come', async () => {
    const { user } = renderApp('/projects');
    await screen.findByRole('heading', { level: 1, name: 'Projects' });
    await waitFor(() => expect(gate.asked).toBe(true));

    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Go to' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument());

    // The listener arrives and takes over: Ctrl+K opens Go to, and `?` (only the listener knows it) the shortcuts.
    gate.open();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Go to' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Go to' })).not.toBeInTheDocument());
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });
});
