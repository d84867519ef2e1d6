/**
 * Toasts: one live region (role="status") that exists from the start, so every message is announced.
 * Success and info toasts dismiss themselves (paused while hovered or focused); errors stay until
 * `Dismiss`. A toast may carry one action button (e.g. `Undo`). The region stays usable while a
 * dialog is open, and moves to the top of the screen then, with the dialog starting below it, so no
 * toast covers the dialog's buttons.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { errorDetail } from './error-text.ts';
import { hasOpenDialog, KEEP_INTERACTIVE_ATTRIBUTE, subscribeOpenDialogs } from './modal-layer.ts';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  /** The button's name, e.g. `Undo`. */
  label: string;
  /** Runs, then the toast closes. */
  onClick: () => void;
}

export interface ToastInput {
  kind?: ToastKind;
  message: string;
  action?: ToastAction;
  /** Auto-dismiss delay for success/info (default 5 s, 10 s with an action); errors never auto-dismiss. */
  durationMs?: number;
}

export interface Toast extends Required<Pick<ToastInput, 'kind' | 'message'>> {
  id: number;
  action?: ToastAction;
  durationMs: number | null;
}

export interface ToastApi {
  show: (toast: ToastInput) => number;
  success: (message: string, options?: Omit<ToastInput, 'kind' | 'message'>) => number;
  /** An error toast from an Error (its API detail) or a sentence. Stays until dismissed. */
  error: (error: unknown, options?: Omit<ToastInput, 'kind' | 'message'> & { prefix?: string }) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Inside ToastProvider: `toast.success('Saved')`, `toast.error(error)`, `toast.show({message, action})`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside ToastProvider.');
  return api;
}

/** The CSS variable (on <html>) that dialogs keep clear at the top of the screen: the toasts' height and margins. */
export const TOAST_CLEARANCE_VARIABLE = '--toast-clearance';
/** The toast region's margin from the screen's edge plus the gap kept above a dialog, in px. */
const TOAST_CLEARANCE_MARGIN_PX = 32;

export const DEFAULT_TOAST_MS = 5000;
export const ACTION_TOAST_MS = 10_000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const kind = input.kind ?? 'info';
    const durationMs = kind === 'error' ? null : (input.durationMs ?? (input.action ? ACTION_TOAST_MS : DEFAULT_TOAST_MS));
    // Newest last, and at most 5 on screen: the oldest non-error goes first.
    setToasts((list) => {
      const next = [...list, { id, kind, message: input.message, action: input.action, durationMs }];
      while (next.length > 5) {
        const drop = next.findIndex((t) => t.kind !== 'error');
        next.splice(drop >= 0 ? drop : 0, 1);
      }
      return next;
    });
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show({ ...options, kind: 'success', message }),
      error: (error, options) =>
        show({
          ...options,
          kind: 'error',
          message: options?.prefix ? `${options.prefix} ${errorDetail(error)}` : errorDetail(error),
        }),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.setAttribute(KEEP_INTERACTIVE_ATTRIBUTE, '');
    element.className = 'toast-root';
    return element;
  });
  const [paused, setPaused] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const aboveDialog = useSyncExternalStore(subscribeOpenDialogs, hasOpenDialog, () => false);

  useLayoutEffect(() => {
    document.body.appendChild(container);
    return () => container.remove();
  }, [container]);

  // While a dialog is open, the dialog starts below the toasts (see .dialog-backdrop): it follows their height.
  useLayoutEffect(() => {
    const region = regionRef.current;
    const root = document.documentElement;
    if (!aboveDialog || !region) return;
    const update = () => {
      const height = region.getBoundingClientRect().height;
      if (height > 0) root.style.setProperty(TOAST_CLEARANCE_VARIABLE, `${Math.ceil(height) + TOAST_CLEARANCE_MARGIN_PX}px`);
      else root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(region);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(TOAST_CLEARANCE_VARIABLE);
    };
  }, [aboveDialog, toasts.length]);

  return createPortal(
    <section
      ref={regionRef}
      className={aboveDialog ? 'toast-region toast-region-above-dialog' : 'toast-region'}
      role="status"
      aria-live="polite"
      aria-label="Notifications"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={onDismiss} />
      ))}
    </section>,
    container,
  );
}

function ToastItem({ toast, paused, onDismiss }: { toast: Toast; paused: boolean; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.durationMs === null || paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, paused, onDismiss]);

  return (
    <div className={`toast toast-${toast.kind}`}>
      <p className="toast-message">
        {toast.kind === 'error' && <span className="visually-hidden">Error: </span>}
        <span>{toast.message}</span>
      </p>
      <div className="toast-actions">
        {toast.action && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              toast.action!.onClick();
              onDismiss(toast.id);
            }}
          >
            {toast.action.label}
          </button>
        )}
        <button type="button" className="button button-small button-ghost" onClick={() => onDismiss(toast.id)}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
