/**
 * A modal dialog built from plain elements (not <dialog>.showModal, which jsdom lacks):
 * role="dialog", aria-modal, labelled by its title, focus trapped inside, Escape and the backdrop
 * close it, focus returns to the opener, the rest of the page is inert while it is open, and an
 * optional "discard what you typed?" guard when the content is dirty.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import {
  isInnermostDialog,
  KEEP_INTERACTIVE_ATTRIBUTE,
  pushOpenDialog,
  removeOpenDialog,
} from './overlay-stack.ts';
import './dialog.css';


const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** Focusable elements inside `root`, in tab order, skipping inert and hidden parts. */
export function focusableWithin(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[inert]') && !el.closest('[hidden]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

interface DialogContextValue {
  /** Closes the dialog, asking first when it is dirty (use for Cancel buttons). */
  requestClose: () => void;
}
const DialogContext = createContext<DialogContextValue | null>(null);

/** Inside a Dialog: `requestClose()` for a Cancel button (it honours the dirty guard). */
export function useDialog(): DialogContextValue {
  const value = useContext(DialogContext);
  if (!value) throw new Error('useDialog must be used inside a Dialog.');
  return value;
}

/** The dialog's `Cancel`: closes it as Escape does (asking first when the form is dirty). */
export function DialogCancelButton({ disabled = false }: { disabled?: boolean }) {
  const { requestClose } = useDialog();
  return (
    <button type="button" className="button" onClick={requestClose} disabled={disabled}>
      Cancel
    </button>
  );
}

export interface DialogProps {
  open: boolean;
  /** Called when the person closes it (Escape, backdrop, Close, Cancel) or discards changes. */
  onClose: () => void;
  /** The visible title; also the dialog's accessible name. */
  title: ReactNode;
  /** A sentence under the title, linked as the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  /** When true, closing first asks `Discard your changes?` (buttons `Keep editing` / `Discard`). */
  dirty?: boolean;
  /** Focused on open; default: the first field, else the first control, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'small' | 'medium' | 'large';
  /** Hides the title bar's `Close` button (e.g. while something is being saved). */
  hideCloseButton?: boolean;
  /** `alertdialog` for a question that interrupts the person's action (it needs an answer). */
  role?: 'dialog' | 'alertdialog';
}

/** Renders nothing while closed; mount it where its opener lives. */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  children,
  dirty = false,
  initialFocusRef,
  size = 'medium',
  hideCloseButton = false,
  role = 'dialog',
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const discardTitleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const discardRef = useRef<HTMLDivElement>(null);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.className = 'dialog-root';
    return element;
  });

  const requestClose = useCallback(() => {
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  }, [dirty, onClose]);

  // Mount the portal, make the rest of the page inert, remember the opener, and give it focus back on close.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.appendChild(container);
    pushOpenDialog(container);
    const madeInert: Element[] = [];
    for (const sibling of [...document.body.children]) {
      if (sibling === container || sibling.hasAttribute('inert') || sibling.hasAttribute(KEEP_INTERACTIVE_ATTRIBUTE)) continue;
      if (sibling.tagName === 'SCRIPT') continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }
    const panel = panelRef.current;
    if (panel) {
      const target =
        initialFocusRef?.current ??
        panel.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])') ??
        focusableWithin(panel).find((el) => !el.classList.contains('dialog-close')) ??
        panel;
      target.focus();
    }
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      removeOpenDialog(container);
      container.remove();
      if (opener?.isConnected) opener.focus();
    };
    // The opener and first focus are taken once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);

  // Focus the discard question when it appears, and the dialog again when it goes.
  useEffect(() => {
    if (confirmingDiscard) {
      discardRef.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (panelRef.current && !panelRef.current.contains(document.activeElement)) {
      (focusableWithin(panelRef.current)[0] ?? panelRef.current).focus();
    }
  }, [confirmingDiscard]);

  // Focus that escapes (a click on the inert page, a programmatic focus) is pulled back in.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      if (!isInnermostDialog(container)) return;
      const target = event.target as Node | null;
      if (target && !container.contains(target) && !(target instanceof Element && target.closest(`[${KEEP_INTERACTIVE_ATTRIBUTE}]`))) {
        const trap = confirmingDiscard ? discardRef.current : panelRef.current;
        if (trap) (focusableWithin(trap)[0] ?? trap).focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [container, confirmingDiscard]);

  const onKeyDown = (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault' | 'stopPropagation'>) => {
    if (!isInnermostDialog(container)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      if (confirmingDiscard) setConfirmingDiscard(false);
      else requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const trap = confirmingDiscard ? discardRef.current : panelRef.current;
    if (!trap) return;
    const focusable = focusableWithin(trap);
    if (focusable.length === 0) {
      event.preventDefault();
      trap.focus();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !trap.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !trap.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  // Focus can fall to <body> (a focused button that disables itself, a dismissed toast): Escape and Tab still work.
  const onLostFocusKeyDown = useEffectEvent((event: globalThis.KeyboardEvent) => onKeyDown(event));
  useEffect(() => {
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.target === document.body || event.target === document.documentElement) onLostFocusKeyDown(event);
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => document.removeEventListener('keydown', onDocumentKeyDown);
  }, []);

  return createPortal(
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- a press on the backdrop is the pointer's way out; keyboards have Escape.
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) requestClose();
      }}
    >
      <div
        ref={panelRef}
        className={`dialog dialog-${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="dialog-content" inert={confirmingDiscard || undefined}>
          <div className="dialog-header">
            <h2 id={titleId} className="dialog-title">
              {title}
            </h2>
            {!hideCloseButton && (
              <button type="button" className="dialog-close" aria-label="Close" onClick={requestClose}>
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          {description && (
            <p id={descriptionId} className="dialog-description">
              {description}
            </p>
          )}
          <DialogContext.Provider value={{ requestClose }}>
            <div className="dialog-body">{children}</div>
          </DialogContext.Provider>
        </div>
        {confirmingDiscard && (
          <div
            ref={discardRef}
            className="dialog-discard"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby={discardTitleId}
          >
            <h3 id={discardTitleId}>Discard your changes?</h3>
            <p>What you typed here will be lost.</p>
            <div className="button-row">
              <button type="button" className="button" onClick={() => setConfirmingDiscard(false)}>
                Keep editing
              </button>
              <button type="button" className="button button-danger" onClick={onClose}>
                Discard
              </button>
            </div>
          </div>
        )}
      </div>
    </div>,
    container,
  );
}
