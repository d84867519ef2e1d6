// The save that never overwrites another person's change unasked: read again, plan, ask
// `Changed since you opened it`, send what is left or say nothing is left.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../src/components/feedback/toast.tsx';
import { useCheckedSave, type CheckedSave, type CheckedSaveOptions, type CheckedSavePlan } from '../../../src/components/form/use-checked-save.ts';

interface Dashboard {
  id: number;
  name: string;
  description: string;
}
type Values = Pick<Dashboard, 'name' | 'description'>;
type Field = keyof Values;

const fresh: Dashboard = { id: 7, name: 'Renamed by Ana', description: 'Theirs' };

function setup(plan: CheckedSavePlan<Field>, readFresh: () => Promise<Dashboard> = async () => fresh) {
  const send = vi.fn();
  const planFn = vi.fn(() => plan);
  const conflictRows = vi.fn((record: Dashboard, p: CheckedSavePlan<Field>) =>
    p.conflicts.map((field) => ({ field, label: field === 'name' ? 'Name' : 'Description', theirs: record[field], yours: 'Mine' })),
  );
  const options: CheckedSaveOptions<Dashboard, Values, Field> = {
    readFresh: vi.fn(readFresh),
    plan: planFn,
    conflictRows,
    valuesOf: (record) => ({ name: record.name, description: record.description }),
    noun: 'dashboard',
    send,
  };
  const form = {
    edits: { name: 'Mine', description: 'Mine too' } as Partial<Values>,
    baselines: { name: 'Revenue', description: 'Old' } as Partial<Values>,
    drop: vi.fn(),
    settle: vi.fn(),
  };
  const latest: { current: CheckedSave<Values> | null } = { current: null };
  function Harness() {
    const save = useCheckedSave(options);
    latest.current = save;
    return (
      <>
        {save.conflictDialog}
        <p>{save.checking ? 'Checking' : 'Idle'}</p>
      </>
    );
  }
  render(
    <ToastProvider>
      <Harness />
    </ToastProvider>,
  );
  const save = () => latest.current!.saveChecked(form);
  return { save, send, form, options, planFn, conflictRows, latest };
}

const toastText = () => screen.getByRole('status', { name: 'Notifications' });

describe('useCheckedSave', () => {
  it('reads the record again, plans against it, and sends the changes with the values the form will show', async () => {
    const { save, send, form, options, planFn } = setup({ changes: { name: 'Mine' }, conflicts: [] });
    expect(screen.getByText('Idle')).toBeInTheDocument();
    await act(save);
    expect(options.readFresh).toHaveBeenCalledTimes(1);
    expect(planFn).toHaveBeenCalledWith(fresh, form.edits, form.baselines);
    expect(send).toHaveBeenCalledWith({ name: 'Mine' }, { name: 'Mine', description: 'Mine too' });
    expect(form.settle).not.toHaveBeenCalled();
    expect(screen.getByText('Idle')).toBeInTheDocument();
  });

  it('says it is checking while it reads', async () => {
    let release!: (record: Dashboard) => void;
    const { save, send } = setup({ changes: { name: 'Mine' }, conflicts: [] }, () => new Promise((resolve) => (release = resolve)));
    let saving!: Promise<void>;
    act(() => {
      saving = save();
    });
    expect(screen.getByText('Checking')).toBeInTheDocument();
    await act(async () => {
      release(fresh);
      await saving;
    });
    expect(screen.getByText('Idle')).toBeInTheDocument();
    expect(send).toHaveBeenCalled();
  });

  it('sends nothing when the record cannot be read, and says why until the next try', async () => {
    const failure = new Error('offline');
    let fail = true;
    const { save, send, latest } = setup({ changes: { name: 'Mine' }, conflicts: [] }, async () => {
      if (fail) throw failure;
      return fresh;
    });
    await act(save);
    expect(latest.current!.checkError).toBe(failure);
    expect(latest.current!.checking).toBe(false);
    expect(send).not.toHaveBeenCalled();
    fail = false;
    await act(save);
    expect(latest.current!.checkError).toBeNull();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('says there is nothing to save when the record already holds what was typed', async () => {
    const { save, send, form } = setup({ changes: {}, conflicts: [] });
    await act(save);
    expect(send).not.toHaveBeenCalled();
    expect(form.settle).toHaveBeenCalledWith({ name: 'Mine', description: 'Mine too' });
    expect(toastText()).toHaveTextContent('Nothing to save: the dashboard already holds these values.');
  });
});

describe('useCheckedSave: Changed since you opened it', () => {
  async function ask(plan: CheckedSavePlan<Field>) {
    const setupResult = setup(plan);
    let saving!: Promise<void>;
    act(() => {
      saving = setupResult.save();
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Changed since you opened it' });
    return { ...setupResult, dialog, saving };
  }

  it('asks about the fields another person changed, saying the others are saved too', async () => {
    const plan = { changes: { name: 'Mine', description: 'Mine too' }, conflicts: ['name' as const] };
    const { dialog, conflictRows, send, saving } = await ask(plan);
    expect(conflictRows).toHaveBeenCalledWith(fresh, plan);
    expect(within(dialog).getByRole('rowheader', { name: 'Name' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('and saves your other changes');
    expect(send).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    await act(() => saving);
    expect(send).toHaveBeenCalledWith({ name: 'Mine', description: 'Mine too' }, { name: 'Mine', description: 'Mine too' });
  });

  it('does not speak of other changes when every change is contested', async () => {
    const { dialog } = await ask({ changes: { name: 'Mine' }, conflicts: ['name'] });
    expect(dialog).not.toHaveTextContent('other changes');
  });

  it('Take theirs: drops those edits and sends the rest', async () => {
    const { dialog, send, form, saving } = await ask({ changes: { name: 'Mine', description: 'Mine too' }, conflicts: ['name'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await act(() => saving);
    expect(form.drop).toHaveBeenCalledWith(['name']);
    expect(send).toHaveBeenCalledWith({ description: 'Mine too' }, { name: 'Renamed by Ana', description: 'Mine too' });
  });

  it('Take theirs with nothing else to send: the form shows their values, and says so', async () => {
    const { dialog, send, form, saving } = await ask({ changes: { name: 'Mine', description: 'Mine too' }, conflicts: ['name', 'description'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await act(() => saving);
    expect(send).not.toHaveBeenCalled();
    expect(form.settle).toHaveBeenCalledWith({ name: 'Renamed by Ana', description: 'Theirs' });
    expect(toastText()).toHaveTextContent('Nothing else to save: the form shows their values.');
  });

  it('Cancel saves nothing and keeps what was typed', async () => {
    const { dialog, send, form, saving } = await ask({ changes: { name: 'Mine' }, conflicts: ['name'] });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await act(() => saving);
    expect(send).not.toHaveBeenCalled();
    expect(form.drop).not.toHaveBeenCalled();
    expect(form.settle).not.toHaveBeenCalled();
    expect(toastText()).toHaveTextContent('');
  });
});
