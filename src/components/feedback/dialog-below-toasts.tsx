/**
 * While a dialog and toasts are on screen together, the dialog starts below the toasts: this keeps
 * `--toast-clearance` (read by .dialog-backdrop) at the toast region's height plus margins. Its own
 * small chunk, not the first page's: the toasts load it once a toast or a dialog first shows.
 */
import { useLayoutEffect, type RefObject } from 'react';
import { TOAST_CLEARANCE_VARIABLE } from '../dialog/overlay-stack.ts';

/** The toast region's margin from the screen's edge plus the gap kept above a dialog, in px. */
const TOAST_CLEARANCE_MARGIN_PX = 32;

export default function ToastClearance({ region, toastCount }: { region: RefObject<HTMLElement | null>; toastCount: number }) {
  useLayoutEffect(() => {
    const element = region.current;
    const root = document.documentElement;
    if (!element) return;
    const update = () => {
      const height = element.getBoundingClientRect().height;
      if (height > 0) root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${Math.ceil(height) + TOAST_CLEARANCE_MARGIN_PX}px`);
      else root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
    update();
    // The region's height follows its toasts (measured again on every change where there is no ResizeObserver).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
  }, [region, toastCount]);
  return null;
}
