/**
 * Where the script talks to: the provider's API, its checkout frame, its payment host (Apple Pay)
 * and its site (the deprecated embedded page). Defaults are the real provider's.
 *
 * A copy can be pointed elsewhere (the local payment sandbox) in three ways, none of which adds a
 * global:
 * 1. the server that serves the file writes a JSON object over the SERVED_HOSTS marker below
 *    (designcore's server does this for `/inline-checkout/v2/inline.js`);
 * 2. the script tag carries `data-api-host`, `data-checkout-host`, `data-payment-host` or
 *    `data-site-host` (read once, when the script runs);
 * 3. code using the ES module calls `PaystackPop.configure({...})`.
 * Later ones win. Every host is an absolute http(s) URL; a trailing '/' is added when missing.
 */

export interface Hosts {
  /** The payment API: checkout/request_inline, transaction/verify_access_code, update_log, set_ip. */
  readonly api: string;
  /** The checkout frame is `${checkout}popup`; its origin is the only one messages are accepted from. */
  readonly checkout: string;
  /** Apple Pay: applepay/validate-session/ and applepay/charge. */
  readonly payment: string;
  /** The deprecated embedded page is `${site}assets/payment/production/inline.html`. */
  readonly site: string;
}

export const DEFAULT_HOSTS: Hosts = {
  api: 'https://api.paystack.co/',
  checkout: 'https://checkout.paystack.com/',
  payment: 'https://standard.paystack.co/',
  site: 'https://paystack.com/',
};

/**
 * Replaced, quotes included, by a JSON string literal such as
 * `"{\"api\":\"http://127.0.0.1:8000/sandbox/paystack/\"}"` by a server that serves this file
 * configured. Left alone it is not JSON and changes nothing.
 */
export const SERVED_HOSTS = '__INLINE_CHECKOUT_HOSTS__';

const KEYS: readonly (keyof Hosts)[] = ['api', 'checkout', 'payment', 'site'];

/** An absolute http(s) URL ending in '/', or null. */
function hostUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !/^https?:\/\/[^/?#\s]+/i.test(value)) return null;
  return value.endsWith('/') ? value : `${value}/`;
}

/** `base` with every valid host in `overrides` applied; anything else is ignored. */
export function withHosts(base: Hosts, overrides: unknown): Hosts {
  if (typeof overrides !== 'object' || overrides === null) return base;
  const next: Record<string, string> = { ...base };
  for (const key of KEYS) {
    const url = hostUrl((overrides as Record<string, unknown>)[key]);
    if (url !== null) next[key] = url;
  }
  return next as unknown as Hosts;
}

/** The served overrides, if a server wrote any. */
export function servedHosts(served: string = SERVED_HOSTS): unknown {
  try {
    return JSON.parse(served) as unknown;
  } catch {
    return null;
  }
}

/** `data-api-host` and friends from the script tag. */
export function scriptHosts(script: Element | null): Record<string, string | null> {
  const found: Record<string, string | null> = {};
  for (const key of KEYS) found[key] = script && script.getAttribute(`data-${key}-host`);
  return found;
}

/** The origin of a host URL (what postMessage is addressed to and checked against). */
export function originOf(url: string): string {
  return new URL(url).origin;
}

let current: Hosts = withHosts(DEFAULT_HOSTS, servedHosts());

/** The hosts new PaystackPop instances use. */
export function hosts(): Hosts {
  return current;
}

/** Applies overrides (invalid ones are ignored) and returns the hosts now in force. */
export function configure(overrides: unknown): Hosts {
  current = withHosts(current, overrides);
  return current;
}
