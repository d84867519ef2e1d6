import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '../../src/app/routes/route-boundary.tsx';
import { Button } from '../../src/components/button/button.tsx';
import { RecordComboboxField } from '../../src/components/combobox/combobox-field.tsx';
import { ConfirmDialog } from '../../src/components/dialog/confirm-dialog.tsx';
import { CopyButton } from '../../src/components/button/copy-button.tsx';
import { Dialog, useDialog } from '../../src/components/dialog/dialog.tsx';
import { ActionError, ErrorState } from '../../src/components/feedback/error-state.tsx';
import { fieldError, formError } from '../../src/components/form/field-error-text.ts';
import { TextField } from '../../src/components/form/field.tsx';
import { FALLBACK_ROWS, InfiniteTable } from '../../src/components/table/infinite-table.tsx';
import { LinkTabs } from '../../src/components/layout/link-tabs.tsx';
import { SearchInput } from '../../src/components/form/search-input.tsx';
import { Switch } from '../../src/components/form/switch.tsx';
import { ToastProvider, useToast } from '../../src/components/feedback/toast.tsx';
import { useRecordCombobox } from '../../src/components/combobox/use-combobox.ts';
import { ApiError, NetworkError } from '../../src/api/client/http.ts';

const target = { endpoint: 'projects.create', method: 'POST' as const, path: '/api/organizations/@current/projects/' };

function CancelButton() {
  const { requestClose } = useDialog();
  return (
    <button type="button" onClick={requestClose}>
      Cancel
    </button>
  );
}

function DialogDemo() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        New project
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setName('');
        }}
        title="New project"
        dirty={name !== ''}
      >
        <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <CancelButton />
        <button type="submit">Create project</button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal that traps focus, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    const opener = screen.getByRole('button', { name: 'New project' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'New project' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Create project' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(name).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Create project' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('asks before discarding typed input', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    await user.click(screen.getByRole('button', { name: 'New project' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Sales');

    await user.keyboard('{Escape}');
    const question = screen.getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sales');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New project' })).toHaveFocus();
  });

  it('still closes on Escape and traps Tab after focus fell to the page body', async () => {
    const user = userEvent.setup();
    render(<DialogDemo />);
    const opener = screen.getByRole('button', { name: 'New project' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'New project' });

    // As when the focused button disables itself while a request is pending.
    // eslint-disable-next-line testing-library/no-node-access -- dropping focus to <body> is the case under test.
    (document.activeElement as HTMLElement).blur();
    expect(document.body).toHaveFocus();
    await user.tab();
    // eslint-disable-next-line testing-library/no-node-access -- wherever focus went, it is inside the dialog.
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    // eslint-disable-next-line testing-library/no-node-access -- as above.
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});

describe('Button', () => {
  function Demo({ reason = null, pending = false, inactive = false }: { reason?: string | null; pending?: boolean; inactive?: boolean | string }) {
    const [presses, setPresses] = useState(0);
    return (
      <>
        <Button unavailableReason={reason} pending={pending} inactive={inactive} onClick={() => setPresses((n) => n + 1)}>
          Restore
        </Button>
        <p>Pressed {presses} times</p>
      </>
    );
  }

  it('is disabled up front with the reason in words, and keeps focus when it becomes unavailable', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Demo reason="Checking access…" />);
    const button = screen.getByRole('button', { name: 'Restore' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Checking access…');
    expect(button).toHaveAttribute('title', 'Checking access…');
    expect(screen.getByText('Checking access…')).toBeVisible();

    rerender(<Demo />);
    expect(button).toBeEnabled();
    expect(button).not.toHaveAccessibleDescription();
    await user.click(button);
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();

    // Refused while it has focus: it stays focusable (aria-disabled) and ignores presses.
    rerender(<Demo reason="This API key cannot restore dashboards: it lacks the dashboard:write scope." />);
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('This API key cannot restore dashboards: it lacks the dashboard:write scope.');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
  });

  it('stays focusable and ignores presses while pending or inactive, saying why when inactive says so', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Demo pending />);
    const button = screen.getByRole('button', { name: 'Restore' });
    expect(button).not.toBeDisabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(button).toHaveFocus();
    expect(screen.getByText('Pressed 0 times')).toBeInTheDocument();

    rerender(<Demo inactive="No changes to save yet." />);
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveAccessibleDescription('No changes to save yet.');
    await user.keyboard(' ');
    expect(screen.getByText('Pressed 0 times')).toBeInTheDocument();

    rerender(<Demo />);
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.keyboard(' ');
    expect(screen.getByText('Pressed 1 times')).toBeInTheDocument();
  });
});

