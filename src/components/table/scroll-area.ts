/**
 * Where a long table scrolls and how tall its scroll area is: its own box, as tall as the window
 * leaves (`maxHeight="fill"`) or as given, or, on a phone, the page itself (the window as the
 * virtualizer's scroll element).
 */
import { observeWindowOffset, observeWindowRect, windowScroll, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { DEFAULT_MAX_HEIGHT, DEFAULT_MAX_HEIGHT_REM, DEFAULT_MAX_HEIGHT_VH } from './table-parts.tsx';

/** `maxHeight="fill"`: the scroll area reaches the window's bottom, with what follows it still in view. */
export const FILL_MAX_HEIGHT = 'fill';
/** The shortest a filling scroll area gets (a short window, a tall toolbar above), in px. */
export const FILL_MIN_HEIGHT = 288;

/**
 * The max-height (px) that makes `scroll` end where the window does, leaving room for what follows
 * it inside `container` (the count line), the container's bottom margin and the page's bottom
 * padding. Measured again when the window or the page around the table changes size. Null while
 * not `enabled` or without layout (jsdom).
 */
export function useFillHeight(
  scroll: RefObject<HTMLElement | null>,
  container: RefObject<HTMLElement | null>,
  enabled: boolean,
): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const scrollElement = scroll.current;
    const containerElement = container.current;
    if (!enabled || !scrollElement || !containerElement) return;
    const page = containerElement.closest<HTMLElement>('.page') ?? containerElement.parentElement;
    const measure = () => {
      const scrollBox = scrollElement.getBoundingClientRect();
      if (scrollBox.width === 0 && scrollBox.height === 0) return;
      const containerBox = containerElement.getBoundingClientRect();
      const below =
        containerBox.bottom -
        scrollBox.bottom +
        parseFloat(getComputedStyle(containerElement).marginBottom || '0') +
        (page ? parseFloat(getComputedStyle(page).paddingBottom || '0') : 0);
      const top = scrollBox.top + window.scrollY;
      const next = Math.max(FILL_MIN_HEIGHT, Math.floor(window.innerHeight - top - below));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (page) observer?.observe(page);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [scroll, container, enabled]);
  return enabled ? height : null;
}

/** Below this width a filling table lets the page scroll (the narrow layout of src/app/styles.css). */
const PAGE_SCROLL_QUERY = '(max-width: 719.98px)';

let pageScrollQuery: MediaQueryList | null | undefined;
const narrowQuery = () => (pageScrollQuery ??= typeof window.matchMedia === 'function' ? window.matchMedia(PAGE_SCROLL_QUERY) : null);

/** Whether the window is narrow enough for a filling table to let the page scroll; false without `matchMedia`. */
export function usePageScroll(filling: boolean): boolean {
  const narrow = useSyncExternalStore(
    (changed) => {
      const query = narrowQuery();
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
  return filling && narrow;
}

/**
 * Where the table's scroll area starts in the page (px from the document's top): the rows' offset for
 * a virtualizer that scrolls the window. Measured again when the page around it changes size.
 */
export function usePageOffset(scroll: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = scroll.current;
    if (!enabled || !element) return;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().top + window.scrollY);
      setOffset((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    const page = element.closest<HTMLElement>('.page') ?? element.parentElement;
    if (page) observer?.observe(page);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [scroll, enabled]);
  return enabled ? offset : 0;
}

type RowVirtualizerOptions = VirtualizerOptions<HTMLDivElement, HTMLTableRowElement>;
/**
 * The window as the scroll element: TanStack Virtual's own window functions (those of its
 * `useWindowVirtualizer`), in place of the element ones of the same virtualizer, so one virtualizer
 * (and its rows) serves both layouts.
 */
export const WINDOW_SCROLLING = {
  getScrollElement: () => window,
  observeElementRect: observeWindowRect,
  observeElementOffset: observeWindowOffset,
  scrollToFn: windowScroll,
  initialOffset: () => window.scrollY,
} as unknown as Pick<RowVirtualizerOptions, 'getScrollElement' | 'observeElementRect' | 'observeElementOffset' | 'scrollToFn' | 'initialOffset'>;

/**
 * The height the scroll area will have before it is measured: its max-height, worked out from the
 * window. When the guess is right, the virtualizer's first measurement (in the first commit) finds
 * the same rows in view and asks for no second render, so the first screen is painted after one
 * render instead of two. Null for a height given in other units. Where nothing has a size (jsdom),
 * the first measurement finds none and the fallback applies.
 */
export function expectedScrollHeight(maxHeight: number | string): number | null {
  if (typeof maxHeight === 'number') return maxHeight;
  if (maxHeight !== DEFAULT_MAX_HEIGHT && maxHeight !== FILL_MAX_HEIGHT) return null;
  if (typeof window === 'undefined' || !(window.innerHeight > 0)) return null;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return Math.min((DEFAULT_MAX_HEIGHT_VH / 100) * window.innerHeight, DEFAULT_MAX_HEIGHT_REM * rem);
}
