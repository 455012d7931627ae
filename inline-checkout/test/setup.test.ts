import { PaystackPop } from '../src/paystack-pop';
import { PARAMS, removeAll } from './support/harness';

const DOCS = 'Please consult our documentation at https://developers.paystack.co/docs/paystack-inline';
const SITE = 'https://paystack.com';

function frameMessage(data: unknown, origin: string, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

let warn: jest.SpyInstance;

beforeEach(() => {
  removeAll();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('PaystackPop.setup (deprecated)', () => {
  it('warns, returns a transaction without opening anything, and openIframe warns and opens', () => {
    const transaction = PaystackPop.setup(PARAMS);
    expect(warn).toHaveBeenCalledWith(`"PaystackPop.setup()" has been deprecated, please use "new PaystackPop()". ${DOCS}`);
    expect(document.querySelector('iframe')).toBeNull();
    transaction.openIframe?.();
    expect(warn).toHaveBeenLastCalledWith(`"openIframe" has been deprecated, please use "open". ${DOCS}`);
    const frame = document.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.hidden).toBe(false);
  });

  it('keeps one shared instance across calls', () => {
    const first = PaystackPop.setup(PARAMS);
    const second = PaystackPop.setup({ ...PARAMS, amount: 9 });
    expect(first.isActive).toBe(false);
    expect(second.isActive).toBe(true);
  });
});

describe('the embedded mode (setup with a container)', () => {
  function embed(onSuccess = jest.fn(), onCancel = jest.fn()) {
    document.body.innerHTML = '<div id="box"><p>old content</p></div>';
    const transaction = PaystackPop.setup({ ...PARAMS, container: 'box', onSuccess, onCancel });
    const frame = document.querySelector('#box iframe') as HTMLIFrameElement;
    return { transaction, frame, onSuccess, onCancel };
  }

  it("loads the site host's inline page with the parameters into the container, and no popup", () => {
    const { frame, transaction } = embed();
    const src = new URL(frame.getAttribute('src') as string);
    expect(`${src.origin}${src.pathname}`).toBe(`${SITE}/assets/payment/production/inline.html`);
    expect(Object.fromEntries(src.searchParams)).toEqual({
      key: 'pk_test_1',
      amount: '500000',
      email: 'ada@example.com',
      metadata: '{"referrer":"http://localhost/"}',
      mode: 'popup',
    });
    expect(transaction.urlParameters).not.toHaveProperty('container');
    expect(document.querySelector('#box p')).toBeNull();
    expect(document.getElementById('box')?.classList.contains('paystack-embed-container')).toBe(true);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(frame.hidden).toBe(true);
  });

  it("says 'PaystackOpen {id}' to the site origin once loaded, then shows the frame", () => {
    const { frame } = embed();
    const post = jest.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    frame.dispatchEvent(new Event('load'));
    expect(frame.hidden).toBe(false);
    expect(post).toHaveBeenCalledWith(expect.stringMatching(/^PaystackOpen [a-z0-9]{5}$/), SITE);
  });

  /** The popup id the embed frame was opened with ('PaystackOpen {id}'). */
  function openedId(frame: HTMLIFrameElement): string {
    const post = jest.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    frame.dispatchEvent(new Event('load'));
    return String(post.mock.calls[0]?.[0]).split(' ')[1] as string;
  }

  it('PaystackClose from that frame with its id is success; PaystackTLSClose is cancel; others are ignored', () => {
    const { frame, onSuccess, onCancel } = embed();
    const id = openedId(frame);
    const source = frame.contentWindow;
    frameMessage(`PaystackClose ${id} ref-9`, 'https://evil.example', source);
    frameMessage(`PaystackClose ${id} ref-9`, SITE, window);
    frameMessage(`PaystackClose ${id}`, SITE, source);
    expect(onSuccess).not.toHaveBeenCalled();
    frameMessage(`PaystackClose ${id} ref-9`, SITE, source);
    expect(onSuccess).toHaveBeenCalledWith({ reference: 'ref-9', trxref: 'ref-9', status: 'success', message: `PaystackClose ${id} ref-9` });
    frameMessage(`PaystackTLSClose ${id}`, SITE, source);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it("a forged close posted by any other window never reaches the merchant's callbacks", () => {
    const { frame, transaction, onSuccess, onCancel } = embed();
    const id = openedId(frame);
    // Another window at the site's origin (a second frame of that site), and the page itself.
    document.body.insertAdjacentHTML('beforeend', '<iframe id="other"></iframe>');
    const other = (document.getElementById('other') as HTMLIFrameElement).contentWindow;
    for (const source of [other, window, null]) {
      frameMessage(`PaystackClose ${id} attacker-ref`, SITE, source);
      frameMessage(`PaystackTLSClose ${id}`, SITE, source);
    }
    // Our own frame, speaking for another popup's checkout.
    frameMessage('PaystackClose zzzzz attacker-ref', SITE, frame.contentWindow);
    frameMessage('PaystackTLSClose zzzzz', SITE, frame.contentWindow);
    expect([onSuccess.mock.calls, onCancel.mock.calls, transaction.isActive]).toEqual([[], [], true]);
  });

  it("refuses a container that is not in the page: 'Container to mount elements was not provided'", () => {
    expect(() => PaystackPop.setup({ ...PARAMS, container: 'nowhere' })).toThrow('Container to mount elements was not provided');
  });
});
