/**
 * One transaction's local state (spec section 3 and 4): id, status, accessCode, authorizationUrl,
 * errors, response, isActive, and the merchant's callbacks. Callbacks fire in the provider's order:
 * onSuccess then the deprecated callback; onCancel then the deprecated onClose. A callback that
 * throws does not stop the popup: its error is rethrown on a fresh stack, where the page sees it.
 */
import type { Api, InlineData } from './api/client';
import { CheckoutError } from './errors';
import { record, startLog, timeSpent } from './log';
import type { LogKind, PaymentLog } from './log';
import type { Callback, Callbacks, PreparedTransaction, TransactionParams } from './params';

/** What the frame reports on success: reference, trxref, status, trans, transaction, message, redirecturl… */
export type SuccessData = Readonly<Record<string, unknown>>;

/** What a transaction needs from its page: the API, the checkout URL, a clock, whether the device is mobile. */
export interface TransactionServices {
  readonly api: Api;
  readonly checkoutUrl: string;
  readonly now: () => number;
  readonly mobile: boolean;
}

export function invoke(callback: Callback | undefined, ...args: unknown[]): void {
  if (typeof callback !== 'function') return;
  try {
    (callback as (...values: unknown[]) => unknown)(...args);
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
}

export class Transaction {
  id: number | string | null = null;
  /** Empty until the server or the frame says otherwise ('abandoned', 'success', 'pending', …). */
  status: string | null = null;
  accessCode: string | null;
  authorizationUrl: string | null = null;
  customer: unknown = undefined;
  errors: unknown[] = [];
  /** The server's transaction data, then the success data. */
  response: Readonly<Record<string, unknown>> | null = null;
  isActive = true;
  /** The canonical parameters in effect: what reuse compares. */
  readonly parameters: TransactionParams;
  /** What is posted to the API and the checkout frame. */
  readonly urlParameters: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;
  callbacks: Callbacks;
  /** The server's data from request_inline / verify_access_code (merchant_key, channels, …). */
  data: InlineData | null = null;
  log: PaymentLog | null = null;
  /** Deprecated (PaystackPop.setup): opens the popup, with a warning. Set by setup() only. */
  openIframe?: () => void;

  constructor(
    prepared: PreparedTransaction,
    private readonly _services: TransactionServices,
  ) {
    this.parameters = prepared.params;
    this.urlParameters = prepared.body;
    this.headers = prepared.headers;
    this.callbacks = prepared.callbacks;
    this.accessCode = prepared.accessCode;
  }

  /**
   * What the checkout frame is told to show: the access code once known (with the merchant's
   * language, so the frame opens in it: `{accessCode, language}`), else the parameters.
   */
  frameParams(): Readonly<Record<string, unknown>> {
    if (!this.accessCode) return this.urlParameters;
    const { language } = this.parameters;
    return typeof language === 'string' ? { accessCode: this.accessCode, language } : { accessCode: this.accessCode };
  }

  /** Asks the server for the transaction (verify_access_code with an access code, else request_inline). */
  async requestInline(): Promise<InlineData> {
    const { api, now, mobile } = this._services;
    const data = this.accessCode
      ? await api.verifyAccessCode(this.accessCode, this.headers)
      : await api.requestInline(this.urlParameters, this.headers);
    this.data = data;
    this.response = data as unknown as Record<string, unknown>;
    this.id = data.id;
    this.status = data.transaction_status ?? null;
    this.accessCode = data.access_code;
    this.log = startLog(data.log, now(), mobile);
    this._report(api.setIp(data.id, data.merchant_key));
    return data;
  }

  onSetupError(error: unknown): void {
    this.logError(error);
    invoke(this.callbacks.onError, error instanceof CheckoutError ? { status: false, message: error.message } : error);
  }

  onLoad(data: Readonly<Record<string, unknown>>): void {
    const { id, customer, accessCode } = data;
    if (typeof id === 'number' || typeof id === 'string') this.id = id;
    if (typeof accessCode === 'string') this.accessCode = accessCode;
    this.customer = customer;
    if (this.accessCode) this.authorizationUrl = `${this._services.checkoutUrl}${this.accessCode}`;
    invoke(this.callbacks.onLoad, { id: this.id, customer, accessCode: this.accessCode });
  }

  onSuccess(data: SuccessData): void {
    this.isActive = false;
    this.response = data;
    this.status = typeof data.status === 'string' ? data.status : 'success';
    invoke(this.callbacks.onSuccess, data);
    invoke(this.callbacks.callback, data);
  }

  setStatus(status: string): void {
    this.status = status;
  }

  onCancel(): void {
    invoke(this.callbacks.onCancel);
    invoke(this.callbacks.onClose);
  }

  cancel(): void {
    this.isActive = false;
    this.onCancel();
  }

  onBankTransferConfirmationPending(): void {
    this.cancel();
    invoke(this.callbacks.onBankTransferConfirmationPending);
  }

  logError(error: unknown): void {
    this.errors.push(error);
  }

  getTimeSpent(): number {
    return this.log ? timeSpent(this.log, this._services.now()) : 0;
  }

  /** Adds a payment log entry and sends the log (bearer merchant_key). */
  logEntry(kind: LogKind, detail?: string): void {
    if (!this.log || !this.data || this.id === null) return;
    record(this.log, kind, detail, this._services.now());
    this._report(this._services.api.updateLog(this.id, this.data.merchant_key, this.log));
  }

  /** Log and address calls are best effort: a failure is kept in errors, never thrown. */
  private _report(call: Promise<unknown>): void {
    call.catch((error: unknown) => this.logError(error));
  }
}
