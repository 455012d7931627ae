/**
 * The public class, with the provider's inline script API (v2.23 behaviour, with the pre-checkout
 * sheet). The pure entry: importing this module has no side effects (stripe-js's split); nothing
 * touches `window` or `document` until a method runs.
 *
 * Where the provider's script had defects this class keeps the API and fixes them: frames are made
 * on first use and destroy() removes them with their listeners; messages go to the checkout origin
 * and come in only from the checkout frame at that origin; isLoaded() is a method; reuse compares
 * parameters deeply; the caller's objects are never changed; there is no document.write.
 */
import { createApi } from './api/client';
import type { Api, Fetch, InlineData } from './api/client';
import {
  applePayAvailable,
  applePayButton,
  applePaySupported,
  isAppleDevice,
  isMobileAppleDevice,
  mountApplePayButton,
  paymentRequest as applePayRequest,
} from './apple-pay';
import type { ApplePaySessionClass } from './apple-pay';
import { configure, hosts, originOf } from './config';
import type { Hosts } from './config';
import { CheckoutError } from './errors';
import type { CheckoutErrorCode } from './errors';
import { prepare } from './params';
import type { Callbacks, PreparedTransaction } from './params';
import { invoke, Transaction } from './transaction';
import type { SuccessData, TransactionServices } from './transaction';
import { parseEmbedMessage, parseFrameMessage } from './transport/messages';
import type { AnalyticsEvent, EmbedMessage, FrameMessage, ToFrame } from './transport/messages';
import type { Messenger } from './transport/messenger';
import { WindowMessenger } from './transport/window-messenger';
import { embedQuery, mountEmbed } from './ui/embed';
import { PopupFrame } from './ui/popup';
import { Sheet } from './ui/sheet';
import { injectStyles } from './ui/styles';
import { VERSION } from './version';

export { Transaction };

const DOCS = 'Please consult our documentation at https://developers.paystack.co/docs/paystack-inline';
const APPLE_PAY = 'apple pay';

/** Construction options. The provider's constructor took internal options too; these are for tests and embedding. */
export interface PaystackPopOptions {
  /** setup() instances: newTransaction does not open the popup by itself. */
  readonly isDeprecatedApi?: boolean;
  /** Defaults to the global window. */
  readonly window?: Window;
  /** Defaults to the window's fetch. */
  readonly fetch?: Fetch;
  /** Defaults to the hosts in force (PaystackPop.configure). */
  readonly hosts?: Hosts;
  /** The checkout frame's channel; defaults to a WindowMessenger with origin, source and shape checks. */
  readonly messenger?: (target: () => Window | null, origin: string) => Messenger<FrameMessage, ToFrame>;
  /** The page's CSP nonce for the stylesheet and the Apple Pay SDK. */
  readonly nonce?: string;
}

/** The options paymentRequest() takes besides the transaction parameters. */
export interface PaymentRequestOptions {
  /** The id of the element the Apple Pay button goes into. */
  readonly container?: string;
  /** The id of a button that opens the popup for other payment methods. */
  readonly loadPaystackCheckoutButton?: string;
  readonly styles?: unknown;
  readonly onElementsMount?: (elements: { applePay: boolean } | null) => void;
}

let nonce: string | undefined;
let deprecatedInstance: PaystackPop | null = null;

function warn(message: string): void {
  console.warn(message);
}

function deprecation(old: string, replacement: string): void {
  warn(`"${old}" has been deprecated, please use "${replacement}". ${DOCS}`);
}

/** Section 8's warn-and-throw errors. */
function fail(code: CheckoutErrorCode, message: string): never {
  warn(message);
  throw new CheckoutError(code, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON-like values (what reuse compares; the provider compared '[object Object]' strings). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key]));
}

/** A random 5-character alphanumeric id (section 9): base-36 digits, padded when the draw is short. */
export function randomId(random: () => number = Math.random): string {
  return `${random().toString(36).slice(2)}00000`.slice(0, 5);
}

