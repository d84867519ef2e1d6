/**
 * Toasts never cover a dialog's buttons: while a dialog is open the toast region (still the one
 * role="status" live region) moves to the top of the screen, and the dialog starts below it
 * (`--toast-clearance`, the toasts' height plus margins, read by .dialog-backdrop).
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../src/components/dialog/dialog.tsx';
import { TOAST_CLEARANCE_VARIABLE } from '../../../src/components/dialog/overlay-stack.ts';
import { ToastProvider, useToast } from '../../../src/components/feedback/toast.tsx';

function Demo() {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.error(new Error('The server is down.'))}>
        Fail
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        New dashboard
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="New dashboard">
        <form onSubmit={(event) => event.preventDefault()}>
          <label>
            Name <input />
          </label>
          <button type="button" onClick={() => toast.error(new Error('Could not create it.'))}>
            Create dashboard
          </button>
        </form>
      </Dialog>
    </>
  );
}

const clearance = () => document.documentElement.style.getPropertyValue(TOAST_CLEARANCE_VARIABLE);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toasts beside an open dialog', () => {
  it('sit at the top while a dialog is open, the dialog below them, and go back afterwards', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Demo />
      </ToastProvider>,
    );
    const region = screen.getByRole('status', { name: 'Notifications' });
    // jsdom has no layout: give the region the height two toasts would have.
    vi.spyOn(region, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 16, 416, 140));

    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(within(region).getByText('The server is down.')).toBeInTheDocument();
    expect(region).not.toHaveClass('toast-region-above-dialog');
    expect(clearance()).toBe('');

    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    const dialog = screen.getByRole('dialog', { name: 'New dashboard' });
    expect(screen.getByRole('status', { name: 'Notifications' })).toBe(region);
    expect(region).toHaveClass('toast-region-above-dialog');
    // The code that measures the toasts loads once a toast or a dialog is on screen.
    await waitFor(() => expect(clearance()).toBe('172px'));

    // An error raised from inside the dialog is announced in the same region; the dialog keeps focus.
    await user.click(within(dialog).getByRole('button', { name: 'Create dashboard' }));
    expect(await within(region).findByText('Could not create it.')).toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- wherever focus is, it is inside the dialog.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // The toasts stay usable beside the dialog.
    await user.click(within(region).getAllByRole('button', { name: /^Dismiss: / })[0]!);
    expect(within(region).queryByText('The server is down.')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New dashboard' })).toBeInTheDocument();

    await user.click(within(screen.getByRole('dialog', { name: 'New dashboard' })).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(region).not.toHaveClass('toast-region-above-dialog');
    expect(clearance()).toBe('');
  });

  it('leave no room at the top when there is no toast', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Demo />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    expect(screen.getByRole('status', { name: 'Notifications' })).toHaveClass('toast-region-above-dialog');
    expect(clearance()).toBe('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Notifications' })).not.toHaveClass('toast-region-above-dialog');
  });
});