describe('RecordComboboxField', () => {
  const records = [
    { id: 7, label: 'Sales (#7)' },
    { id: 9, label: 'Sales (#9)' },
    { id: 12, label: 'Support' },
  ];
  function Demo() {
    const [search, setSearch] = useState('');
    const field = useRecordCombobox({ options: records.filter((r) => r.label.toLowerCase().includes(search.toLowerCase())), onSearch: setSearch });
    return (
      <>
        <RecordComboboxField label="Destination" noun="record" face={field} />
        <p>Chosen: {field.chosen ? `#${field.chosen.id}` : 'none'}</p>
      </>
    );
  }

  it('picks a record by its id, by keyboard, by click or by its exact name, and keeps what matches nothing', async () => {
    const user = userEvent.setup();
    render(<Demo />);
    const box = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(box, 'sal');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Sales (#9)');
    expect(screen.getByText('Chosen: #9')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.clear(box);
    await user.type(box, 'Nowhere');
    expect(screen.getByText('No record matches “Nowhere”.')).toBeInTheDocument();
    await user.tab();
    expect(box).toHaveValue('Nowhere');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'support');
    expect(screen.getByText('Chosen: #12')).toBeInTheDocument();
    await user.tab();
    expect(box).toHaveValue('Support');

    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Sales (#7)' }));
    expect(screen.getByText('Chosen: #7')).toBeInTheDocument();
    expect(box).toHaveFocus();
  });
});

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

describe('InfiniteTable', () => {
  interface Row {
    id: number;
    name: string;
  }
  const rows = (n: number, from = 0): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `Dashboard ${from + i}` }));
  const columns = [
    { key: 'name', header: 'Name', rowHeader: true, cell: (row: Row) => <a href={`#${row.id}`}>{row.name}</a> },
    { key: 'id', header: 'ID', cell: (row: Row) => row.id },
  ];

  it('keeps table semantics and renders only a window of a long list', () => {
    render(
      <InfiniteTable
        label="Dashboards"
        items={rows(10_000)}
        total={10_000}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={() => {}}
        itemNoun={{ one: 'dashboard', other: 'dashboards' }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Dashboards' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'ID']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.length).toBeGreaterThanOrEqual(FALLBACK_ROWS);
    expect(bodyRows.length).toBeLessThanOrEqual(40);
    expect(bodyRows[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(bodyRows[0]!).getByRole('rowheader', { name: 'Dashboard 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard 0' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard 9999' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 10000 of 10000 dashboards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page near the loaded end, and by Load more', async () => {
    const user = userEvent.setup();
    const fetchNextPage = vi.fn();
    const { rerender } = render(
      <InfiniteTable
        label="Projects"
        items={rows(100)}
        total={250}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    expect(fetchNextPage).not.toHaveBeenCalled();
    expect(screen.getByText('Showing 100 of 250 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    rerender(
      <InfiniteTable
        label="Projects"
        items={rows(10)}
        total={250}
        getKey={(row) => row.id}
        columns={columns}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
      />,
    );
    await waitFor(() => expect(fetchNextPage).toHaveBeenCalledTimes(2));
  });
});

describe('LinkTabs', () => {
  it('marks the tab of the URL and moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    const Layout = () => (
      <LinkTabs
        label="Dashboard sections"
        tabs={[
          { to: '/d/7', label: 'Overview' },
          { to: '/d/7/collaborators', label: 'Collaborators' },
          { to: '/d/7/sharing', label: 'Sharing' },
        ]}
      >
        <Outlet />
      </LinkTabs>
    );
    const router = createMemoryRouter(
      [
        {
          path: '/d/7',
          element: <Layout />,
          children: [
            { index: true, element: <p>Overview content</p> },
            { path: 'collaborators', element: <p>Collaborators content</p> },
            { path: 'sharing', element: <p>Sharing content</p> },
          ],
        },
      ],
      { initialEntries: ['/d/7/collaborators'] },
    );
    render(<RouterProvider router={router} />);
    const tablist = screen.getByRole('tablist', { name: 'Dashboard sections' });
    const collaborators = within(tablist).getByRole('tab', { name: 'Collaborators' });
    expect(collaborators).toHaveAttribute('aria-selected', 'true');
    expect(collaborators).toHaveAttribute('tabindex', '0');
    expect(within(tablist).getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Collaborators' })).toHaveTextContent('Collaborators content');

    collaborators.focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7/sharing'));
    expect(within(tablist).getByRole('tab', { name: 'Sharing' })).toHaveFocus();
    expect(within(tablist).getByRole('tab', { name: 'Sharing' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{Home}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7'));
    expect(await screen.findByText('Overview content')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/7/sharing'));
    await user.keyboard('{End}');
    expect(router.state.location.pathname).toBe('/d/7/sharing');
  });
});

describe('toasts, copy, switch, search', () => {
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

  it('copies to the clipboard and says Copied', async () => {
    const user = userEvent.setup();
    render(<CopyButton text="phc_token" label="Copy project API key" />);
    await user.click(screen.getByRole('button', { name: 'Copy project API key' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('phc_token');
  });

  it('has a switch and a debounced searchbox', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const onSearch = vi.fn();
    render(
      <>
        <Switch label="Share publicly" checked={false} onChange={onToggle} />
        <SearchInput label="Search dashboards" value="" onChange={onSearch} delayMs={20} />
      </>,
    );
    await user.click(screen.getByRole('switch', { name: 'Share publicly' }));
    expect(onToggle).toHaveBeenCalledWith(true);
    expect(screen.getByRole('switch', { name: 'Share publicly' })).toHaveAttribute('aria-checked', 'false');

    await user.type(screen.getByRole('searchbox', { name: 'Search dashboards' }), 'sales');
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('sales'));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });
});

describe('RouteBoundary', () => {
  it('shows what failed and recovers with Try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const Flaky = () => {
      if (fail) throw new Error('The page broke.');
      return <h1>Recovered</h1>;
    };
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <RouteBoundary><Flaky /></RouteBoundary> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText('The page broke.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to projects' })).toHaveAttribute('href', '/projects');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
