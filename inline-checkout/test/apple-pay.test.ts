/**
 * @jest-environment-options {"url": "https://shop.example.com/checkout"}
 *
 * Apple Pay on a secure page, with a stubbed ApplePaySession and the SDK script's load played by hand.
 */
import {
  APPLE_PAY_SDK,
  BUTTON_DEFAULTS,
  applePayAvailable,
  applePaySupported,
  buttonStyle,
  isAppleDevice,
  isMobileAppleDevice,
  mountApplePayButton,
  paymentRequest,
} from '../src/apple-pay';
import type { InlineData } from '../src/api/client';
import { CheckoutError } from '../src/errors';
import { forgetScripts } from '../src/loader';
import type { ToFrame } from '../src/transport/messages';
import { PARAMS, PAYMENT, fakeFetch, harness, inlineData, removeAll, settle } from './support/harness';

class FakeSession {
  static instances: FakeSession[] = [];
  static supportsVersion = jest.fn((version: number) => version <= 6);
  readonly STATUS_SUCCESS = 0;
  readonly STATUS_FAILURE = 1;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
  onpaymentauthorized: ((event: { payment: unknown }) => void) | null = null;
  oncancel: ((event: unknown) => void) | null = null;
  completeMerchantValidation = jest.fn();
  completePayment = jest.fn();
  begin = jest.fn();

  constructor(
    readonly version: number,
    readonly request: Record<string, unknown>,
  ) {
    FakeSession.instances.push(this);
  }
}

type AppleWindow = Window & { ApplePaySession?: unknown };

function device(platform: string, userAgent = 'Mozilla/5.0 (iPhone) Mobile/15E148'): void {
  Object.defineProperty(window.navigator, 'platform', { value: platform, configurable: true });
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
}

function sdkScript(): HTMLScriptElement | null {
  return document.head.querySelector(`script[src="${APPLE_PAY_SDK.src}"]`);
}

async function sdk(outcome: 'load' | 'error'): Promise<void> {
  await settle();
  sdkScript()?.dispatchEvent(new Event(outcome));
  await settle();
}

const APPLE_DATA = inlineData({ channels: ['card', 'apple_pay'] });

/** The provider's API and payment host: request_inline answers APPLE_DATA; Apple Pay steps answer per test. */
function appleFetch(charge: () => unknown = () => ({ status: 'success', message: 'Charge successful', data: { reference: 'ref-ap', status: 'success' } })) {
  return fakeFetch((url) => {
    if (url.includes('request_inline') || url.includes('verify_access_code')) return { status: true, message: 'ok', data: APPLE_DATA };
    if (url.includes('validate-session')) return { status: 'success', message: 'Session validated', data: { merchantSession: 'm' } };
    if (url.includes('applepay/charge')) return charge();
    return { status: true, message: 'ok', data: {} };
  });
}

beforeEach(() => {
  removeAll();
  forgetScripts();
  FakeSession.instances = [];
  (window as AppleWindow).ApplePaySession = FakeSession;
  device('iPhone');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  delete (window as AppleWindow).ApplePaySession;
});

describe('when Apple Pay is offered', () => {
  it('needs a secure page whose ApplePaySession supports version 6, and the apple_pay channel', () => {
    expect(window.location.protocol).toBe('https:');
    expect(applePaySupported(window)).toBe(true);
    expect(FakeSession.supportsVersion).toHaveBeenCalledWith(6);
    expect(applePayAvailable(window, ['card', 'apple_pay'])).toBe(true);
    expect(applePayAvailable(window, ['card'])).toBe(false);
    expect(applePayAvailable(window, undefined)).toBe(false);
    FakeSession.supportsVersion.mockReturnValueOnce(false);
    expect(applePaySupported(window)).toBe(false);
    delete (window as AppleWindow).ApplePaySession;
    expect(applePaySupported(window)).toBe(false);
  });

  it.each([
    ['iPhone', 'Mozilla/5.0 (iPhone)', true, true],
    ['iPad Simulator', 'Mozilla/5.0', true, true],
    ['MacIntel', 'Mozilla/5.0 (Macintosh) Version/17.1 Safari/605.1.15', false, true],
    ['MacIntel', 'Mozilla/5.0 (Macintosh) Chrome/120.0 Safari/537.36', false, false],
    ['Win32', 'Mozilla/5.0 (Windows) Version/17 Safari/605', false, false],
  ])('platform %s, agent %s: mobile Apple device %p, sheet device %p', (platform, agent, mobile, apple) => {
    device(platform, agent);
    // jsdom has touch events, which would make any Mac look like an iPad: take them away here.
    const owner = Object.getPrototypeOf(document) as object;
    const holder = [owner, Document.prototype, Node.prototype].find((proto) => Object.prototype.hasOwnProperty.call(proto, 'ontouchend')) ?? owner;
    const touch = Object.getOwnPropertyDescriptor(holder, 'ontouchend');
    delete (holder as Record<string, unknown>).ontouchend;
    try {
      expect('ontouchend' in document).toBe(false);
      expect(isMobileAppleDevice(window)).toBe(mobile);
      expect(isAppleDevice(window)).toBe(apple);
    } finally {
      if (touch) Object.defineProperty(holder, 'ontouchend', touch);
    }
  });

  it('an iPad that calls itself a Mac is told by its touch support', () => {
    device('MacIntel', 'Mozilla/5.0 (Macintosh) Version/17 Safari/605');
    expect('ontouchend' in document).toBe(true);
    expect(isMobileAppleDevice(window)).toBe(true);
  });
});