function successData(answer: Readonly<Record<string, unknown>>): SuccessData {
  const { data, ...rest } = answer;
  return { ...rest, ...(isRecord(data) ? data : {}), status: 'success' };
}

export class PaystackPop {
  static readonly version: string = VERSION;

  /**
   * Points new instances at other hosts (the local sandbox) and sets the CSP nonce; invalid hosts
   * are ignored. Returns the hosts now in force.
   */
  static configure(options: Partial<Hosts> & { readonly nonce?: string }): Hosts {
    if (typeof options.nonce === 'string') nonce = options.nonce;
    return configure(options);
  }

  /** Deprecated: a transaction on a shared instance; with a container, the embedded mode. */
  static setup(params: unknown): Transaction {
    const container = isRecord(params) && typeof params.container === 'string' ? params.container : null;
    deprecatedInstance ??= new PaystackPop({ isDeprecatedApi: true });
    const pop = deprecatedInstance;
    deprecation('PaystackPop.setup()', 'new PaystackPop()');
    const transaction = pop.newTransaction(params);
    if (container !== null) {
      pop._embed(transaction, container);
    } else {
      transaction.openIframe = () => {
        deprecation('openIframe', 'open');
        pop._show(transaction, false);
      };
    }
    return transaction;
  }

  /** This popup's 5-character id. */
  readonly id: string = randomId();
  readonly transactions: Transaction[] = [];
  isOpen = false;
  /** Where the Apple Pay button is mounted (paymentRequest's container, or the sheet's). */
  paymentRequestContainer: HTMLElement | null = null;

  private readonly _win: Window;
  private readonly _hosts: Hosts;
  private readonly _options: PaystackPopOptions;
  private _popup: PopupFrame | null = null;
  private _messenger: Messenger<FrameMessage, ToFrame> | null = null;
  private _embedMessenger: Messenger<EmbedMessage, string> | null = null;
  private _embedFrame: HTMLIFrameElement | null = null;
  private _sheet: Sheet | null = null;
  /** The sheet may show once wanted and the frame has loaded its transaction (section 4). */
  private _sheetWanted = false;
  private _transactionShown = false;
  private _loaded = false;
  private _api: Api | undefined;

  constructor(options: PaystackPopOptions = {}) {
    this._options = options;
    this._win = options.window ?? (typeof window === 'undefined' ? (undefined as unknown as Window) : window);
    this._hosts = options.hosts ?? hosts();
  }

  /** Whether the checkout frame has loaded (a method: the provider's was shadowed by a property). */
  isLoaded(): boolean {
    return this._loaded;
  }

  /** The checkout frame, once made. */
  get checkoutIframe(): HTMLIFrameElement | null {
    return this._popup?.frame ?? null;
  }

  /** The latest active transaction, or null. */
  activeTransaction(): Transaction | null {
    const active = this.transactions.filter((transaction) => transaction.isActive);
    return active[active.length - 1] ?? null;
  }

  /**
   * Validates synchronously (throws CheckoutError 'invalid_params'), makes no network call, and
   * shows the checkout frame told to start the transaction.
   */
  newTransaction(params: unknown): Transaction {
    return this._begin(this._prepare(params), false);
  }

  /** Opens the checkout for a transaction made on the server (callbacks as the second argument, or all in one object). */
  resumeTransaction(accessCode: unknown, callbacks: Partial<Callbacks> = {}): Transaction {
    return this.newTransaction(isRecord(accessCode) ? accessCode : { ...callbacks, accessCode });
  }

  /** Prepares the transaction in the hidden frame; the returned function shows it. */
  preloadTransaction(params: unknown): () => void {
    const transaction = this._begin(this._prepare(params), true);
    return () => (transaction.isActive ? this._animateIn() : this._show(transaction, false));
  }

