import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RecordComboboxField } from '../../../src/components/combobox/combobox-field.tsx';
import { useRecordCombobox } from '../../../src/components/combobox/use-combobox.ts';

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
