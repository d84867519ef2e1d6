// `Theme` (README.md, "Look"): the choice is applied to <html> at once and
// remembered on the device; a change made elsewhere (another tab, through index.html's inline script)
// shows in the control. The first paint and other tabs are covered in Chromium (test/e2e/theme.e2e.ts).
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY, ThemeControl } from '../../../src/app/shell/theme-control.tsx';

afterEach(() => {
  delete document.documentElement.dataset.theme;
});

describe('Theme', () => {
  it('offers System, Light and Dark, applies the choice and remembers it; System forgets it', async () => {
    const user = userEvent.setup();
    render(<ThemeControl />);
    const theme = screen.getByRole('combobox', { name: 'Theme' });
    expect(theme).toHaveValue('system');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['System', 'Light', 'Dark']);

    await user.selectOptions(theme, 'Dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(theme).toHaveValue('dark');

    await user.selectOptions(theme, 'System');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('shows a theme set from elsewhere (another tab’s choice, applied by the page’s script)', async () => {
    render(<ThemeControl />);
    act(() => {
      document.documentElement.dataset.theme = 'light';
    });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('light'));
  });
});