  /**
   * Asks the server for the transaction first (request_inline, or verify_access_code with an
   * accessCode), then shows the pre-checkout sheet when Apple Pay or Vault applies, else the popup.
   * Rejects with 'Transaction parameters should be a non-empty object' / 'Invalid transaction
   * parameters', or with the server's message (after calling onError).
   */
  async checkout(params: unknown): Promise<Transaction> {
    const [transaction, data] = await this._request(params);
    const applePay = isAppleDevice(this._win) && applePayAvailable(this._win, data.channels);
    const link = data.link_config;
    const vault = !(data.custom_filters?.recurring || data.plan_details) && !!link?.enabled && !!link.has_payment_instruments;
    if (!applePay && !vault) {
      this._begin(transaction, false);
      return transaction;
    }
    this._begin(transaction, true);
    const sheet = this._openSheet(data, vault, applePay);
    if (!applePay) {
      this._wantSheet();
      return transaction;
    }
    this.paymentRequestContainer = sheet.paymentRequestContainer;
    try {
      await mountApplePayButton(this._win, this.paymentRequestContainer, {
        channels: data.channels,
        styles: { applePay: { width: '100%', type: 'pay', height: '42px', padding: '15px', borderRadius: '5px' } },
        nonce: this._nonce(),
      });
      this._listenForApplePay();
      this._wantSheet();
    } catch {
      if (vault) {
        sheet.removePaymentRequestContainer();
        this._wantSheet();
      } else {
        this._closeSheet();
        this._animateIn();
      }
    }
    return transaction;
  }

  /**
   * Mounts an Apple Pay button in `container` where the device has Apple Pay; elsewhere, wires
   * `loadPaystackCheckoutButton` to open the popup. Resolves the transaction (or the active one).
   */
  async paymentRequest(params: unknown): Promise<Transaction | null> {
    const all = isRecord(params) ? params : {};
    const { container, loadPaystackCheckoutButton: buttonId, styles, onElementsMount, ...rest } = all;
    const doc = this._win.document;
    const opener = typeof buttonId === 'string' && buttonId ? doc.getElementById(buttonId) : null;
    const mounted = (elements: { applePay: boolean } | null): void => invoke(onElementsMount as Callbacks['onLoad'], elements);
    if (!applePaySupported(this._win)) {
      if (buttonId) {
        if (opener) opener.onclick = this.preloadTransaction(rest);
        else
          warn(
            `This device does not support any payment request wallet options. ${DOCS} to see how to load alternative payment options using 'loadPaystackCheckoutButton'`,
          );
      }
      mounted(null);
      return this.activeTransaction();
    }
    const element = typeof container === 'string' && container ? doc.getElementById(container) : null;
    if (!element) fail('container_required', 'A container is required to mount the payment request button');
    this.paymentRequestContainer = element;
    const [transaction, data] = await this._request(rest);
    try {
      mounted(await mountApplePayButton(this._win, element, { channels: data.channels, styles, nonce: this._nonce() }));
    } catch {
      mounted(null);
    }
    this._activate(transaction);
    this._listenForApplePay();
    if (opener) opener.onclick = this._preloadOpener(transaction);
    return transaction;
  }

  /** Cancels a transaction (by id or itself; the active one by default) and closes the popup. */
  cancelTransaction(idOrTransaction?: unknown): void {
    const found =
      idOrTransaction instanceof Transaction
        ? idOrTransaction
        : idOrTransaction === undefined || idOrTransaction === null
          ? undefined
          : this.transactions.find((transaction) => transaction.id === idOrTransaction);
    const transaction = found ?? this.activeTransaction();
    if (!transaction) return;
    transaction.cancel();
    this.close();
  }

  /** Shows the popup for the active transaction. */
  open(): void {
    const transaction = this.activeTransaction();
    if (transaction) this._show(transaction, false);
  }

  /** Closes the popup: the frame at once, the overlay after its 300 ms fade; then tells the frame. */
  close(): void {
    if (!this.isOpen) return;
    this.isOpen = false;
    this._popup?.hide(() => this._post('close'));
  }

  /** Removes every frame, overlay and sheet this instance made, and its message listeners. */
  destroy(): void {
    this._messenger?.destroy();
    this._embedMessenger?.destroy();
    this._popup?.remove();
    this._embedFrame?.remove();
    this._sheet?.close();
    this._messenger = this._embedMessenger = this._popup = this._embedFrame = this._sheet = null;
    this.isOpen = this._loaded = false;
    if (deprecatedInstance === this) deprecatedInstance = null;
  }

