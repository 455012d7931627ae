import type { PaymentPopup, PopupCallbacks } from './lib/payment-popup';

/** A stand-in for the payment popup script's `PaystackPop`: records what it was opened with. */
export type FakePopup = { accessCode: string | null; callbacks: PopupCallbacks; opened: number };

export function installFakePaymentPopup(): FakePopup {
  const popup: FakePopup = { accessCode: null, callbacks: {}, opened: 0 };
  class FakePaystackPop implements PaymentPopup {
    resumeTransaction(accessCode: string, callbacks: PopupCallbacks = {}) {
      popup.accessCode = accessCode;
      popup.callbacks = callbacks;
      popup.opened += 1;
      return {};
    }
  }
  window.PaystackPop = FakePaystackPop;
  return popup;
}

export function removeFakePaymentPopup(): void {
  delete window.PaystackPop;
}
