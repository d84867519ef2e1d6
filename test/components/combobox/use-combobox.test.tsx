/**
 * The state and keyboard of every combobox (the ARIA 1.2 pattern: an input with role="combobox", a
 * listbox, aria-activedescendant), through a plain list, and its two faces through the form's field:
 * free text (a time zone) and a record picked by id (in a form, and a switcher whose choice comes
 * from outside).
 */
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ComboboxField, RecordComboboxField } from '../../../src/components/combobox/combobox-field.tsx';
import {
  useCombobox,
  useRecordCombobox,
  useTextCombobox,
  type ComboboxItem,
  type ComboboxOptions,
  type RecordOption,
} from '../../../src/components/combobox/use-combobox.ts';

/** The text of the option the box names active, or null when none is. */
function activeOption(): string | null {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  if (id === null) return null;
  const option = screen.getAllByRole('option').find((o) => o.id === id);
  if (!option) throw new Error(`aria-activedescendant names ${id}, which is no option on the page`);
  return option.textContent;
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

/** A key pressed in the box; true when the browser's default (caret, form submit) still happens. */
const press = (key: string) => fireEvent.keyDown(screen.getByRole('combobox'), { key });

const fruits = ['Apple', 'Banana', 'Cherry', 'Damson'];

/** The list in its plainest markup, inside a dialog that hears the keys the box lets through. */
function Plain({ items = fruits, onDialogKey, ...options }: Partial<ComboboxOptions> & { items?: string[]; onDialogKey?: (key: string) => void }) {
  const core = useCombobox({ count: items.length, onPick: () => {}, ...options });
  return (
    <div role="dialog" aria-label="Pick a fruit" onKeyDown={(event) => onDialogKey?.(event.key)}>
      <input aria-label="Fruit" aria-expanded={core.open} {...core.inputProps} />
      <ul aria-label="Fruits" {...core.listProps} hidden={!core.open}>
        {items.map((item, index) => (
          <li key={item} {...core.optionProps(index)} aria-selected={index === core.activeIndex}>
            {item}
          </li>
        ))}
      </ul>
      <button type="button" onClick={core.openList}>
        Show fruits
      </button>
    </div>
  );
}

describe('useCombobox', () => {
  const scrolled: Array<{ name: string | null; options: unknown }> = [];
  beforeEach(() => {
    // jsdom has no scrollIntoView: record which option asks to be scrolled to, and how.
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolled.push({ name: this.textContent, options });
    };
  });
  afterEach(() => {
    scrolled.length = 0;
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('is a combobox controlling its listbox, closed and with no active option at first', () => {
    render(<Plain />);
    const box = screen.getByRole('combobox', { name: 'Fruit' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('autocomplete', 'off');
    expect(box).toHaveAttribute('spellcheck', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    press('ArrowDown');
    const list = screen.getByRole('listbox', { name: 'Fruits' });
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(list.id).not.toBe('');
    const ids = screen.getAllByRole('option').map((o) => o.id);
    expect(new Set([...ids, list.id, box.id]).size).toBe(ids.length + 2);
  });

  it('ArrowDown opens the list on its first option, then moves down and wraps to the first', () => {
    const onOpen = vi.fn();
    render(<Plain onOpen={onOpen} />);
    expect(press('ArrowDown')).toBe(false);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Apple');
    expect(press('ArrowDown')).toBe(false);
    expect(activeOption()).toBe('Banana');
    press('ArrowDown');
    press('ArrowDown');
    expect(activeOption()).toBe('Damson');
    press('ArrowDown');
    expect(activeOption()).toBe('Apple');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('ArrowUp opens the list too, then moves up and wraps to the last', () => {
    render(<Plain />);
    expect(press('ArrowUp')).toBe(false);
    expect(activeOption()).toBe('Apple');
    expect(press('ArrowUp')).toBe(false);
    expect(activeOption()).toBe('Damson');
    press('ArrowUp');
    expect(activeOption()).toBe('Cherry');
  });

  it('the option ArrowUp wraps to stays active when more options load', () => {
    const { rerender } = render(<Plain />);
    press('ArrowUp');
    press('ArrowUp');
    expect(activeOption()).toBe('Damson');
    rerender(<Plain items={[...fruits, 'Elder', 'Fig']} />);
    expect(activeOption()).toBe('Damson');
  });

  it('opens on the option startAt names, or the first when it names none', () => {
    const { unmount } = render(<Plain startAt={() => 2} />);
    press('ArrowDown');
    expect(activeOption()).toBe('Cherry');
    unmount();
    render(<Plain startAt={() => -1} />);
    press('ArrowUp');
    expect(activeOption()).toBe('Apple');
  });

  it('scrolls the active option into view, to the nearest edge', () => {
    render(<Plain />);
    press('ArrowDown');
    press('ArrowDown');
    expect(scrolled).toEqual([
      { name: 'Apple', options: { block: 'nearest' } },
      { name: 'Banana', options: { block: 'nearest' } },
    ]);
  });

  it('Enter picks the active option; on a closed list it is left to the form', () => {
    const onPick = vi.fn();
    render(<Plain onPick={onPick} />);
    expect(press('Enter')).toBe(true);
    expect(onPick).not.toHaveBeenCalled();
    press('ArrowDown');
    expect(press('Enter')).toBe(false);
    expect(onPick).toHaveBeenCalledWith(0);
    press('ArrowDown');
    press('Enter');
    expect(onPick).toHaveBeenLastCalledWith(1);
  });

  it('a click picks an option; the mouse moves the active option; pressing on the list keeps focus in the box', () => {
    const onPick = vi.fn();
    render(<Plain onPick={onPick} />);
    press('ArrowDown');
    fireEvent.mouseMove(screen.getByRole('option', { name: 'Cherry' }));
    expect(activeOption()).toBe('Cherry');
    fireEvent.mouseMove(screen.getByRole('option', { name: 'Cherry' }));
    expect(activeOption()).toBe('Cherry');
    expect(fireEvent.mouseDown(screen.getByRole('listbox'))).toBe(false);
    fireEvent.click(screen.getByRole('option', { name: 'Banana' }));
    expect(onPick).toHaveBeenCalledWith(1);
  });

  it('Escape closes the open list only; on a closed list it reaches the dialog', () => {
    const dialogKeys: string[] = [];
    render(<Plain onDialogKey={(key) => dialogKeys.push(key)} />);
    press('ArrowDown');
    expect(press('Escape')).toBe(false);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant');
    expect(dialogKeys).toEqual(['ArrowDown']);
    expect(press('Escape')).toBe(true);
    expect(dialogKeys).toEqual(['ArrowDown', 'Escape']);
  });

  it('Escape on a closed list is kept when the face uses it', () => {
    const dialogKeys: string[] = [];
    let uses = true;
    render(<Plain onDialogKey={(key) => dialogKeys.push(key)} onEscapeClosed={() => uses} />);
    expect(press('Escape')).toBe(false);
    expect(dialogKeys).toEqual([]);
    uses = false;
    expect(press('Escape')).toBe(true);
    expect(dialogKeys).toEqual(['Escape']);
  });

  it('Tab closes the list; Home and End move the caret; other keys do nothing', () => {
    render(<Plain />);
    press('ArrowDown');
    press('ArrowDown');
    expect(press('Home')).toBe(true);
    expect(press('End')).toBe(true);
    expect(press('a')).toBe(true);
    expect(activeOption()).toBe('Banana');
    press('Tab');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  });

  it('openList, as a click opens it, tells onOpen; a list that shrinks keeps its last option active', () => {
    const onOpen = vi.fn();
    const { rerender } = render(<Plain onOpen={onOpen} startAt={() => 3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show fruits' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(activeOption()).toBe('Damson');
    rerender(<Plain onOpen={onOpen} startAt={() => 3} items={['Apple', 'Banana']} />);
    expect(activeOption()).toBe('Banana');
    press('ArrowDown');
    expect(activeOption()).toBe('Apple');
  });

  it('an empty open list has no active option, and the keys keep the first active for when options come', () => {
    const { rerender } = render(<Plain items={[]} />);
    press('ArrowDown');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant');
    expect(press('Enter')).toBe(true);
    press('ArrowUp');
    press('ArrowDown');
    press('ArrowUp');
    rerender(<Plain items={fruits} />);
    expect(activeOption()).toBe('Apple');
  });

  it('new contents (resetOn) leave no option active until an arrow key', () => {
    const onPick = vi.fn();
    const { rerender } = render(<Plain onPick={onPick} resetOn="a" />);
    press('ArrowDown');
    press('ArrowDown');
    rerender(<Plain onPick={onPick} resetOn="a" items={[...fruits]} />);
    expect(activeOption()).toBe('Banana');
    rerender(<Plain onPick={onPick} resetOn="b" />);
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBeNull();
    press('Enter');
    expect(onPick).not.toHaveBeenCalled();
    press('ArrowUp');
    expect(activeOption()).toBe('Damson');
    rerender(<Plain onPick={onPick} resetOn="c" />);
    press('ArrowDown');
    expect(activeOption()).toBe('Apple');
  });

  it('names each option by optionKey, so the active one keeps its id when the list reorders', () => {
    const { rerender } = render(<Plain optionKey={(index) => fruits[index]!.toLowerCase()} />);
    press('ArrowDown');
    const apple = screen.getByRole('option', { name: 'Apple' }).id;
    const reordered = ['Banana', 'Apple', 'Cherry', 'Damson'];
    rerender(<Plain items={reordered} optionKey={(index) => reordered[index]!.toLowerCase()} />);
    expect(screen.getByRole('option', { name: 'Apple' }).id).toBe(apple);
  });

  describe('always open (Go to)', () => {
    it('shows the list with its first option active, and Home and End move to its ends', () => {
      render(<Plain alwaysOpen />);
      expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
      expect(activeOption()).toBe('Apple');
      expect(press('End')).toBe(false);
      expect(activeOption()).toBe('Damson');
      expect(press('Home')).toBe(false);
      expect(activeOption()).toBe('Apple');
      press('ArrowUp');
      expect(activeOption()).toBe('Damson');
    });

    it('never closes: Escape reaches the dialog, Tab leaves it open', () => {
      const dialogKeys: string[] = [];
      render(<Plain alwaysOpen onDialogKey={(key) => dialogKeys.push(key)} onEscapeClosed={() => true} />);
      expect(press('Escape')).toBe(true);
      expect(dialogKeys).toEqual(['Escape']);
      press('Tab');
      expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    });

    it('Enter with nothing to pick does not submit; an empty list ignores Home and End', () => {
      const onPick = vi.fn();
      const { rerender } = render(<Plain alwaysOpen items={[]} onPick={onPick} />);
      expect(press('Enter')).toBe(false);
      expect(press('Home')).toBe(true);
      expect(press('End')).toBe(true);
      expect(onPick).not.toHaveBeenCalled();
      rerender(<Plain alwaysOpen items={fruits} onPick={onPick} />);
      expect(activeOption()).toBe('Apple');
    });

    it('End stays on the option it reached when more options load', () => {
      const { rerender } = render(<Plain alwaysOpen />);
      press('End');
      rerender(<Plain alwaysOpen items={[...fruits, 'Elder', 'Fig']} />);
      expect(activeOption()).toBe('Damson');
    });

    it('new contents make the first option active again', () => {
      const { rerender } = render(<Plain alwaysOpen resetOn={false} />);
      press('End');
      rerender(<Plain alwaysOpen resetOn />);
      expect(activeOption()).toBe('Apple');
    });
  });
});

const zones = ['Asia/Kolkata', 'Europe/London', 'Asia/Kathmandu', 'America/New_York', 'Pacific/Auckland'];

function TimeZone({ initial = '', onChange, options = zones }: { initial?: string; onChange?: (value: string) => void; options?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <ComboboxField
      label="Time zone"
      noun="time zone"
      value={value}
      options={options}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('useTextCombobox', () => {
  it('filters by what is typed, the options with a word starting with it first, "_" and "/" as spaces, any case', async () => {
    const user = userEvent.setup();
    render(<TimeZone />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.type(box, 'ka');
    expect(optionNames()).toEqual(['Asia/Kathmandu', 'Asia/Kolkata']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption()).toBe('Asia/Kathmandu');
    await user.clear(box);
    await user.type(box, 'NEW york');
    expect(optionNames()).toEqual(['America/New_York']);
    await user.clear(box);
    await user.type(box, 'europe//lon');
    expect(optionNames()).toEqual(['Europe/London']);
    await user.clear(box);
    await user.type(box, 'asia/k');
    expect(optionNames()).toEqual(['Asia/Kolkata', 'Asia/Kathmandu']);
    await user.clear(box);
    await user.type(box, 'zz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No time zone matches “zz”.')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, '  ');
    expect(optionNames()).toEqual(zones);
  });

  it('what starts with the text comes before what only contains it, over several words too', async () => {
    const user = userEvent.setup();
    render(<TimeZone options={['Old New York', 'New York City']} />);
    await user.type(screen.getByRole('combobox', { name: 'Time zone' }), 'new york');
    expect(optionNames()).toEqual(['New York City', 'Old New York']);
  });

  it('hands the markup each option: its key and label, whether it is the value, whether it is active', () => {
    const { result } = renderHook(() => useTextCombobox({ value: 'Europe/London', onChange: () => {}, options: zones }));
    act(() => result.current.inputProps.onClick());
    const fields = ({ key, label, selected, active }: ComboboxItem) => ({ key, label, selected, active });
    expect(result.current.items.map(fields)).toEqual(
      zones.map((zone) => ({ key: zone, label: zone, selected: zone === 'Europe/London', active: zone === 'Europe/London' })),
    );
    expect(result.current.items[1]!.props['aria-selected']).toBe(true);
    expect(result.current.items[0]!.props['aria-selected']).toBe(false);
  });

  it('Enter takes the active suggestion and closes the list; the box opens again on the whole list, at the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeZone onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.type(box, 'ka');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Asia/Kolkata');
    expect(onChange).toHaveBeenLastCalledWith('Asia/Kolkata');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(zones);
    expect(activeOption()).toBe('Asia/Kolkata');
    expect(screen.getByRole('option', { name: 'Asia/Kolkata' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Europe/London' })).toHaveAttribute('aria-selected', 'false');
  });

  it('a click opens the whole list at the value; a click on the open list keeps the filter', async () => {
    const user = userEvent.setup();
    render(<TimeZone initial="America/New_York" />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.click(box);
    expect(optionNames()).toEqual(zones);
    expect(activeOption()).toBe('America/New_York');
    await user.clear(box);
    await user.type(box, 'lon');
    await user.click(box);
    expect(optionNames()).toEqual(['Europe/London']);
    await user.click(screen.getByRole('option', { name: 'Europe/London' }));
    expect(box).toHaveValue('Europe/London');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveFocus();
  });

  it('leaving the box keeps what is typed, in the option\'s spelling when it names one exactly', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TimeZone onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.type(box, ' europe/LONDON ');
    await user.tab();
    expect(box).toHaveValue('Europe/London');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    const calls = onChange.mock.calls.length;
    await user.click(box);
    await user.tab();
    expect(onChange).toHaveBeenCalledTimes(calls);
    await user.clear(box);
    await user.type(box, 'Europe/Lon');
    await user.tab();
    expect(box).toHaveValue('Europe/Lon');
    expect(onChange).toHaveBeenLastCalledWith('Europe/Lon');
  });

  it('a list closed on a filter opens again on every option', async () => {
    const user = userEvent.setup();
    render(<TimeZone />);
    const box = screen.getByRole('combobox', { name: 'Time zone' });
    await user.type(box, 'lon');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual(zones);
    expect(box).toHaveValue('lon');
  });
});

interface Project extends RecordOption {
  id: number;
  label: string;
}
const projects: Project[] = [
  { id: 7, label: 'Sales' },
  { id: 9, label: 'Sales' },
  { id: 12, label: 'Support' },
  { id: 15, label: 'Web' },
];
const matching = (search: string) => projects.filter((p) => p.label.toLowerCase().includes(search.toLowerCase()));

/** A form's field: the face keeps the record picked. */
function Destination({ onPick, onSearch }: { onPick?: (option: Project) => void; onSearch?: (text: string) => void }) {
  const [search, setSearch] = useState('');
  const face = useRecordCombobox({
    options: matching(search),
    onSearch: (text) => {
      onSearch?.(text);
      setSearch(text);
    },
    onPick,
  });
  return (
    <>
      <RecordComboboxField label="Destination" noun="project" face={face} />
      <p>Chosen: {face.chosen ? `#${face.chosen.id}` : 'none'}</p>
      <p>Typed: {face.typed ?? 'nothing'}</p>
    </>
  );
}

/** A switcher: the choice comes from outside, a pick is only reported. */
function Switcher({ onPick, onSearch }: { onPick: (option: Project) => void; onSearch?: (text: string) => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Project>(projects[2]!);
  const face = useRecordCombobox({
    options: matching(search),
    chosen,
    onSearch: (text) => {
      onSearch?.(text);
      setSearch(text);
    },
    onPick: (option) => {
      onPick(option);
      setChosen(option);
    },
  });
  return (
    <div role="dialog" aria-label="Switch project" onKeyDown={(event) => event.key === 'Escape' && onPick({ id: -1, label: 'dialog closed' })}>
      <RecordComboboxField label="Project" noun="project" face={face} />
      <p>Chosen: #{face.chosen?.id}</p>
    </div>
  );
}

describe('useRecordCombobox in a form', () => {
  it('picks by id: of two records of one name, the one picked stays chosen while its name is typed again', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onSearch = vi.fn();
    render(<Destination onPick={onPick} onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Destination' });
    expect(box).toHaveValue('');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
    await user.type(box, 'sa');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(onSearch).toHaveBeenLastCalledWith('sa');
    expect(screen.getByText('Typed: sa')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(projects[1]);
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Typed: nothing')).toBeInTheDocument();
    expect(box).toHaveValue('Sales');
    expect(screen.getByText('Chosen: #9')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'SALES ');
    expect(screen.getByText('Chosen: #9')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'support');
    expect(screen.getByText('Chosen: #12')).toBeInTheDocument();
    await user.tab();
    expect(box).toHaveValue('Support');
    expect(screen.getByText('Typed: nothing')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'sales');
    expect(screen.getByText('Chosen: #7')).toBeInTheDocument();
  });

  it('reports every pick, the same record again too, and opens on the chosen one', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Destination onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Destination' });
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Web' }));
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe('Web');
    expect(screen.getByRole('option', { name: 'Web' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: 'Support' })).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledTimes(2);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps text that names nothing, chooses none, and is not expanded without options; Escape reaches the form\'s dialog', async () => {
    const user = userEvent.setup();
    const dialogKeys: string[] = [];
    render(
      <div role="dialog" aria-label="Move" onKeyDown={(event) => dialogKeys.push(event.key)}>
        <Destination />
      </div>,
    );
    const box = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(box, 'Nowhere');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.getByText('No project matches “Nowhere”.')).toBeInTheDocument();
    dialogKeys.length = 0;
    await user.keyboard('{Escape}{Escape}');
    expect(dialogKeys).toEqual(['Escape']);
    await user.tab();
    expect(box).toHaveValue('Nowhere');
    expect(screen.getByText('Chosen: none')).toBeInTheDocument();
    expect(screen.getByText('Typed: Nowhere')).toBeInTheDocument();
  });

  it('a click on the open list keeps the search and the active option; a pick needs no onPick', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Destination onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(box, 'sa');
    await user.keyboard('{ArrowDown}');
    await user.click(box);
    expect(optionNames()).toEqual(['Sales', 'Sales']);
    expect(activeOption()).toBe('Sales');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]!.id);
    expect(onSearch).toHaveBeenLastCalledWith('sa');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Chosen: #9')).toBeInTheDocument();
  });

  it('leaving the box untouched searches nothing', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Destination onSearch={onSearch} />);
    await user.click(screen.getByRole('combobox', { name: 'Destination' }));
    await user.click(screen.getByRole('option', { name: 'Web' }));
    onSearch.mockClear();
    await user.tab();
    await user.click(screen.getByRole('combobox', { name: 'Destination' }));
    await user.tab();
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByText('Chosen: #15')).toBeInTheDocument();
  });

  it('hands the markup each record by its id', () => {
    const { result } = renderHook(() => useRecordCombobox({ options: projects, onSearch: () => {}, chosen: projects[2]!, onPick: () => {} }));
    act(() => result.current.inputProps.onClick());
    const fields = ({ key, label, selected, active }: ComboboxItem) => ({ key, label, selected, active });
    expect(result.current.items.map(fields)).toEqual([
      { key: '7', label: 'Sales', selected: false, active: false },
      { key: '9', label: 'Sales', selected: false, active: false },
      { key: '12', label: 'Support', selected: true, active: true },
      { key: '15', label: 'Web', selected: false, active: false },
    ]);
  });

  it('does not select the text on focus (what is typed stays typed)', async () => {
    const user = userEvent.setup();
    render(<Destination />);
    const box = screen.getByRole('combobox', { name: 'Destination' });
    await user.type(box, 'Web');
    await user.tab();
    await user.click(box);
    expect((box as HTMLInputElement).selectionStart).toBe((box as HTMLInputElement).selectionEnd);
  });
});

describe('useRecordCombobox as a switcher', () => {
  it('with nothing chosen yet, leaving the box empties it', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    function Empty() {
      const [search, setSearch] = useState('');
      const face = useRecordCombobox<Project>({
        options: matching(search),
        chosen: null,
        onSearch: (text) => {
          onSearch(text);
          setSearch(text);
        },
        onPick: () => {},
      });
      return <RecordComboboxField label="Project" noun="project" face={face} />;
    }
    render(<Empty />);
    const box = screen.getByRole('combobox', { name: 'Project' });
    await user.type(box, 'Web');
    await user.tab();
    expect(box).toHaveValue('');
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('shows the chosen name, selected on focus; what is typed searches and leaving the box brings the name back', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onSearch = vi.fn();
    render(<Switcher onPick={onPick} onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Project' });
    expect(box).toHaveValue('Support');
    fireEvent.focus(box);
    expect([(box as HTMLInputElement).selectionStart, (box as HTMLInputElement).selectionEnd]).toEqual([0, 'Support'.length]);
    await user.type(box, 'Web');
    expect(onSearch).toHaveBeenLastCalledWith('Web');
    expect(screen.getByText('Chosen: #12')).toBeInTheDocument();
    await user.tab();
    expect(box).toHaveValue('Support');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('opens on the chosen record; picking it again reports nothing, another one is reported', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<Switcher onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Project' });
    await user.click(box);
    expect(activeOption()).toBe('Support');
    await user.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(projects[3]);
    expect(box).toHaveValue('Web');
    expect(screen.getByText('Chosen: #15')).toBeInTheDocument();
  });

  it('Escape closes the list, then puts the chosen name back, and only then reaches the dialog', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const onSearch = vi.fn();
    render(<Switcher onPick={onPick} onSearch={onSearch} />);
    const box = screen.getByRole('combobox', { name: 'Project' });
    await user.clear(box);
    await user.type(box, 'we');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('we');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('Support');
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onPick).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onPick).toHaveBeenCalledWith({ id: -1, label: 'dialog closed' });
  });
});
