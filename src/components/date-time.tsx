/** Dates as people read them, with the API's ISO timestamp kept in a <time> element and its title. */

const absoluteFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `3 days ago`, `in 2 hours`, `now` (under 45 seconds). */
export function formatRelative(date: Date, now: number = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return relativeFormat.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(seconds, 'second');
}

/** `Jul 1, 2024, 9:30 AM` in the reader's locale and time zone. */
export function formatAbsolute(date: Date): string {
  return absoluteFormat.format(date);
}

export interface DateTimeProps {
  /** An ISO 8601 timestamp from the API. */
  value: string;
  /** Lead with the relative time (`3 days ago · Jul 1, 2024, 9:30 AM`). */
  relative?: boolean;
}

/** A timestamp: readable text, the ISO value as `dateTime` and tooltip. An unreadable value is shown as sent. */
export function DateTime({ value, relative = false }: DateTimeProps) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{value}</span>;
  const absolute = formatAbsolute(date);
  return (
    <time dateTime={value} title={value}>
      {relative ? `${formatRelative(date)} · ${absolute}` : absolute}
    </time>
  );
}