describe('the Apple Pay button', () => {
  it('uses section 9’s defaults, each replaced by what is given', () => {
    expect(BUTTON_DEFAULTS).toEqual({ height: '50px', width: 'auto', borderRadius: '3px', padding: '10px', locale: 'en', type: 'pay' });
    expect(buttonStyle({ width: '100%', type: 'buy', height: 3 })).toEqual({ ...BUTTON_DEFAULTS, width: '100%', type: 'buy' });
    expect(buttonStyle(null)).toEqual(BUTTON_DEFAULTS);
  });

  it("refuses with section 8's texts without a container or a wallet", async () => {
    await expect(mountApplePayButton(window, null, { channels: ['apple_pay'] })).rejects.toThrow('Container to mount elements was not provided');
    const box = document.createElement('div');
    await expect(mountApplePayButton(window, box, { channels: ['card'] })).rejects.toThrow('No wallet payment method is available on this device');
  });

  it('loads the SDK once with its integrity hash and mounts its element, sized through the CSSOM', async () => {
    const box = document.createElement('div');
    const mounted = mountApplePayButton(window, box, { channels: ['apple_pay'], styles: { theme: 'light', applePay: { width: '100%' } }, nonce: 'n0nce' });
    await settle();
    const script = sdkScript() as HTMLScriptElement;
    expect(script.integrity).toBe('sha384-u/9mOkmShCO0v+dqCAZFhiutJuORfzvuyM5i+676iy7mLSWS6rlllHrIt15f/mqH');
    expect(script.crossOrigin).toBe('anonymous');
    expect(script.nonce).toBe('n0nce');
    script.dispatchEvent(new Event('load'));
    await expect(mounted).resolves.toEqual({ applePay: true });
    const element = box.querySelector('apple-pay-button') as HTMLElement;
    expect([element.getAttribute('buttonstyle'), element.getAttribute('type'), element.getAttribute('locale')]).toEqual(['white', 'pay', 'en']);
    expect(element.style.getPropertyValue('--apple-pay-button-height')).toBe('50px');
    expect(element.style.width).toBe('100%');
    await expect(mountApplePayButton(window, box, { channels: ['apple_pay'] })).resolves.toEqual({ applePay: true });
    expect(box.children).toHaveLength(1);
  });

  it('falls back to a plain button when the SDK cannot load, and tries the SDK again next time', async () => {
    const box = document.createElement('div');
    const mounted = mountApplePayButton(window, box, { channels: ['apple_pay'] });
    await sdk('error');
    await expect(mounted).resolves.toEqual({ applePay: true });
    const plain = box.querySelector('button.apple-pay-button') as HTMLButtonElement;
    expect(plain.classList.contains('apple-pay-button-black')).toBe(true);
    expect(plain.style.height).toBe('50px');
    expect(sdkScript()).toBeNull();
    const again = document.createElement('div');
    void mountApplePayButton(window, again, { channels: ['apple_pay'] });
    await settle();
    expect(sdkScript()).not.toBeNull();
  });

  it('builds the payment request of section 9', () => {
    expect(paymentRequest(inlineData({ amount: 1250, plan_details: { interval: 'biannually' } }) as unknown as InlineData)).toEqual({
      countryCode: 'NG',
      currencyCode: 'NGN',
      merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
      supportedNetworks: ['visa', 'masterCard'],
      requiredBillingContactFields: ['postalAddress', 'name', 'phone', 'email'],
      total: { label: 'Design Co - Paystack', type: 'final', amount: '12.5' },
      lineItems: [{ label: 'BIANNUAL PLAN', amount: '12.5' }],
    });
    expect(paymentRequest(inlineData({ country_code: 'GH' }) as unknown as InlineData)).toMatchObject({ countryCode: 'GH' });
    expect(paymentRequest(inlineData() as unknown as InlineData)).not.toHaveProperty('lineItems');
  });
});

