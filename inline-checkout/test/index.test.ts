/**
 * The side-effect entry in a browser (jsdom). Each test loads src/index.ts afresh with
 * jest.resetModules(), since its effect happens once per module instance.
 */
type Entry = typeof import('../src/index');

function loadEntry(): Entry {
  let entry: Entry | undefined;
  jest.isolateModules(() => {
    entry = require('../src/index') as Entry;
  });
  if (entry === undefined) throw new Error('src/index did not load');
  return entry;
}

function withCurrentScript(script: HTMLScriptElement | null, run: () => void): void {
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  try {
    run();
  } finally {
    delete (document as unknown as { currentScript?: unknown }).currentScript;
  }
}

describe('index (browser)', () => {
  beforeEach(() => {
    jest.resetModules();
    delete window.PaystackPop;
    document.body.innerHTML = '';
  });

  it('publishes PaystackPop on window', () => {
    const entry = loadEntry();
    expect(window.PaystackPop).toBe(entry.PaystackPop);
    expect(typeof window.PaystackPop?.prototype.newTransaction).toBe('function');
  });

  it('adds no other global', () => {
    const before = new Set(Object.keys(window));
    loadEntry();
    const added = Object.keys(window).filter((key) => !before.has(key));
    expect(added).toEqual(['PaystackPop']);
  });

  it('keeps the first PaystackPop when the script is loaded twice', () => {
    const first = loadEntry().PaystackPop;
    jest.resetModules();
    const second = loadEntry().PaystackPop;
    expect(second).not.toBe(first);
    expect(window.PaystackPop).toBe(first);
  });

  it('leaves a PaystackPop the page already has alone', () => {
    const existing = class {} as unknown as NonNullable<Window['PaystackPop']>;
    window.PaystackPop = existing;
    loadEntry();
    expect(window.PaystackPop).toBe(existing);
  });
});

describe('index (browser): the script tag', () => {
  beforeEach(() => {
    jest.resetModules();
    delete window.PaystackPop;
    document.body.innerHTML = '';
  });

  it('reads data-*-host overrides and the nonce from its own tag', () => {
    const script = document.createElement('script');
    script.setAttribute('data-api-host', 'http://127.0.0.1:8000/sandbox/paystack/');
    script.setAttribute('data-checkout-host', 'http://127.0.0.1:8000/sandbox/checkout');
    script.setAttribute('nonce', 'abc');
    document.head.appendChild(script);
    withCurrentScript(script, () => {
      const entry = loadEntry();
      expect(entry.PaystackPop.configure({})).toEqual({
        api: 'http://127.0.0.1:8000/sandbox/paystack/',
        checkout: 'http://127.0.0.1:8000/sandbox/checkout/',
        payment: 'https://standard.paystack.co/',
        site: 'https://paystack.com/',
      });
    });
  });

  it('sets up the pay button when its tag sits in a form with data attributes', () => {
    document.body.innerHTML = '<form></form>';
    const script = document.createElement('script');
    script.setAttribute('data-key', 'pk_test_1');
    script.setAttribute('data-amount', '25000');
    document.querySelector('form')?.appendChild(script);
    withCurrentScript(script, () => loadEntry());
    expect(document.querySelector('form button')?.textContent).toBe('Pay NGN 250');
  });
});