  // -- transactions --------------------------------------------------------------------------

  private _prepare(params: unknown): PreparedTransaction {
    const location = this._win.location as Location & { ancestorOrigins?: DOMStringList };
    return prepare(params, { url: location.href, ancestorOrigins: Array.from(location.ancestorOrigins ?? []) });
  }

  private _services(): TransactionServices {
    const win = this._win;
    this._api = this._api || createApi(this._hosts, this._options.fetch || ((input, init) => win.fetch(input, init)));
    return { api: this._api, checkoutUrl: this._hosts.checkout, now: Date.now, mobile: isMobileAppleDevice(win) };
  }

  /** The latest transaction with equal parameters that is not paid yet (status empty or abandoned). */
  private _reusable(prepared: PreparedTransaction): Transaction | null {
    const matches = this.transactions.filter(
      (transaction) => (!transaction.status || transaction.status === 'abandoned') && sameValue(transaction.parameters, prepared.params),
    );
    const found = matches[matches.length - 1] ?? null;
    if (found) found.callbacks = prepared.callbacks;
    return found;
  }

  private _activate(transaction: Transaction): void {
    transaction.isActive = true;
    if (!this.transactions.includes(transaction)) this.transactions.push(transaction);
  }

  /** Starts (or reuses) a transaction: cancels the active one unless an Apple Pay button is mounted with no sheet. */
  private _begin(from: PreparedTransaction | Transaction, preload: boolean): Transaction {
    const given = from instanceof Transaction ? from : null;
    const transaction = given ?? this._reusable(from as PreparedTransaction) ?? new Transaction(from as PreparedTransaction, this._services());
    const active = this.activeTransaction();
    const applePayMounted = !!applePayButton(this.paymentRequestContainer) && !this._sheet;
    if (active && active !== transaction && !applePayMounted) active.cancel();
    this._activate(transaction);
    if (!this._options.isDeprecatedApi) this._show(transaction, preload);
    return transaction;
  }

  /** Validates, cancels the active transaction (unless reused), and asks the server (onError, then rejects, on failure). */
  private async _request(params: unknown): Promise<[Transaction, InlineData]> {
    const prepared = this._prepare(params);
    const reusable = this._reusable(prepared);
    const active = this.activeTransaction();
    if (active && active !== reusable) active.cancel();
    const transaction = reusable || new Transaction(prepared, this._services());
    try {
      return [transaction, await transaction.requestInline()];
    } catch (error) {
      transaction.onSetupError(error);
      throw error;
    }
  }

  private _preloadOpener(transaction: Transaction): () => void {
    this._show(transaction, true);
    return () => this._animateIn();
  }

  // -- the popup frame -----------------------------------------------------------------------

  private _nonce(): string | undefined {
    return this._options.nonce ?? nonce;
  }

  private _ensurePopup(): PopupFrame {
    if (this._popup && this._messenger) return this._popup;
    const doc = this._win.document;
    injectStyles(doc, this._nonce());
    const popup = new PopupFrame(doc, this.id, `${this._hosts.checkout}popup`);
    const target = (): Window | null => popup.window;
    const origin = originOf(this._hosts.checkout);
    const messenger = this._options.messenger
      ? this._options.messenger(target, origin)
      : new WindowMessenger<FrameMessage, ToFrame>(this._win, target, origin, parseFrameMessage);
    messenger.listen((message) => this._onFrameMessage(message));
    popup.ensure();
    this._popup = popup;
    this._messenger = messenger;
    return popup;
  }

  private _post(message: ToFrame): void {
    this._messenger?.post(message);
  }

  private _analytics(action: AnalyticsEvent, params?: Record<string, unknown>): void {
    this._post({ type: 'analytics', action, ...(params && { params }) });
  }

