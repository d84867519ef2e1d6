/**
 * What the built page runs before the entry: the build copies this function into an inline script of
 * index.html (build/entry-head.ts), so it imports nothing and never throws. Nothing of the console
 * imports this module.
 */

/** The locale's date formats load their data while the code downloads, not when the first rows render (tens of ms). */
export function warmUpDateFormats(): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
      new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }).format(-1, 'day');
    } catch {
      // An engine without these formats formats dates as usual.
    }
  }, 0);
}
