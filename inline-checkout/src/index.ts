/**
 * The side-effect entry, bundled as an IIFE into dist/inline.js. Its effects, in a browser only:
 * 1. publish `window.PaystackPop` (the only global), unless the page already has one (the script
 *    included twice, or loaded again by a tag manager keeps the first class and its transactions);
 * 2. read host overrides and the CSP nonce from the script tag;
 * 3. auto-setup, when the script tag sits in a form with transaction data attributes.
 * Outside a browser (server-side rendering, a Node `vm` context) it does nothing and throws nothing.
 */
import { autoSetup } from './auto-setup';
import { scriptHosts } from './config';
import { PaystackPop } from './paystack-pop';

declare global {
  interface Window {
    PaystackPop?: typeof PaystackPop;
  }
}

if (typeof window !== 'undefined' && window.PaystackPop === undefined) {
  window.PaystackPop = PaystackPop;
  const script = (typeof document === 'undefined' ? null : document.currentScript) as HTMLScriptElement | null;
  const nonce = script?.nonce || script?.getAttribute('nonce') || undefined;
  PaystackPop.configure({ ...scriptHosts(script), ...(nonce && { nonce }) });
  autoSetup(script, () => new PaystackPop(), nonce);
}

export { PaystackPop };
