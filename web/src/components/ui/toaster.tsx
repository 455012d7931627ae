import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';

import { CloseIcon } from './icons';
import { currentToast, dismissToast, subscribeToasts, type Toast } from './toast-store';

import styles from './toaster.module.css';

export { dismissToast, toast } from './toast-store';
export type { ToastAction, ToastInput, ToastVariant } from './toast-store';

/**
 * Shows the current toast (one at a time) in a live region outside the app's root, so dialogs
 * do not make it inert. Errors are announced assertively (`role="alert"`), others politely.
 * A toast leaves after its duration, paused while hovered or focused.
 */
export function Toaster() {
  const shown = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  return createPortal(
    <section className={styles.viewport} aria-label="Notifications" data-inert-exempt="">
      {shown ? <ToastView key={shown.id} toast={shown} /> : null}
    </section>,
    document.body,
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);
  const startedAt = useRef(0);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return undefined;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, toast.id]);

  return (
    <div
      role={toast.variant === 'error' ? 'alert' : 'status'}
      aria-atomic="true"
      className={`${styles.toast} ${styles[toast.variant]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.text}>
        <p className={styles.title}>{toast.title}</p>
        {toast.description ? <p className={styles.description}>{toast.description}</p> : null}
      </div>
      {toast.action ? (
        <button
          type="button"
          className={styles.action}
          onClick={() => {
            dismissToast(toast.id);
            toast.action?.onClick();
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button
        type="button"
        className={styles.close}
        aria-label="Dismiss notification"
        onClick={() => dismissToast(toast.id)}
      >
        <CloseIcon size={16} />
      </button>
    </div>
  );
}
