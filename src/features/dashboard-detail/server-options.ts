/** Helpers of the portability dialogs' searchable comboboxes: debounced server search and option labels. */

export interface Choice {
  id: number;
  /** What the combobox shows: the name, with `(#id)` when another choice has the same name. */
  label: string;
}

/** One label per item; names shared by several items get their id, so every label picks one item. */
export function choicesOf<T extends { id: number }>(items: ReadonlyArray<T>, nameOf: (item: T) => string): Choice[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(nameOf(item), (counts.get(nameOf(item)) ?? 0) + 1);
  return items.map((item) => {
    const name = nameOf(item);
    return { id: item.id, label: (counts.get(name) ?? 0) > 1 ? `${name} (#${item.id})` : name };
  });
}

/** The choice whose label is `text` (case-insensitive, trimmed), among those shown and the one picked before. */
export function choiceFor(text: string, choices: ReadonlyArray<Choice>, picked: Choice | null): Choice | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  if (picked && picked.label.toLowerCase() === wanted) return picked;
  return choices.find((choice) => choice.label.toLowerCase() === wanted) ?? null;
}
