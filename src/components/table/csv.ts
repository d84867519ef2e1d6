/**
 * The one CSV writer of the console (every file `Export CSV` saves goes through it): RFC 4180 (CRLF
 * line ends; a field quoted when it holds a comma, a quote, a CR or LF, quotes doubled), UTF-8 with a
 * byte order mark so spreadsheet programs read accents, and the spreadsheet formula defence (OWASP
 * "CSV injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a
 * leading `'`, so a dashboard named `=HYPERLINK(…)` is shown as text, never run as a formula.
 */

export const BYTE_ORDER_MARK = '\uFEFF';

/** Characters a spreadsheet may read as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet should read it: text that could start a formula is led by `'`. */
export function defuseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field: the formula defence first, then quoted only when RFC 4180 needs it. */
export function csvField(value: string): string {
  const safe = defuseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record (no line end). */
export function csvRow(fields: ReadonlyArray<string>): string {
  return fields.map(csvField).join(',');
}

/** The whole file: BOM, the header row, one row per record, every line ended by CRLF. */
export function csvText(header: ReadonlyArray<string>, rows: Iterable<ReadonlyArray<string>>): string {
  const lines = [header.join(',')];
  for (const row of rows) lines.push(csvRow(row));
  return `${BYTE_ORDER_MARK}${lines.join('\r\n')}\r\n`;
}

/** `<base>-<YYYY-MM-DD>.csv` (local date), characters not allowed in file names replaced by `_`. */
export function csvFileNameFor(base: string, date: Date, fallback = 'export'): string {
  const day = [date.getFullYear(), String(date.getMonth() + 1).padStart(2, '0'), String(date.getDate()).padStart(2, '0')].join('-');
  // eslint-disable-next-line no-control-regex
  const safe = base.trim().replace(/[\u0000-\u001f<>:"/\\|?*]+/g, '_') || fallback;
  return `${safe}-${day}.csv`;
}
