import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** `alertdialog` for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  /** Escape, the backdrop and Cancel buttons call this. */
  onClose(): void;
  /** Receives focus when the modal opens; else the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** `panel`: wider, unpadded and height-capped, for content with its own header and scrolling body. */
  variant?: 'dialog' | 'panel';
  children: ReactNode;
}

const variants = {
  dialog: 'max-w-md p-6',
  panel: 'flex max-h-[min(85vh,56rem)] max-w-2xl flex-col overflow-hidden',
} as const;

/**
 * A centred modal on a dimmed backdrop. Keeps Tab inside itself, closes on Escape,
 * locks page scroll, and gives focus back to whatever had it before.
 */
export function Modal({ role = 'dialog', labelledBy, describedBy, onClose, initialFocusRef, variant = 'dialog', children }: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const target = initialFocusRef?.current ?? panelRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panelRef.current;
    target?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [initialFocusRef]);

  // A control that swaps itself for other content (Enable → the settings it enabled) takes
  // focus with it to <body>, where Escape and Tab no longer reach the dialog and arrow keys
  // reach the page behind. Bring focus back to the dialog when that happens.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (document.activeElement === document.body || document.activeElement === null) panel.focus();
    });
    observer.observe(panel, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const panelProps = {
    ref: panelRef,
    role,
    'aria-modal': true,
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    tabIndex: -1,
    onKeyDown,
    className: `${variants[variant]} relative w-full rounded-2xl border border-line bg-surface shadow-2xl shadow-black/10 outline-none transition duration-150 ease-out starting:translate-y-2 starting:scale-[0.98] starting:opacity-0 dark:shadow-black/50`,
  };

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-black/40 backdrop-blur-[2px] transition-opacity duration-150 starting:opacity-0 dark:bg-black/60"
        onClick={() => onCloseRef.current()}
      />
      {/* Spread so the role can vary; the key handler serves the whole dialog. */}
      <div {...panelProps}>{children}</div>
    </div>,
    document.body,
  );
}
