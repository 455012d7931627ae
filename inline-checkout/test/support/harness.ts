/**
 * Builds PaystackPop instances for tests: a RecordingMessenger in place of the window channel, a
 * fetch stub that answers like the provider's API, and helpers to play the checkout frame's side.
 */
import type { Fetch } from '../../src/api/client';
import { DEFAULT_HOSTS } from '../../src/config';
import { PaystackPop } from '../../src/paystack-pop';
import type { PaystackPopOptions } from '../../src/paystack-pop';
import type { FrameEvent, FrameMessage, ToFrame } from '../../src/transport/messages';
import { RecordingMessenger } from '../../src/transport/recording-messenger';

export const API = DEFAULT_HOSTS.api;
export const CHECKOUT = DEFAULT_HOSTS.checkout;
export const PAYMENT = DEFAULT_HOSTS.payment;

export const PARAMS = { key: 'pk_test_1', email: 'ada@example.com', amount: 500000 };

/** What checkout/request_inline answers in `data` (section 3, "Server response data"). */
export function inlineData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 4099,
    access_code: 'acc_4099',
    transaction_status: 'abandoned',
    channels: ['card', 'bank_transfer'],
    merchant_id: 1,
    merchant_key: 'pk_test_1',
    merchant_name: 'Design Co',
    merchant_logo: 'https://shop.example.com/logo.png',
    email: 'ada@example.com',
    amount: 500000,
    currency: 'NGN',
    label: null,
    plan_details: null,
    link_config: { enabled: false, has_payment_instruments: false },
    log: null,
    ...overrides,
  };
}

export interface Call {
  readonly url: string;
  readonly init: RequestInit;
}

/** A fetch stub: `answer(url, init)` returns the JSON body (or throws, for a network failure). */
export function fakeFetch(answer: (url: string, init: RequestInit) => unknown = () => ({ status: true, message: 'ok', data: inlineData() })) {
  const calls: Call[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const body = answer(url, init);
    return { json: async () => body } as Response;
  });
  return { fetch: fetch as unknown as Fetch, calls };
}

/** Answers like the provider: request_inline / verify_access_code with inline data, the rest with {status: true}. */
export function providerFetch(data: Record<string, unknown> = inlineData()) {
  return fakeFetch((url) => {
    if (url.includes('checkout/request_inline') || url.includes('verify_access_code')) return { status: true, message: 'Checkout initialized', data };
    return { status: true, message: 'ok', data: {} };
  });
}

export interface Harness {
  readonly pop: PaystackPop;
  readonly messenger: RecordingMessenger<FrameMessage, ToFrame>;
  readonly calls: Call[];
  /** Plays the checkout frame: delivers `{event, data}` as if it had passed the origin/source/shape checks. */
  frame(event: FrameEvent, data?: Record<string, unknown>): void;
  /** What was posted to the frame, in order. */
  posted(): ToFrame[];
}

export function harness(options: PaystackPopOptions & { fetchAnswer?: ReturnType<typeof fakeFetch> } = {}): Harness {
  const messenger = new RecordingMessenger<FrameMessage, ToFrame>();
  const stub = options.fetchAnswer ?? providerFetch();
  const pop = new PaystackPop({ fetch: stub.fetch, messenger: () => messenger, ...options });
  return {
    pop,
    messenger,
    calls: stub.calls,
    frame: (event, data = {}) => messenger.deliver({ event, data }),
    posted: () => messenger.posted,
  };
}

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let round = 0; round < 10; round += 1) await Promise.resolve();
}

export function removeAll(): void {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
}
