import { apiOrigin } from '@/lib/api-client';

/** The callbacks of `resumeTransaction` (checkout-auth-analytics.md, the popup's public API). */
export type PopupCallbacks = {
  onSuccess?: (transaction: { reference: string; [key: string]: unknown }) => void;
  onCancel?: () => void;
  onLoad?: (data: unknown) => void;
  onError?: (error: { message?: string } | Error) => void;
};

export type PaymentPopup = {
  resumeTransaction(accessCode: string, callbacks?: PopupCallbacks): unknown;
};

type PopupConstructor = new () => PaymentPopup;

declare global {
  interface Window {
    PaystackPop?: PopupConstructor;
  }
}

/** Where the server serves the payment popup script. */
export const POPUP_SCRIPT_PATH = '/inline-checkout/v2/inline.js';

let loading: Promise<PopupConstructor> | null = null;

/**
 * Loads the payment popup script on demand (the first upgrade), once: later calls share the
 * same promise; a failed load is forgotten so the next click tries again.
 */
export function loadPaymentPopup(): Promise<PopupConstructor> {
  if (window.PaystackPop) return Promise.resolve(window.PaystackPop);
  if (loading) return loading;
  loading = new Promise<PopupConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${apiOrigin()}${POPUP_SCRIPT_PATH}`;
    script.async = true;
    script.onload = () => {
      if (window.PaystackPop) resolve(window.PaystackPop);
      else reject(new Error(`${POPUP_SCRIPT_PATH} loaded without defining PaystackPop`));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${POPUP_SCRIPT_PATH}`));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Forgets a loaded or loading script (tests). */
export function resetPaymentPopupLoader(): void {
  loading = null;
}
