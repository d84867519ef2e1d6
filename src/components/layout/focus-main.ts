/**
 * Where focus goes when the control that had it is gone for good (the page it was on was left, the
 * toast it was in closed): the page's main region (`<main id="main" tabindex="-1">`, the skip link's
 * target), never `<body>`, where keyboard and screen-reader users would lose their place.
 */

/** True when focus has fallen to `<body>` (or is on an element no longer on the page). */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Moves focus to the main region. */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** Moves focus to the main region only when it has fallen to `<body>` (or to an element no longer on the page). */
export function focusMainIfLost(): void {
  if (focusIsLost()) focusMain();
}