describe('checkout with Apple Pay (variant A)', () => {
  async function start(charge?: () => unknown) {
    const stub = appleFetch(charge);
    const h = harness({ fetchAnswer: stub });
    const onSuccess = jest.fn();
    const onError = jest.fn();
    const onCancel = jest.fn();
    const checkout = h.pop.checkout({ ...PARAMS, onSuccess, onError, onCancel });
    await sdk('load');
    const transaction = await checkout;
    h.frame('loaded:checkout');
    h.frame('loaded:transaction');
    jest.advanceTimersByTime(50);
    const sheet = document.querySelector('[role="dialog"]') as HTMLElement;
    return { ...h, stub, transaction, sheet, onSuccess, onError, onCancel };
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows the sheet with the wallet button, and pays: validation, charge, onSuccess, the log and analytics', async () => {
    const { sheet, stub, posted, onSuccess, transaction } = await start();
    expect(sheet.hidden).toBe(false);
    expect(sheet.querySelector('p')?.textContent).toBe('Pay with Apple Pay to complete your purchase without filling a form');
    const button = sheet.querySelector('apple-pay-button') as HTMLElement;
    expect(button.style.getPropertyValue('--apple-pay-button-height')).toBe('42px');
    button.click();
    const session = FakeSession.instances[0] as FakeSession;
    expect(session.version).toBe(6);
    expect(session.request).toMatchObject({ countryCode: 'NG', total: { label: 'Design Co - Paystack', amount: '5000' } });
    expect(session.begin).toHaveBeenCalled();
    expect(posted()).toContainEqual({ type: 'analytics', action: 'trackPaymentAttempt', params: { channel: 'apple_pay', paymentMethod: 'apple pay', currency: 'NGN', amount: 500000 } });

    session.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' });
    await settle();
    expect(session.completeMerchantValidation).toHaveBeenCalledWith({ merchantSession: 'm' });
    const validation = stub.calls.find((call) => call.url === `${PAYMENT}applepay/validate-session/`);
    expect(String(validation?.init.body)).toBe('transaction=4099&sessionUrl=https%3A%2F%2Fapple-pay-gateway.apple.com%2Fx&displayName=Design+Co&domainName=shop.example.com');

    session.onpaymentauthorized?.({ payment: { token: { paymentData: 'x' } } });
    await settle();
    expect(session.completePayment).toHaveBeenCalledWith(session.STATUS_SUCCESS);
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ reference: 'ref-ap', status: 'success' }));
    expect(transaction).toMatchObject({ isActive: false, status: 'success' });
    expect(posted().some((m: ToFrame) => typeof m === 'object' && m.type === 'analytics' && m.action === 'trackPaymentCompletion')).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    const logs = stub.calls.filter((call) => call.url.endsWith('update_log/4099')).map((call) => JSON.parse(JSON.parse(String(call.init.body)).payload as string) as { history: { message: string }[] });
    expect(logs[logs.length - 1]?.history.map((entry) => entry.message)).toEqual([
      'Attempted to pay with apple pay',
      'Session validated',
      'Successfully paid with apple pay',
    ]);
  });

  it('a declined charge: failure to Apple, onError, trackPaymentError with the message, and the error text in the sheet', async () => {
    const { sheet, posted, onError } = await start(() => ({ status: false, message: 'Declined' }));
    (sheet.querySelector('apple-pay-button') as HTMLElement).click();
    const session = FakeSession.instances[0] as FakeSession;
    session.onpaymentauthorized?.({ payment: {} });
    await settle();
    expect(session.completePayment).toHaveBeenCalledWith(session.STATUS_FAILURE);
    expect(onError).toHaveBeenCalledWith({ status: false, message: 'Declined' });
    expect(posted()).toContainEqual({ type: 'analytics', action: 'trackPaymentError', params: { channel: 'apple_pay', message: 'Declined' } });
    expect(sheet.querySelector('p')?.textContent).toBe('An error occurred while paying with Apple Pay. Please try again or use another payment method.');
    expect(document.querySelector('[role="dialog"]')).toBe(sheet);
  });

  it("a charge without a message reports 'Transaction attempt failed'; an exception 'Error occurred'", async () => {
    const first = await start(() => ({ status: 'failed' }));
    (first.sheet.querySelector('apple-pay-button') as HTMLElement).click();
    FakeSession.instances[0]?.onpaymentauthorized?.({ payment: {} });
    await settle();
    expect(first.posted()).toContainEqual({ type: 'analytics', action: 'trackPaymentError', params: { channel: 'apple_pay', message: 'Transaction attempt failed' } });
    first.pop.destroy();
    removeAll();
    const second = await start(() => {
      throw new Error('');
    });
    (second.sheet.querySelector('apple-pay-button') as HTMLElement).click();
    FakeSession.instances[1]?.onpaymentauthorized?.({ payment: {} });
    await settle();
    expect(second.posted()).toContainEqual({ type: 'analytics', action: 'trackPaymentError', params: { channel: 'apple_pay', message: 'Error occurred' } });
  });

  it('merchant validation that fails is a setup error', async () => {
    const stub = fakeFetch((url) => (url.includes('validate-session') ? { status: 'failed', message: 'Bad domain' } : { status: true, message: 'ok', data: APPLE_DATA }));
    const h = harness({ fetchAnswer: stub });
    const onError = jest.fn();
    const checkout = h.pop.checkout({ ...PARAMS, onError });
    await sdk('load');
    await checkout;
    h.frame('loaded:transaction');
    (document.querySelector('apple-pay-button') as HTMLElement).click();
    const session = FakeSession.instances[0] as FakeSession;
    session.onvalidatemerchant?.({ validationURL: 'https://apple.test' });
    await settle();
    expect(session.completeMerchantValidation).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith({ status: 'failed', message: 'Bad domain' });
  });

  it('an ApplePaySession that cannot start is a setup error', async () => {
    const { sheet, onError } = await start();
    (window as AppleWindow).ApplePaySession = function broken() {
      throw new Error('InvalidAccessError');
    };
    (sheet.querySelector('apple-pay-button') as HTMLElement).click();
    expect(onError).toHaveBeenCalledWith(new Error('InvalidAccessError'));
  });

  it("'More payment options' opens the popup; the close button cancels", async () => {
    const { pop, sheet } = await start();
    (Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent === 'More payment options') as HTMLButtonElement).click();
    expect(pop.isOpen).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('when no wallet button can be mounted and Vault does not apply, the popup opens instead', async () => {
    // Offered when the sheet was chosen, gone by the time the button mounts.
    FakeSession.supportsVersion.mockReturnValueOnce(true).mockReturnValueOnce(false);
    const h = harness({ fetchAnswer: appleFetch() });
    await h.pop.checkout(PARAMS);
    expect(h.pop.isOpen).toBe(true);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('with Vault, a wallet button that cannot mount just leaves the Vault sheet', async () => {
    FakeSession.supportsVersion.mockReturnValueOnce(true).mockReturnValueOnce(false);
    const data = { ...APPLE_DATA, link_config: { enabled: true, has_payment_instruments: true } };
    const h = harness({ fetchAnswer: fakeFetch(() => ({ status: true, message: 'ok', data })) });
    await h.pop.checkout(PARAMS);
    h.frame('loaded:transaction');
    const sheet = document.querySelector('[role="dialog"]') as HTMLElement;
    expect(sheet.hidden).toBe(false);
    expect(sheet.querySelector('p')?.textContent).toBe('Access your saved cards and bank details for faster, more secure payments');
    expect(sheet.querySelector('.ic-prb')).toBeNull();
    expect(h.pop.isOpen).toBe(false);
  });
});

describe('paymentRequest on an Apple Pay device', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="wallet"></div><button id="others">Other methods</button>';
  });

  it("needs a container: 'A container is required to mount the payment request button'", async () => {
    const { pop } = harness({ fetchAnswer: appleFetch() });
    await expect(pop.paymentRequest({ ...PARAMS, container: 'missing' })).rejects.toEqual(
      new CheckoutError('container_required', 'A container is required to mount the payment request button'),
    );
    expect(console.warn).toHaveBeenCalledWith('A container is required to mount the payment request button');
  });

  it('mounts the button, reports it, keeps the transaction active and wires the other-methods button', async () => {
    const { pop, frame } = harness({ fetchAnswer: appleFetch() });
    const onElementsMount = jest.fn();
    const pending = pop.paymentRequest({ ...PARAMS, container: 'wallet', loadPaystackCheckoutButton: 'others', onElementsMount });
    await sdk('load');
    const transaction = await pending;
    expect(onElementsMount).toHaveBeenCalledWith({ applePay: true });
    expect(document.querySelector('#wallet apple-pay-button')).not.toBeNull();
    expect(pop.isOpen).toBe(false);
    (document.getElementById('others') as HTMLButtonElement).click();
    expect(pop.isOpen).toBe(true);
    frame('close');
    expect(transaction?.isActive).toBe(true);
    (document.querySelector('#wallet apple-pay-button') as HTMLElement).click();
    expect(FakeSession.instances).toHaveLength(1);
    FakeSession.instances[0]?.oncancel?.({});
  });

  it("'Could not initiate apple pay transaction' when the wallet button is used with no transaction", async () => {
    const { pop } = harness({ fetchAnswer: appleFetch() });
    const pending = pop.paymentRequest({ ...PARAMS, container: 'wallet' });
    await sdk('load');
    const transaction = await pending;
    transaction?.cancel();
    const button = document.querySelector('#wallet apple-pay-button') as HTMLElement;
    expect(() => (button.onclick as () => void)()).toThrow('Could not initiate apple pay transaction');
  });
});
