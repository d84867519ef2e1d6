/**
 * Toasts: one live region (role="status") that exists from the start, so every message is announced.
 * Success and info toasts dismiss themselves (paused while hovered or focused); errors stay until
 * `Dismiss`. A toast may carry one action button (e.g. `Undo`). The region stays usable while a
 * dialog is open, and moves to the top of the screen then, with the dialog starting below it, so no
 * toast covers the dialog's buttons.
 *
 * At most three toasts show at once: the newest three; older ones wait, folded into "N more" (their
 * timers keep running), and come back as newer ones are dismissed. An error toast belongs to the page (path) it was raised on and is
 * dismissed when the console navigates to another path, unless it is `global`; success and info
 * toasts are global by default (they confirm what was done, often just before a navigation).
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
import { lazyComponent } from '../layout/lazy-component.tsx';
import { hasOpenDialog, KEEP_INTERACTIVE_ATTRIBUTE, subscribeOpenDialogs } from '../dialog/overlay-stack.ts';
import './toast.css';

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
  /**
   * Whether the toast stays when the console navigates to another page. Default: false for errors
   * (they are about the page they appeared on), true for success and info.
   */
  global?: boolean;
}

export interface Toast extends Required<Pick<ToastInput, 'kind' | 'message'>> {
  id: number;
  action?: ToastAction;
  durationMs: number | null;
  /** The path the toast belongs to; null for a global toast. */
  route: string | null;
}

/** Where the console is, and a way to hear it move: the app's router. */
export interface ToastNavigation {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/** Toasts on screen at once; older ones fold into "N more". */
export const VISIBLE_TOASTS = 3;
/** Toasts kept at all (shown and folded): beyond it the oldest non-error goes first. */
const KEPT_TOASTS = 10;

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

/** Keeps an open dialog below the toasts: code only a dialog beside toasts needs, so not the first page's. */
const ToastClearance = lazyComponent(() => import('./dialog-below-toasts.tsx'));

export const DEFAULT_TOAST_MS = 5000;
export const ACTION_TOAST_MS = 10_000;

/** Without `navigation` (a test of one component), no toast is tied to a page. */
export function ToastProvider({ children, navigation }: { children: ReactNode; navigation?: ToastNavigation }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  // Leaving a page dismisses the toasts that belong to it.
  useEffect(
    () =>
      navigation?.subscribe(({ location }) =>
        setToasts((list) => {
          const kept = list.filter((t) => t.route === null || t.route === location.pathname);
          return kept.length === list.length ? list : kept;
        }),
      ),
    [navigation],
  );

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    const kind = input.kind ?? 'info';
    const durationMs = kind === 'error' ? null : (input.durationMs ?? (input.action ? ACTION_TOAST_MS : DEFAULT_TOAST_MS));
    const global = input.global ?? kind !== 'error';
    const route = global || !navigation ? null : navigation.state.location.pathname;
    // Newest last, and at most KEPT_TOASTS kept: the oldest non-error goes first.
    setToasts((list) => {
      const next = [...list, { id, kind, message: input.message, action: input.action, durationMs, route }];
      while (next.length > KEPT_TOASTS) {
        const drop = next.findIndex((t) => t.kind !== 'error');
        next.splice(drop >= 0 ? drop : 0, 1);
      }
      return next;
    });
    return id;
  }, [navigation]);

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

  // Its code loads as soon as a dialog or a toast is on screen, so it is there by the time both are.
  const needsClearanceSoon = aboveDialog || toasts.length > 0;
  useEffect(() => {
    if (needsClearanceSoon) void ToastClearance.preload();
  }, [needsClearanceSoon]);

  const folded = Math.max(0, toasts.length - VISIBLE_TOASTS);

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
      {aboveDialog && toasts.length > 0 && <ToastClearance region={regionRef} toastCount={toasts.length} />}
      {folded > 0 && <p className="toast-fold">{folded} more</p>}
      {toasts.map((toast, index) => (
        // The folded (older) ones stay mounted, hidden, so their timers keep running.
        <ToastItem key={toast.id} toast={toast} paused={paused} onDismiss={onDismiss} hidden={index < folded} />
      ))}
    </section>,
    container,
  );
}

function ToastItem({ toast, paused, onDismiss, hidden }: { toast: Toast; paused: boolean; onDismiss: (id: number) => void; hidden: boolean }) {
  useEffect(() => {
    if (toast.durationMs === null || paused) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, paused, onDismiss]);

  return (
    <div className={`toast toast-${toast.kind}`} hidden={hidden}>
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
        {/* Named for what it dismisses: a list of toasts read by buttons alone says which is which. */}
        <button type="button" className="button button-small button-ghost" aria-label={`Dismiss: ${toast.message}`} onClick={() => onDismiss(toast.id)}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
