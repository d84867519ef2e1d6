/**
 * The selection column of a bulk-action table: `Select <name>` per row (Shift+click selects a
 * range) and, in the header, `Select all loaded <noun>` (mixed when some are).
 */
import '../bulk/bulk-controls.css';
import './tables.css';
import type { TableColumn } from './table-parts.tsx';

export interface SelectionColumnOptions<T> {
  isSelected: (item: T) => boolean;
  /** `range`: Shift was held. */
  onToggle: (item: T, range: boolean) => void;
  allLoaded: boolean;
  someLoaded: boolean;
  onToggleAllLoaded: (selected: boolean) => void;
  /** Id of the header checkbox (focus goes there when the toolbar closes). */
  headerCheckboxId: string;
}

/** The header's checkbox: checked when every loaded row is, mixed when some are. */
function SelectAllCheckbox<T>({ selection, label }: { selection: SelectionColumnOptions<T>; label: string }) {
  return (
    <input
      id={selection.headerCheckboxId}
      type="checkbox"
      className="select-checkbox"
      aria-label={label}
      checked={selection.allLoaded}
      ref={(element) => {
        if (element) element.indeterminate = selection.someLoaded && !selection.allLoaded;
      }}
      onChange={(event) => selection.onToggleAllLoaded(event.target.checked)}
    />
  );
}

export function selectionColumn<T>(
  selection: SelectionColumnOptions<T>,
  { allLabel, rowLabel }: { allLabel: string; rowLabel: (item: T) => string },
): TableColumn<T> {
  return {
    key: 'select',
    header: <SelectAllCheckbox selection={selection} label={allLabel} />,
    width: '3rem',
    className: 'cell-select',
    cell: (item) => (
      <input
        type="checkbox"
        className="select-checkbox"
        aria-label={rowLabel(item)}
        checked={selection.isSelected(item)}
        // A checkbox's change comes from its click: Shift is on the native event.
        onChange={(event) => selection.onToggle(item, (event.nativeEvent as MouseEvent).shiftKey === true)}
      />
    ),
  };
}
