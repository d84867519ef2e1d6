/** The options of the portability dialogs' record comboboxes. */

export interface Choice {
  id: number;
  /** What the combobox shows: the name, with `(#id)` when another choice has the same name. */
  label: string;
}

/** One label per item; names shared by several items get their id, so no two options read the same. */
export function choicesOf<T extends { id: number }>(items: ReadonlyArray<T>, nameOf: (item: T) => string): Choice[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(nameOf(item), (counts.get(nameOf(item)) ?? 0) + 1);
  return items.map((item) => {
    const name = nameOf(item);
    return { id: item.id, label: (counts.get(name) ?? 0) > 1 ? `${name} (#${item.id})` : name };
  });
}