  /** Tells the frame which transaction to show (now if it has loaded, else on 'loaded:checkout'), and shows it unless preloading. */
  private _show(transaction: Transaction, preload: boolean): void {
    const popup = this._ensurePopup();
    this._transactionShown = false;
    popup.loaded(false);
    if (this._loaded) this._post({ type: 'inline:url', path: 'newTransaction', params: transaction.frameParams() });
    if (!preload) this._animateIn();
  }

  private _animateIn(): void {
    if (this.isOpen) return;
    this._ensurePopup().show();
    this.isOpen = true;
    if (this._loaded) this._post('render');
  }

  private _onFrameMessage({ event, data }: FrameMessage): void {
    const transaction = this.activeTransaction();
    const status = typeof data.status === 'string' ? data.status : null;
    switch (event) {
      case 'loaded:checkout':
        this._loaded = true;
        if (transaction) {
          this._post({ type: 'inline:url', path: 'newTransaction', params: transaction.frameParams() });
          if (this.isOpen) this._post('render');
        }
        return;
      case 'loaded:transaction':
        this._popup?.loaded();
        this._transactionShown = true;
        transaction?.onLoad(data);
        this._maybeOpenSheet();
        return;
      case 'error':
        if (data.type === 'setup') transaction?.onSetupError(data);
        else transaction?.logError(data);
        return;
      case 'cancel':
      case 'close':
      case 'transfer:pending':
        this.close();
        if (!transaction) return;
        if (status) transaction.setStatus(status);
        if (event === 'transfer:pending') return transaction.onBankTransferConfirmationPending();
        // Stays active while an Apple Pay button is mounted outside a sheet (it can still pay).
        if (!(applePayButton(this.paymentRequestContainer) && !this._sheet)) transaction.isActive = false;
        return transaction.onCancel();
      case 'success':
        this.close();
        transaction?.onSuccess(data);
        return;
    }
  }

  // -- the pre-checkout sheet ----------------------------------------------------------------

  private _openSheet(data: InlineData, vault: boolean, applePay: boolean): Sheet {
    this._sheet?.close();
    injectStyles(this._win.document, this._nonce());
    this._sheetWanted = false;
    const sheet = new Sheet(this._win.document, {
      id: this.id,
      data,
      vault,
      applePay,
      onOther: () => {
        this._closeSheet();
        this._animateIn();
      },
      onVault: () => {
        this._closeSheet();
        this._animateIn();
        this._post({ type: 'inline:pay-with-vault' });
      },
      onDismiss: (how) => {
        if (how === 'backdrop') {
          const transaction = this.activeTransaction();
          this._closeSheet();
          transaction?.cancel();
          return;
        }
        this._analytics('trackCheckoutClosed');
        this.cancelTransaction();
        this._post('close');
        this._closeSheet();
      },
    });
    this._sheet = sheet;
    return sheet;
  }

  private _wantSheet(): void {
    this._sheetWanted = true;
    this._maybeOpenSheet();
  }

  private _maybeOpenSheet(): void {
    if (this._sheet && this._sheetWanted && this._transactionShown) this._sheet.open();
  }

  /** 'failed' keeps the sheet with the Apple Pay error; anything else removes it. */
  private _closeSheet(status?: unknown): void {
    if (!this._sheet) return;
    if (status === 'failed') {
      this._sheet.failed();
      return;
    }
    this._sheet.close();
    this._sheet = null;
    this._sheetWanted = false;
  }

  // -- Apple Pay -----------------------------------------------------------------------------

  private _listenForApplePay(): void {
    const transaction = this.activeTransaction();
    const mounted = applePayButton(this.paymentRequestContainer);
    if (transaction?.data && mounted && applePayAvailable(this._win, transaction.data.channels)) {
      mounted.onclick = () => this._startApplePay();
    } else if (this.paymentRequestContainer) {
      this.paymentRequestContainer.textContent = '';
    }
  }

