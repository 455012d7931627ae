/**
 * The side-effect entry, bundled as an IIFE into dist/inline.js. Its only effect is to publish
 * `PaystackPop` on `window`; outside a browser (no `window`) importing it does nothing.
 *
 * Decision: if `window.PaystackPop` is already set (the script included twice, or loaded again by a
 * tag manager), it is left alone, so a page keeps one class and the transactions it already holds.
 */
import { PaystackPop } from './paystack-pop';

declare global {
  interface Window {
    PaystackPop?: typeof PaystackPop;
  }
}

if (typeof window !== 'undefined' && window.PaystackPop === undefined) {
  window.PaystackPop = PaystackPop;
}

export { PaystackPop };
