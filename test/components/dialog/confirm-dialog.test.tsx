import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/components/dialog/confirm-dialog.tsx';
import { ApiError } from '../../../src/api/client/http.ts';

const target = { endpoint: 'projects.create', method: 'POST' as const, path: '/api/organizations/@current/projects/' };

describe('ConfirmDialog', () => {
  it('enables the action only when the name is typed exactly, and shows an API error inline', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const error = new ApiError({
      status: 403,
      type: 'authentication_error',
      code: 'permission_denied',
      detail: 'Only organization admins can create or delete projects.',
      target,
    });
    render(
      <ConfirmDialog
        open
        title="Delete project"
        message="This deletes the project, its dashboards and its activity."
        confirmLabel="Delete project"
        confirmText="Hedgebox App"
        confirmFieldLabel="Type the project name to confirm"
        destructive
        onConfirm={onConfirm}
        onCancel={() => {}}
        error={error}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Delete project' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the project name to confirm' }), 'Hedgebox Ap');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the project name to confirm' }), 'p');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByText('Only organization admins can create or delete projects.')).toBeInTheDocument();
  });
});
