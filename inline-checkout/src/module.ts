/**
 * The ES module entry (dist/inline.mjs): PaystackPop as default and named export, with no side
 * effects (no global, no auto-setup). Bundlers and server-side rendering can import it freely.
 */
import { PaystackPop } from './paystack-pop';

export default PaystackPop;
export { PaystackPop };
export { Transaction } from './transaction';
export { CheckoutError } from './errors';
export type { CheckoutErrorCode, FieldIssue } from './errors';
export type { Hosts } from './config';
export type { Callbacks, TransactionParams } from './params';
export type { PaymentRequestOptions, PaystackPopOptions } from './paystack-pop';
