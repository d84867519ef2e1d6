import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ActionError, ErrorState } from '../../../src/components/feedback/error-state.tsx';
import { fieldError, formError } from '../../../src/components/form/field-error-text.ts';
import { TextField } from '../../../src/components/form/field.tsx';
import { ApiError, NetworkError } from '../../../src/api/client/http.ts';

const target = { endpoint: 'projects.create', method: 'POST' as const, path: '/api/organizations/@current/projects/' };

describe('fields and errors', () => {
  it('links the error under the field and marks it invalid', () => {
    const error = new ApiError({
      status: 400,
      type: 'validation_error',
      code: 'max_length',
      detail: 'Ensure this field has no more than 200 characters.',
      attr: 'name',
      target,
    });
    render(<TextField label="Name" hint="Unique in the organization." error={fieldError(error, 'name')} defaultValue="x" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Unique in the organization. Ensure this field has no more than 200 characters.');
    expect(fieldError(error, 'timezone')).toBeUndefined();
    expect(formError(error, ['name'])).toBeUndefined();
    expect(formError(error, ['timezone'])).toBe('Ensure this field has no more than 200 characters.');
    // A nested field's attr is joined with `__` (API.md §2.1): it belongs to the field it is inside.
    expect(fieldError({ ...error, attr: 'tags__2', name: 'ApiError' }, 'tags')).toBe(error.detail);
    expect(formError({ ...error, attr: 'tags__2', name: 'ApiError' }, ['tags'])).toBeUndefined();
    expect(fieldError({ ...error, attr: 'tagsmore', name: 'ApiError' }, 'tags')).toBeUndefined();
  });

  it('shows an error state with the detail and Try again, and an inline 403', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    const network = new NetworkError('http://localhost:8010', target);
    const { unmount } = render(<ErrorState title="Could not load the projects" error={network} onRetry={retry} />);
    expect(screen.getByRole('heading', { name: 'Could not load the projects' })).toBeInTheDocument();
    expect(screen.getByText(/^Could not reach the API at http:\/\/localhost:8010\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
    unmount();

    render(
      <ActionError
        error={new ApiError({ status: 403, type: 'authentication_error', code: 'permission_denied', detail: "API key missing required scope 'dashboard:write'", target })}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Not allowed: API key missing required scope 'dashboard:write'");
  });
});
