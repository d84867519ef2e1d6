/** Display helpers for the dashboard detail page. */
import type { Dashboard, Tile } from '../../contract/schemas.ts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp in the reader's locale and zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

const creationModes: Record<string, string> = {
  default: 'Blank',
  template: 'From a template',
  duplicate: 'Copy of another dashboard',
};

export function creationModeLabel(mode: Dashboard['creation_mode']): string {
  return creationModes[mode] ?? mode;
}

/** The insight's name, else the first line of the text, else `Untitled tile`. */
export function tileTitle(tile: Tile): string {
  const firstLine = tile.text?.body?.trim().split(/\r?\n/, 1)[0]?.trim();
  return tile.insight?.name?.trim() || firstLine || 'Untitled tile';
}
