import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '../../../src/components/feedback/toast.tsx';
import { NetworkError } from '../../../src/api/client/http.ts';

const target = { endpoint: 'projects.create', method: 'POST' as const, path: '/api/organizations/@current/projects/' };

describe('toasts', () => {
  function ToastDemo({ onUndo }: { onUndo: () => void }) {
    const toast = useToast();
    return (
      <>
        <button type="button" onClick={() => toast.success('Saved', { durationMs: 300 })}>
          Save
        </button>
        <button type="button" onClick={() => toast.error(new NetworkError('http://x', target))}>
          Fail
        </button>
        <button type="button" onClick={() => toast.show({ kind: 'success', message: 'Dashboard deleted', action: { label: 'Undo', onClick: onUndo } })}>
          Delete
        </button>
      </>
    );
  }

  it('announces toasts; success goes by itself, errors stay until dismissed, actions run', async () => {
    const user = userEvent.setup();
    const onUndo = vi.fn();
    render(
      <ToastProvider>
        <ToastDemo onUndo={onUndo} />
      </ToastProvider>,
    );
    const region = screen.getByRole('status', { name: 'Notifications' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByText('Saved')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(within(region).getByText(/^Could not reach the API at http:\/\/x\./)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(within(region).getByText(/^Could not reach the API/)).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: /^Dismiss: Could not reach the API at http:\/\/x\./ }));
    expect(within(region).queryByText(/^Could not reach the API/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledTimes(1);
    expect(within(region).queryByText('Dashboard deleted')).not.toBeInTheDocument();
  });
});