  /**
   * The Apple Pay session (section 7): merchant validation through the payment host, then the
   * charge. A charge that is not successful marks the payment failed, shows the Apple Pay error in
   * the sheet and reports 'trackPaymentError' with the message or 'Transaction attempt failed';
   * an exception reports 'Error occurred' when it has no message.
   */
  private _startApplePay(): void {
    const transaction = this.activeTransaction();
    const data = transaction?.data;
    if (!transaction || !data) return fail('apple_pay', 'Could not initiate apple pay transaction');
    const { api } = this._services();
    const id = String(transaction.id);
    const base = { channel: 'apple_pay', currency: data.currency, amount: data.amount };
    try {
      transaction.logEntry('attempt', APPLE_PAY);
      this._analytics('trackPaymentAttempt', { ...base, paymentMethod: APPLE_PAY });
      const Session = (this._win as Window & { ApplePaySession: ApplePaySessionClass }).ApplePaySession;
      const session = new Session(6, applePayRequest(data));
      session.onvalidatemerchant = async ({ validationURL }) => {
        try {
          const answer = await api.validateApplePaySession({
            transaction: id,
            sessionUrl: validationURL,
            displayName: data.merchant_name || '',
            domainName: this._win.location.hostname,
          });
          if (answer.status === 'success' || answer.status === true) session.completeMerchantValidation(answer.data);
          else transaction.onSetupError(answer);
          transaction.logEntry('action', answer.message);
        } catch (error) {
          transaction.onSetupError(error);
        }
      };
      session.oncancel = () => {
        if (!this._sheet) transaction.onCancel();
      };
      session.onpaymentauthorized = async ({ payment }) => {
        let answer: unknown;
        let message = 'Transaction attempt failed';
        let paid = false;
        try {
          const charged = await api.chargeApplePay({ transaction: id, paymentObject: JSON.stringify(payment) });
          const inner = charged.data as Record<string, unknown> | undefined;
          paid = charged.status === 'success' || (charged.status === true && (!isRecord(inner) || inner.status === 'success'));
          answer = paid ? successData(charged as unknown as Record<string, unknown>) : charged;
          message = charged.message || message;
          transaction.logEntry(paid ? 'success' : 'error', paid ? APPLE_PAY : charged.message);
        } catch (error) {
          answer = error;
          message = (error instanceof Error && error.message) || 'Error occurred';
        }
        session.completePayment(paid ? session.STATUS_SUCCESS : session.STATUS_FAILURE);
        if (paid) {
          transaction.onSuccess(answer as SuccessData);
          this._analytics('trackPaymentCompletion', { ...base, timeSpent: transaction.getTimeSpent() });
          this._closeSheet();
        } else {
          transaction.onSetupError(answer);
          this._analytics('trackPaymentError', { channel: 'apple_pay', message });
          this._closeSheet('failed');
        }
      };
      session.begin();
    } catch (error) {
      transaction.onSetupError(error);
    }
  }

  // -- the deprecated embedded mode ----------------------------------------------------------

  private _embed(transaction: Transaction, containerId: string): void {
    const doc = this._win.document;
    const container = doc.getElementById(containerId);
    if (!container) fail('container_required', 'Container to mount elements was not provided');
    injectStyles(doc, this._nonce());
    this._embedMessenger?.destroy();
    this._embedFrame?.remove();
    const origin = originOf(this._hosts.site);
    const src = `${this._hosts.site}assets/payment/production/inline.html?${embedQuery(transaction.urlParameters)}`;
    const frame = mountEmbed(doc, container, this.id, src, () => messenger.post(`PaystackOpen ${this.id}`));
    const messenger = new WindowMessenger<EmbedMessage, string>(this._win, () => frame.contentWindow, origin, parseEmbedMessage);
    // Honoured only from our own embed frame (the messenger checks its window and origin) and
    // only for this popup's id, the one the frame was opened with: a close posted by any other
    // window, or by another popup's frame, never reaches the merchant's callbacks.
    messenger.listen(({ action, id, data, raw }) => {
      if (id !== this.id) return;
      if (action === 'PaystackClose' && data) transaction.onSuccess({ reference: data, trxref: data, status: 'success', message: raw });
      if (action === 'PaystackTLSClose') transaction.cancel();
    });
    this._embedFrame = frame;
    this._embedMessenger = messenger;
  }
}
