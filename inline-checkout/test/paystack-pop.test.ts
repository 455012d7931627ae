import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CheckoutError } from '../src/errors';
import { PaystackPop, Transaction, randomId, sameValue } from '../src/paystack-pop';
import { API, CHECKOUT, PARAMS, harness, inlineData, providerFetch, removeAll } from './support/harness';

function caught(run: () => unknown): CheckoutError {
  try {
    run();
  } catch (error) {
    if (error instanceof CheckoutError) return error;
    throw error;
  }
  throw new Error('expected a CheckoutError');
}

beforeEach(() => {
  removeAll();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('PaystackPop', () => {
  it('reports the package version', () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '../package.json'), 'utf8')) as { version: string };
    expect(PaystackPop.version).toBe(pkg.version);
  });

  it('importing the pure entry sets no global', () => {
    expect('PaystackPop' in window).toBe(false);
  });

  it('makes no frame, overlay or listener when constructed', () => {
    const added = jest.spyOn(window, 'addEventListener');
    const pop = new PaystackPop();
    expect(document.querySelectorAll('iframe, div')).toHaveLength(0);
    expect(added).not.toHaveBeenCalled();
    expect(pop.checkoutIframe).toBeNull();
  });

  it('has a random 5-character alphanumeric id', () => {
    expect(new PaystackPop().id).toMatch(/^[a-z0-9]{5}$/);
    expect(randomId(() => 0.5)).toBe('i0000');
    expect(randomId(() => 0.123456789)).toMatch(/^[a-z0-9]{5}$/);
  });

  it('isLoaded is a working method: false until the checkout frame has loaded', () => {
    const { pop, frame } = harness();
    expect(pop.isLoaded()).toBe(false);
    pop.newTransaction(PARAMS);
    frame('loaded:checkout');
    expect(pop.isLoaded()).toBe(true);
  });
});

describe('sameValue', () => {
  it.each([
    [{ a: 1, b: { c: [1, { d: 'x' }] } }, { b: { c: [1, { d: 'x' }] }, a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ metadata: { a: 1 } }, { metadata: { a: 2 } }, false],
    [[1, 2], [2, 1], false],
    [{ a: [] }, { a: {} }, false],
    ['x', 'x', true],
  ])('compares %j and %j deeply', (a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
  });
});

