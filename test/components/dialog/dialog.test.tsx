import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, useDialog } from '../../../src/components/dialog/dialog.tsx';
import { TextField } from '../../../src/components/form/field.tsx';

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
