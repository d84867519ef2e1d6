// `Mock controls` is a working button from the moment it shows (issue 45): the shell draws the one
// button at once, and the panel's code loads later; a press before that code is there opens the
// dialog when it comes, on the same button (no placeholder swapped for another element).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../render.tsx';

// The panel's code is held back until the test lets it through.
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open: () => open(), asked: false };
});
vi.mock('../../../src/features/mock-panel/mock-panel.tsx', async (importOriginal) => {
  gate.asked = true;
  await gate.passed;
  return importOriginal();
});

describe('Mock controls before its code has loaded', () => {
  it('opens the dialog after a press made while the code was still loading, on the same button', async () => {
    const { user } = renderApp('/projects');
    const button = await screen.findByRole('button', { name: 'Mock controls' });
    expect(button).toBeEnabled();
    await user.click(button);
    // The press asked for the code, which has not come yet: no dialog, the button still there.
    await waitFor(() => expect(gate.asked).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Mock controls' })).not.toBeInTheDocument();

    gate.open();
    const dialog = await screen.findByRole('dialog', { name: 'Mock controls' });
    expect(within(dialog).getByRole('button', { name: 'Reset demo data' })).toBeInTheDocument();
    // The button pressed is the one still in the top bar: it was never replaced.
    expect(screen.getByRole('button', { name: 'Mock controls' })).toBe(button);
    expect(button).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mock controls' })).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });
});