describe('newTransaction', () => {
  it('validates synchronously and throws every issue, without a frame or a network call', () => {
    const { pop, calls } = harness();
    const error = caught(() => pop.newTransaction({ key: 'pk', amount: '5000' }));
    expect(error.message).toBe('Invalid transaction parameters');
    expect(error.code).toBe('invalid_params');
    expect(error.issues.map((issue) => issue.message)).toEqual([
      'Required parameter missing: email',
      'Invalid parameter type: amount',
    ]);
    expect(document.querySelector('iframe')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("refuses a non-object with 'Transaction parameters should be a non-empty object'", () => {
    const { pop } = harness();
    const error = caught(() => pop.newTransaction('pk_test'));
    expect([error.message, error.issues]).toEqual(['Transaction parameters should be a non-empty object', []]);
  });

  it("refuses an empty object with 'Invalid transaction parameters' naming key, amount and email", () => {
    const { pop, calls } = harness();
    const error = caught(() => pop.newTransaction({}));
    expect(error.message).toBe('Invalid transaction parameters');
    expect(error.issues).toEqual([
      { path: 'key', message: 'Required parameter missing: key' },
      { path: 'amount', message: 'Required parameter missing: amount' },
      { path: 'email', message: 'Required parameter missing: email' },
    ]);
    expect([document.querySelector('iframe'), calls]).toEqual([null, []]);
  });

  it('opens the popup frame from the checkout host at path popup, over a loading overlay, with no network call', () => {
    const { pop, calls } = harness();
    const transaction = pop.newTransaction(PARAMS);
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(`${CHECKOUT}popup`);
    expect(frame?.id).toBe(`inline-checkout-${pop.id}`);
    expect(frame?.hidden).toBe(false);
    expect(frame?.getAttribute('allow')).toBe('payment; clipboard-read; clipboard-write');
    const overlay = document.getElementById(`inline-background-${pop.id}`);
    expect(overlay?.hidden).toBe(false);
    expect(overlay?.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(pop.isOpen).toBe(true);
    expect(calls).toEqual([]);
    expect(transaction).toBeInstanceOf(Transaction);
    expect(transaction).toMatchObject({ id: null, status: null, accessCode: null, authorizationUrl: null, errors: [], response: null, isActive: true });
  });

  it("tells the frame which transaction once it has loaded: 'inline:url' (path newTransaction, the posted params), then 'render'", () => {
    const { pop, frame, posted } = harness();
    const transaction = pop.newTransaction({ ...PARAMS, first_name: 'Ada', card: false });
    expect(posted()).toEqual([]);
    frame('loaded:checkout');
    expect(posted()).toEqual([{ type: 'inline:url', path: 'newTransaction', params: transaction.urlParameters }, 'render']);
    expect(transaction.urlParameters).toEqual({
      key: 'pk_test_1',
      amount: 500000,
      email: 'ada@example.com',
      firstname: 'Ada',
      channels: ['bank'],
      metadata: '{"referrer":"http://localhost/"}',
      mode: 'popup',
    });
  });

  it('posts at once when the frame has loaded already', () => {
    const { pop, frame, posted } = harness();
    pop.newTransaction(PARAMS);
    frame('loaded:checkout');
    posted().length = 0;
    const second = pop.newTransaction({ ...PARAMS, amount: 900 });
    expect(posted()).toEqual([{ type: 'inline:url', path: 'newTransaction', params: second.urlParameters }]);
  });

  it('leaves the caller’s object, metadata and split unchanged', () => {
    const { pop } = harness();
    const params = Object.freeze({ ...PARAMS, metadata: Object.freeze({ cart: 1 }), split: Object.freeze({ type: 'flat' }), unknown: 1 });
    pop.newTransaction(params);
    expect(params).toEqual({ ...PARAMS, metadata: { cart: 1 }, split: { type: 'flat' }, unknown: 1 });
  });

  it('reuses an equal, unpaid transaction (deep equality, fresh callbacks)', () => {
    const { pop } = harness();
    const first = pop.newTransaction({ ...PARAMS, metadata: { cart: { items: [1, 2] } } });
    const onSuccess = jest.fn();
    const again = pop.newTransaction({ ...PARAMS, metadata: { cart: { items: [1, 2] } }, onSuccess });
    expect(again).toBe(first);
    expect(again.callbacks.onSuccess).toBe(onSuccess);
    expect(pop.transactions).toHaveLength(1);
    const other = pop.newTransaction({ ...PARAMS, metadata: { cart: { items: [1, 3] } } });
    expect(other).not.toBe(first);
  });

  it('does not reuse a paid transaction', () => {
    const { pop, frame } = harness();
    const first = pop.newTransaction(PARAMS);
    frame('success', { reference: 'r', status: 'success' });
    expect(pop.newTransaction(PARAMS)).not.toBe(first);
  });

  it('cancels the active transaction when a new one starts', () => {
    const { pop } = harness();
    const onCancel = jest.fn();
    const first = pop.newTransaction({ ...PARAMS, onCancel });
    const second = pop.newTransaction({ ...PARAMS, amount: 100 });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(first.isActive).toBe(false);
    expect(pop.activeTransaction()).toBe(second);
  });
});

describe('messages from the checkout frame', () => {
  it("'loaded:transaction' hides the spinner and calls onLoad with id, customer and accessCode", () => {
    const onLoad = jest.fn();
    const { pop, frame } = harness();
    const transaction = pop.newTransaction({ ...PARAMS, onLoad });
    frame('loaded:checkout');
    frame('loaded:transaction', { id: 77, customer: { email: 'ada@example.com' }, accessCode: 'acc_77' });
    expect(document.getElementById(`inline-background-${pop.id}`)?.classList.contains('ic-loaded')).toBe(true);
    expect(onLoad).toHaveBeenCalledWith({ id: 77, customer: { email: 'ada@example.com' }, accessCode: 'acc_77' });
    expect(transaction).toMatchObject({ id: 77, accessCode: 'acc_77', authorizationUrl: `${CHECKOUT}acc_77` });
  });

  it("'success' closes the popup, then calls onSuccess and the deprecated callback with the data", () => {
    const order: string[] = [];
    const { pop, frame, posted } = harness();
    const transaction = pop.newTransaction({
      ...PARAMS,
      onSuccess: (data: unknown) => order.push(`onSuccess ${JSON.stringify(data)}`),
      callback: () => order.push('callback'),
    });
    frame('loaded:checkout');
    frame('success', { reference: 'ref-1', status: 'success', trans: '4099' });
    expect(order).toEqual(['onSuccess {"reference":"ref-1","status":"success","trans":"4099"}', 'callback']);
    expect(transaction).toMatchObject({ isActive: false, status: 'success', response: { reference: 'ref-1', status: 'success', trans: '4099' } });
    expect(pop.isOpen).toBe(false);
    expect(document.querySelector('iframe')?.hidden).toBe(true);
    expect(posted()).not.toContain('close');
    jest.advanceTimersByTime(299);
    expect(document.getElementById(`inline-background-${pop.id}`)?.hidden).toBe(false);
    jest.advanceTimersByTime(1);
    expect(document.getElementById(`inline-background-${pop.id}`)?.hidden).toBe(true);
    expect(posted()[posted().length - 1]).toBe('close');
  });

  it.each(['cancel', 'close'] as const)("'%s' closes the popup and calls onCancel then onClose; the status comes from the data", (event) => {
    const order: string[] = [];
    const { pop, frame } = harness();
    const transaction = pop.newTransaction({ ...PARAMS, onCancel: () => order.push('onCancel'), onClose: () => order.push('onClose') });
    frame(event, { status: 'abandoned' });
    expect(order).toEqual(['onCancel', 'onClose']);
    expect(transaction).toMatchObject({ isActive: false, status: 'abandoned' });
    expect(pop.isOpen).toBe(false);
  });

  it("'transfer:pending' cancels, then calls onBankTransferConfirmationPending", () => {
    const order: string[] = [];
    const { pop, frame } = harness();
    const transaction = pop.newTransaction({
      ...PARAMS,
      onCancel: () => order.push('onCancel'),
      onClose: () => order.push('onClose'),
      onBankTransferConfirmationPending: () => order.push('pending'),
    });
    frame('transfer:pending', { status: 'pending', reference: 'ref' });
    expect(order).toEqual(['onCancel', 'onClose', 'pending']);
    expect(transaction).toMatchObject({ isActive: false, status: 'pending' });
  });

  it("'error' of type setup calls onError; other errors are only logged", () => {
    const onError = jest.fn();
    const { pop, frame } = harness();
    const transaction = pop.newTransaction({ ...PARAMS, onError });
    frame('error', { type: 'charge', message: 'Declined' });
    expect(onError).not.toHaveBeenCalled();
    frame('error', { type: 'setup', message: 'Invalid key' });
    expect(onError).toHaveBeenCalledWith({ type: 'setup', message: 'Invalid key' });
    expect(transaction.errors).toEqual([
      { type: 'charge', message: 'Declined' },
      { type: 'setup', message: 'Invalid key' },
    ]);
  });

  it('ignores messages when no transaction is active', () => {
    const { pop, frame } = harness();
    const onSuccess = jest.fn();
    pop.newTransaction({ ...PARAMS, onSuccess });
    frame('cancel');
    expect(() => frame('success', { reference: 'late' })).not.toThrow();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('a merchant callback that throws does not break the popup', () => {
    const { pop, frame } = harness();
    const transaction = pop.newTransaction({
      ...PARAMS,
      onSuccess: () => {
        throw new Error('merchant bug');
      },
    });
    expect(() => frame('success', { reference: 'r' })).not.toThrow();
    expect(transaction.isActive).toBe(false);
    expect(() => jest.runOnlyPendingTimers()).toThrow('merchant bug');
  });
});

describe('checkout', () => {
  it('asks request_inline for the transaction, sets the address, then opens the popup for it', async () => {
    const { pop, calls, frame, posted } = harness();
    const transaction = await pop.checkout({ ...PARAMS, language: 'fr', connect_account: 'acct_1' });
    expect(calls[0]?.url).toBe(`${API}checkout/request_inline`);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'fr', 'x-connect-account': 'acct_1' });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ...PARAMS, metadata: '{"referrer":"http://localhost/"}', mode: 'popup' });
    expect(calls[1]).toEqual({ url: `${API}transaction/set_ip/4099`, init: { method: 'POST', headers: { Authorization: 'Bearer pk_test_1' } } });
    expect(transaction).toMatchObject({ id: 4099, accessCode: 'acc_4099', status: 'abandoned', isActive: true });
    expect(pop.isOpen).toBe(true);
    frame('loaded:checkout');
    expect(posted()[0]).toEqual({ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_4099', language: 'fr' } });
  });

  it('without a language, tells the frame the access code alone', async () => {
    const { pop, frame, posted } = harness();
    await pop.checkout(PARAMS);
    frame('loaded:checkout');
    expect(posted()[0]).toEqual({ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_4099' } });
  });

  it('resuming with a language: verify_access_code gets Accept-Language and the frame {accessCode, language}', async () => {
    const { pop, calls, frame, posted } = harness();
    await pop.checkout({ accessCode: 'acc_9', language: 'fr' });
    expect(calls[0]?.url).toBe(`${API}transaction/verify_access_code/acc_9`);
    expect(calls[0]?.init.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'fr' });
    expect(calls[1]?.url).toBe(`${API}transaction/set_ip/4099`);
    frame('loaded:checkout');
    expect(posted()[0]).toEqual({ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_4099', language: 'fr' } });
  });

  it('resumeTransaction(accessCode, {language}) opens the frame with {accessCode, language}', () => {
    const { pop, frame, posted } = harness();
    pop.resumeTransaction('acc_7', { language: 'fr' } as never);
    frame('loaded:checkout');
    expect(posted()[0]).toEqual({ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_7', language: 'fr' } });
  });

  it('uses verify_access_code when an accessCode is given', async () => {
    const { pop, calls } = harness();
    const transaction = await pop.checkout({ accessCode: 'acc/9 x' });
    expect(calls[0]?.url).toBe(`${API}transaction/verify_access_code/acc%2F9%20x`);
    expect(calls[0]?.init.method).toBeUndefined();
    expect(transaction.accessCode).toBe('acc_4099');
  });

  it('rejects a non-object with the spec text and no issues, and calls nothing', async () => {
    const { pop, calls } = harness();
    await expect(pop.checkout(null)).rejects.toThrow('Transaction parameters should be a non-empty object');
    await expect(pop.checkout('x')).rejects.toMatchObject({ message: 'Transaction parameters should be a non-empty object', issues: [] });
    await expect(pop.checkout({ key: 'pk' })).rejects.toMatchObject({ message: 'Invalid transaction parameters', code: 'invalid_params' });
    expect(calls).toEqual([]);
  });

  it('on status false: a setup error with the server message, onError, and a rejected promise', async () => {
    const onError = jest.fn();
    const { pop } = harness({ fetchAnswer: providerFetchRefusing('Invalid key') });
    const attempt = pop.checkout({ ...PARAMS, onError });
    await expect(attempt).rejects.toMatchObject({ code: 'setup', message: 'Invalid key' });
    expect(onError).toHaveBeenCalledWith({ status: false, message: 'Invalid key' });
    expect(pop.transactions).toEqual([]);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('reuses an equal transaction that is not paid, and cancels another active one', async () => {
    const { pop } = harness();
    const onCancel = jest.fn();
    const first = await pop.checkout({ ...PARAMS, onCancel });
    expect(await pop.checkout({ ...PARAMS, onCancel })).toBe(first);
    expect(onCancel).not.toHaveBeenCalled();
    await pop.checkout({ ...PARAMS, amount: 100 });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

function providerFetchRefusing(message: string) {
  const stub = providerFetch();
  const refuse = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    stub.calls.push({ url: String(input), init: init ?? {} });
    return { json: async () => ({ status: false, message }) } as Response;
  });
  return { fetch: refuse as unknown as typeof fetch, calls: stub.calls };
}

describe('the pre-checkout sheet (Vault)', () => {
  const vaultData = inlineData({ link_config: { enabled: true, has_payment_instruments: true }, label: 'Ada L.' });

  async function vault() {
    const h = harness({ fetchAnswer: providerFetch(vaultData) });
    const onCancel = jest.fn();
    const transaction = await h.pop.checkout({ ...PARAMS, onCancel });
    const sheet = document.getElementById(`pre-checkout-modal-${h.pop.id}`) as HTMLElement;
    return { ...h, transaction, sheet, onCancel };
  }

  it('is built hidden, with the popup preloaded but not shown, and opens after loaded:transaction and 50 ms', async () => {
    const { pop, sheet, frame, posted } = await vault();
    expect(sheet.hidden).toBe(true);
    expect(pop.isOpen).toBe(false);
    expect(document.querySelector('iframe')?.hidden).toBe(true);
    frame('loaded:checkout');
    expect(posted()).toEqual([{ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_4099' } }]);
    frame('loaded:transaction', { id: 4099 });
    expect(sheet.hidden).toBe(false);
    const card = sheet.querySelector('.ic-card') as HTMLElement;
    jest.advanceTimersByTime(49);
    expect(card.classList.contains('ic-show')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(card.classList.contains('ic-show')).toBe(true);
    expect(sheet.textContent).toContain('Access your saved cards and bank details for faster, more secure payments');
    expect(sheet.textContent).toContain('Ada L.');
  });

  it("'Pay with Vault' hands over to the popup and tells it to pay with Vault", async () => {
    const { pop, sheet, frame, posted } = await vault();
    frame('loaded:checkout');
    frame('loaded:transaction');
    (Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent === 'Pay with Vault') as HTMLButtonElement).click();
    expect(document.getElementById(sheet.id)).toBeNull();
    expect(pop.isOpen).toBe(true);
    expect(posted().slice(-2)).toEqual(['render', { type: 'inline:pay-with-vault' }]);
  });

  it("'Use other payment methods' hands over to the popup", async () => {
    const { pop, sheet, frame } = await vault();
    frame('loaded:checkout');
    frame('loaded:transaction');
    (Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent === 'Use other payment methods') as HTMLButtonElement).click();
    expect(document.getElementById(sheet.id)).toBeNull();
    expect(pop.isOpen).toBe(true);
  });

  it('the close button reports trackCheckoutClosed, cancels the transaction and tells the frame', async () => {
    const { sheet, frame, posted, onCancel, transaction } = await vault();
    frame('loaded:checkout');
    frame('loaded:transaction');
    (sheet.querySelector('button[aria-label="Close"]') as HTMLButtonElement).click();
    expect(posted()).toContainEqual({ type: 'analytics', action: 'trackCheckoutClosed' });
    expect(posted()[posted().length - 1]).toBe('close');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(transaction.isActive).toBe(false);
    expect(document.getElementById(sheet.id)).toBeNull();
  });

  it('Escape closes it like the close button', async () => {
    const { sheet, frame, onCancel } = await vault();
    frame('loaded:checkout');
    frame('loaded:transaction');
    sheet.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(document.getElementById(sheet.id)).toBeNull();
  });

  it.each([
    ['a plan', { plan_details: { interval: 'monthly' } }],
    ['a recurring filter', { custom_filters: { recurring: true } }],
    ['no saved instruments', { link_config: { enabled: true, has_payment_instruments: false } }],
  ])('is not offered with %s: the popup opens directly', async (_label, overrides) => {
    const { pop } = harness({ fetchAnswer: providerFetch(inlineData({ link_config: { enabled: true, has_payment_instruments: true }, ...overrides })) });
    await pop.checkout(PARAMS);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(pop.isOpen).toBe(true);
  });
});

describe('cancelTransaction, open, close, activeTransaction', () => {
  it('cancels by id, by the transaction itself, or the active one, and closes the popup', async () => {
    const { pop } = harness();
    const first = await pop.checkout(PARAMS);
    pop.cancelTransaction(4099);
    expect(first.isActive).toBe(false);
    expect(pop.isOpen).toBe(false);
    const second = pop.newTransaction({ ...PARAMS, amount: 7 });
    pop.cancelTransaction(second);
    expect(second.isActive).toBe(false);
    const third = pop.newTransaction({ ...PARAMS, amount: 8 });
    pop.cancelTransaction();
    expect(third.isActive).toBe(false);
    expect(pop.activeTransaction()).toBeNull();
  });

  it('open() shows the popup for the active transaction; close() hides it', () => {
    const { pop } = harness();
    pop.newTransaction(PARAMS);
    pop.close();
    expect(pop.isOpen).toBe(false);
    pop.open();
    expect(pop.isOpen).toBe(true);
  });

  it('preloadTransaction prepares the hidden popup and returns the function that shows it', () => {
    const { pop, frame, posted } = harness();
    const show = pop.preloadTransaction(PARAMS);
    expect(pop.isOpen).toBe(false);
    frame('loaded:checkout');
    expect(posted()).toHaveLength(1);
    show();
    expect(pop.isOpen).toBe(true);
    expect(posted()[1]).toBe('render');
  });

  it('resumeTransaction opens the transaction by access code, with its callbacks', () => {
    const { pop, frame, posted } = harness();
    const onSuccess = jest.fn();
    const transaction = pop.resumeTransaction('acc_1', { onSuccess });
    frame('loaded:checkout');
    expect(posted()[0]).toEqual({ type: 'inline:url', path: 'newTransaction', params: { accessCode: 'acc_1' } });
    frame('success', { reference: 'r' });
    expect(onSuccess).toHaveBeenCalled();
    expect(transaction.accessCode).toBe('acc_1');
  });
});

describe('destroy', () => {
  it('removes the frame, the overlay and the sheet, and stops listening', async () => {
    const { pop, messenger, frame } = harness({ fetchAnswer: providerFetch(inlineData({ link_config: { enabled: true, has_payment_instruments: true } })) });
    const onSuccess = jest.fn();
    await pop.checkout({ ...PARAMS, onSuccess });
    expect(document.querySelectorAll('iframe, .ic-overlay, [role="dialog"]')).toHaveLength(3);
    pop.destroy();
    expect(document.querySelectorAll('iframe, .ic-overlay, [role="dialog"]')).toHaveLength(0);
    expect(messenger.listening).toBe(0);
    frame('success', { reference: 'r' });
    expect(onSuccess).not.toHaveBeenCalled();
    expect(pop.isLoaded()).toBe(false);
  });
});
