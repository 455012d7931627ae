/**
 * The one fetch wrapper: every call answers the provider's `{status, message, data}`. A refusal
 * (`status: false`), an answer that is not JSON, or no answer at all becomes a CheckoutError with
 * code 'setup' whose message is the server's word (section 8: "a setup error with the server
 * message"); the Apple Pay calls hand refusals back instead, since their callers show them.
 * Apple Pay calls are cross-origin form posts without credentials.
 */
import { CheckoutError } from '../errors';
import type { Hosts } from '../config';

export interface Answer<T = Record<string, unknown>> {
  readonly status: boolean | string;
  readonly message: string;
  readonly data?: T;
}

/** The transaction data `checkout/request_inline` and `transaction/verify_access_code` answer (section 3). */
export interface InlineData {
  readonly id: number | string;
  readonly access_code: string;
  readonly transaction_status?: string | null;
  readonly channels?: readonly string[];
  readonly merchant_id?: number;
  readonly merchant_key: string;
  readonly merchant_name?: string;
  readonly merchant_logo?: string;
  readonly email?: string;
  readonly amount?: number;
  readonly currency?: string;
  readonly label?: string | null;
  readonly plan_details?: { readonly interval?: string } | null;
  readonly link_config?: { readonly enabled?: boolean; readonly has_payment_instruments?: boolean } | null;
  readonly custom_filters?: { readonly recurring?: boolean } | null;
  readonly log?: Record<string, unknown> | null;
  /** The merchant's country for Apple Pay (decision: read when present, NG otherwise). */
  readonly country_code?: string;
}

export type Fetch = typeof fetch;

const FORM: RequestInit = {
  method: 'POST',
  mode: 'cors',
  credentials: 'omit',
  referrerPolicy: 'no-referrer-when-downgrade',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
};

/** `lenient`: a refusal is returned, not thrown (the Apple Pay steps judge the status themselves). */
async function call<T>(fetcher: Fetch, url: string, init: RequestInit, lenient = false): Promise<Answer<T>> {
  let record: Partial<Answer<T>>;
  try {
    record = Object((await (await fetcher(url, init)).json()) as unknown) as Partial<Answer<T>>;
  } catch (error) {
    throw new CheckoutError('setup', (error as Error).message || 'Error occurred');
  }
  const message = typeof record.message === 'string' ? record.message : '';
  const status = record.status ?? false;
  if (status === false && !lenient) throw new CheckoutError('setup', message || 'Error occurred');
  return { status, message, ...(record.data !== undefined && { data: record.data }) };
}

function form(fields: Readonly<Record<string, string>>): string {
  return new URLSearchParams(fields as Record<string, string>).toString();
}

export interface Api {
  requestInline(body: Readonly<Record<string, unknown>>, headers: Readonly<Record<string, string>>): Promise<InlineData>;
  verifyAccessCode(accessCode: string, headers: Readonly<Record<string, string>>): Promise<InlineData>;
  updateLog(id: number | string, merchantKey: string, log: unknown): Promise<unknown>;
  setIp(id: number | string, merchantKey: string): Promise<unknown>;
  validateApplePaySession(fields: { transaction: string; sessionUrl: string; displayName: string; domainName: string }): Promise<Answer>;
  chargeApplePay(fields: { transaction: string; paymentObject: string }): Promise<Answer>;
}

/** The calls of section 7 against `hosts`, through `fetcher` (window.fetch in a page, a stub in tests). */
export function createApi(hosts: Hosts, fetcher: Fetch): Api {
  const data = async (answer: Promise<Answer<InlineData>>): Promise<InlineData> => {
    const { data: payload } = await answer;
    if (payload === undefined) throw new CheckoutError('setup', 'Error occurred');
    return payload;
  };
  const bearer = (key: string): Record<string, string> => ({ Authorization: `Bearer ${key}` });
  const url = (path: string, id: unknown): string => `${hosts.api}${path}/${encodeURIComponent(String(id))}`;
  return {
    requestInline: (body, headers) =>
      data(call(fetcher, `${hosts.api}checkout/request_inline`, { method: 'POST', headers: { ...headers }, body: JSON.stringify(body) })),
    verifyAccessCode: (accessCode, headers) =>
      data(call(fetcher, url('transaction/verify_access_code', accessCode), { headers: { ...headers } })),
    updateLog: (id, merchantKey, log) =>
      call(fetcher, url('transaction/update_log', id), {
        method: 'POST',
        headers: { ...bearer(merchantKey), 'Content-Type': 'application/json' },
        body: JSON.stringify({ payload: JSON.stringify(log) }),
      }),
    setIp: (id, merchantKey) =>
      call(fetcher, url('transaction/set_ip', id), { method: 'POST', headers: bearer(merchantKey) }),
    validateApplePaySession: (fields) =>
      call(fetcher, `${hosts.payment}applepay/validate-session/`, { ...FORM, body: form(fields) }, true),
    chargeApplePay: (fields) => call(fetcher, `${hosts.payment}applepay/charge`, { ...FORM, body: form(fields) }, true),
  };
}
