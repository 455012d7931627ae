/**
 * The transaction parameter table (spec section 3, "Transaction parameters"): each canonical
 * camelCase name, every other name it is accepted under, and the kind of value it takes.
 *
 * No DOM here: this folder is typechecked without the DOM library (tsconfig.params.json).
 */

/**
 * What a field accepts. The spec only says fields are type-checked ("string, number, array, object,
 * function; some accept string or number"); which field takes which kind is decided here:
 * - identifiers a merchant may hold as numbers (reference, phone, order id, payment request/page,
 *   subscription) and the counts/charges (transactionCharge, subscriptionCount, subscriptionLimit)
 *   take a string or a finite number, passed through unchanged;
 * - amount takes a positive whole number: money is an integer count of the currency's minor unit
 *   (kobo) in this codebase, so 12.5 is rejected as well as 0, negatives, NaN and strings;
 * - container is the id of an element (a string), as in the deprecated embedded setup;
 * - card and bank are flags: a boolean, or the string 'true' or 'false' (card=false / bank=false
 *   restrict channels, spec section 5). The provider's script took only strings, so a boolean
 *   `card: false` was refused; both spellings work here.
 */
export type FieldKind =
  | 'string'
  | 'stringOrNumber'
  | 'amount'
  | 'flag'
  | 'stringArray'
  | 'array'
  | 'object';

export interface FieldSpec {
  /** The canonical camelCase name the normalised object uses. */
  readonly name: ParamName;
  /**
   * Every accepted name, in precedence order: the canonical camelCase name, its snake_case form,
   * then the spec's aliases (camelCase before snake_case). When a merchant passes several names for
   * one field, the first one present wins and the others are reported as ignored.
   */
  readonly names: readonly string[];
  readonly kind: FieldKind;
  /**
   * The key the field is posted under (`checkout/request_inline` body and the checkout frame's
   * `inline:url`), as the provider's script posts it; null for fields that are never posted
   * (accessCode goes in the URL, language and connectAccount in headers, card and bank become
   * channels, container is a local element id).
   */
  readonly wire: string | null;
}

/** The parameters once validated. Every field is optional here; required-field rules come later. */
export interface TransactionParams {
  key?: string;
  /** In the currency's minor unit (kobo for NGN). */
  amount?: number;
  currency?: string;
  email?: string;
  label?: string;
  firstName?: string;
  lastName?: string;
  reference?: string | number;
  phone?: string | number;
  customerCode?: string;
  channels?: string[];
  paymentRequest?: string | number;
  paymentPage?: string | number;
  hash?: string;
  /** The id of the element to mount into. */
  container?: string;
  metadata?: Record<string, unknown>;
  subaccountCode?: string;
  bearer?: string;
  transactionCharge?: string | number;
  planCode?: string;
  subscriptionCount?: string | number;
  planInterval?: string;
  subscriptionLimit?: string | number;
  subscriptionStartDate?: string;
  accessCode?: string;
  orderId?: string | number;
  card?: boolean | 'true' | 'false';
  bank?: boolean | 'true' | 'false';
  split?: Record<string, unknown>;
  splitCode?: string;
  transactionType?: string;
  subscription?: string | number;
  language?: string;
  connectAccount?: string;
  connectSplit?: unknown[];
}

export type ParamName = keyof TransactionParams;

/** A merchant callback. Arguments are the popup issue's business; here only "is a function" matters. */
export type Callback = (...args: never[]) => unknown;

export interface Callbacks {
  onError?: Callback;
  onLoad?: Callback;
  onSuccess?: Callback;
  onCancel?: Callback;
  onClose?: Callback;
  callback?: Callback;
  onBankTransferConfirmationPending?: Callback;
}

export type CallbackName = keyof Callbacks;

/**
 * Callback names are accepted exactly as the spec spells them: the spec gives them no aliases, and
 * an on_success spelling would be a guess.
 */
export const CALLBACK_NAMES: readonly CallbackName[] = [
  'onError',
  'onLoad',
  'onSuccess',
  'onCancel',
  'onClose',
  'callback',
  'onBankTransferConfirmationPending',
];

/** 'firstName' → 'first_name'. */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * A field whose accepted names are, in precedence order: the canonical name, its snake_case form,
 * the spec's other aliases, then the wire name (also an alias: ref, plan, quantity, firstname, …).
 */
function field(name: ParamName, kind: FieldKind, wire: string | null, ...aliases: string[]): FieldSpec {
  const names = [name, snake(name), ...aliases, ...(wire === null ? [] : [wire])];
  return { name, kind, wire, names: names.filter((alias, index) => names.indexOf(alias) === index) };
}

/**
 * The spec lists names "with aliases in brackets (camelCase and snake_case both work)", so besides
 * its bracketed aliases each field also takes the other case of its canonical name, and the spec's
 * snake_case-only names (order_id, split_code, …) also take their camelCase form (orderId, …).
 * invoiceLimit and startDate follow from the same rule for the invoice_limit and start_date aliases.
 *
 * Wire names are the provider's (firstname, ref, plan, quantity, …), with one fix: paymentPage is
 * posted as payment_page (the provider's script sent it as paymentPage, a name its API ignores).
 */
export const FIELDS: readonly FieldSpec[] = [
  field('key', 'string', 'key'),
  field('amount', 'amount', 'amount'),
  field('currency', 'string', 'currency'),
  field('email', 'string', 'email'),
  field('label', 'string', 'label'),
  field('firstName', 'string', 'firstname'),
  field('lastName', 'string', 'lastname'),
  field('reference', 'stringOrNumber', 'ref'),
  field('phone', 'stringOrNumber', 'phone'),
  field('customerCode', 'string', 'customer_code'),
  field('channels', 'stringArray', 'channels'),
  field('paymentRequest', 'stringOrNumber', 'payment_request'),
  field('paymentPage', 'stringOrNumber', 'payment_page'),
  field('hash', 'string', 'hash'),
  field('container', 'string', null),
  field('metadata', 'object', 'metadata'),
  field('subaccountCode', 'string', 'subaccount'),
  field('bearer', 'string', 'bearer'),
  field('transactionCharge', 'stringOrNumber', 'transaction_charge'),
  field('planCode', 'string', 'plan'),
  field('subscriptionCount', 'stringOrNumber', 'quantity'),
  field('planInterval', 'string', 'interval'),
  field('subscriptionLimit', 'stringOrNumber', 'invoice_limit', 'invoiceLimit'),
  field('subscriptionStartDate', 'string', 'start_date', 'startDate'),
  field('accessCode', 'string', null),
  field('orderId', 'stringOrNumber', 'order_id'),
  field('card', 'flag', null),
  field('bank', 'flag', null),
  field('split', 'object', 'split'),
  field('splitCode', 'string', 'split_code'),
  field('transactionType', 'string', 'transaction_type'),
  field('subscription', 'stringOrNumber', 'subscription'),
  field('language', 'string', null),
  field('connectAccount', 'string', null),
  field('connectSplit', 'array', 'connect_split'),
];
