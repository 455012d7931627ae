import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

import { focusableIn, INERT_EXEMPT_ATTRIBUTE } from './focus';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';

import styles from './dialog.module.css';

/** Open dialogs, innermost last: only the top one answers Escape and traps Tab. */
const stack: HTMLElement[] = [];

export type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The dialog's name (`aria-labelledby`), shown as its heading. */
  title: ReactNode;
  /** Optional text under the title (`aria-describedby`). */
  description?: ReactNode;
  children?: ReactNode;
  /** Gets focus on open; otherwise the first focusable element in the content does. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible label of the close button. */
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Shows the title to screen readers only (a dialog whose content carries its own heading). */
  hideTitle?: boolean;
  className?: string;
};

/**
 * A modal dialog: `role="dialog"`, `aria-modal`, named by its title; focus moves in on open,
 * stays inside (Tab and Shift+Tab cycle, the rest of the page is `inert`, focus dropped by
 * replaced content goes to the first field) and returns to where it was on close; Escape and the labelled close button close it; page scrolling is locked.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  initialFocusRef,
  closeLabel = 'Close',
  size = 'md',
  hideTitle = false,
  className,
}: DialogProps) {
  if (!open) return null;
  return (
    <DialogPortal
      onClose={onClose}
      title={title}
      description={description}
      initialFocusRef={initialFocusRef}
      closeLabel={closeLabel}
      size={size}
      hideTitle={hideTitle}
      className={className}
    >
      {children}
    </DialogPortal>
  );
}

type PortalProps = Omit<DialogProps, 'open' | 'closeLabel' | 'size'> & {
  closeLabel: string;
  size: 'sm' | 'md' | 'lg';
};

function DialogPortal({
  onClose,
  title,
  description,
  children,
  initialFocusRef,
  closeLabel,
  size,
  hideTitle,
  className,
}: PortalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const pointerDownOnBackdrop = useRef(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return undefined;
    const container = panel.parentElement?.parentElement ?? null; // the portal's root element
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    const unlock = lockScroll();

    // Everything else on the page becomes inert, so neither focus nor clicks reach it.
    const madeInert: Element[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling === container || sibling.hasAttribute('inert') || sibling.hasAttribute(INERT_EXEMPT_ATTRIBUTE)) {
        continue;
      }
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      sibling.setAttribute('inert', '');
      madeInert.push(sibling);
    }

    const initial = initialFocusRef?.current ?? focusableIn(panel).find((element) => !element.dataset.dialogClose);
    (initial ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(panel);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a script, a click on an exempt toast) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (stack[stack.length - 1] !== panel) return;
      const target = event.target as Node | null;
      if (target && !panel.contains(target) && !(target as Element).closest?.(`[${INERT_EXEMPT_ATTRIBUTE}]`)) {
        panel.focus();
      }
    };
    // Focused content that is replaced (a form switching mode) drops focus on <body> without a
    // focusin: after each change inside the dialog, focus lost that way goes to its first field.
    const refocus = new MutationObserver(() => {
      if (stack[stack.length - 1] !== panel) return;
      const active = document.activeElement;
      if (active && active !== document.body && active !== document.documentElement) return;
      const next = focusableIn(panel).find((element) => !element.dataset.dialogClose);
      (next ?? panel).focus();
    });
    refocus.observe(panel, { childList: true, subtree: true });
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      refocus.disconnect();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = stack.lastIndexOf(panel);
      if (index >= 0) stack.splice(index, 1);
      for (const element of madeInert) element.removeAttribute('inert');
      unlock();
      if (returnTo?.isConnected) returnTo.focus();
    };
    // The dialog's setup runs once per opening; initialFocusRef is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div className={styles.root}>
      <div
        className={styles.backdrop}
        onPointerDown={(event) => {
          pointerDownOnBackdrop.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          if (pointerDownOnBackdrop.current && event.target === event.currentTarget) onCloseRef.current();
          pointerDownOnBackdrop.current = false;
        }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={[styles.panel, styles[size], className ?? ''].filter(Boolean).join(' ')}
        >
          <div className={hideTitle ? 'visually-hidden' : styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            className={styles.close}
            aria-label={closeLabel}
            data-dialog-close="true"
            onClick={() => onCloseRef.current()}
          >
            <CloseIcon size={18} />
          </button>
          <div className={styles.body}>{children}</div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
