import { PaystackPop } from '../../src/paystack-pop';
import { parseEmbedMessage, parseFrameMessage } from '../../src/transport/messages';
import { RecordingMessenger } from '../../src/transport/recording-messenger';
import { WindowMessenger } from '../../src/transport/window-messenger';
import { CHECKOUT, PARAMS, providerFetch, removeAll } from '../support/harness';

const ORIGIN = new URL(CHECKOUT).origin;

function frameWindow(): Window {
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  return frame.contentWindow as Window;
}

function send(data: unknown, origin: string, source: Window | null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

beforeEach(removeAll);

describe('WindowMessenger', () => {
  it('accepts a message only when origin, source and shape all match', () => {
    const target = frameWindow();
    const other = frameWindow();
    const messenger = new WindowMessenger(window, () => target, ORIGIN, parseFrameMessage);
    const received = jest.fn();
    messenger.listen(received);
    send({ event: 'success', data: { reference: 'right origin, wrong source' } }, ORIGIN, other);
    send({ event: 'success', data: { reference: 'right source, wrong origin' } }, 'https://evil.example', target);
    send({ event: 'unknown-event' }, ORIGIN, target);
    send('success', ORIGIN, target);
    expect(received).not.toHaveBeenCalled();
    send({ event: 'success', data: { reference: 'ok' } }, ORIGIN, target);
    expect(received).toHaveBeenCalledWith({ event: 'success', data: { reference: 'ok' } });
  });

  it("posts to the target's origin, never '*'", () => {
    const target = frameWindow();
    const post = jest.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    new WindowMessenger(window, () => target, ORIGIN, parseFrameMessage).post('render');
    expect(post).toHaveBeenCalledWith('render', ORIGIN);
  });

  it('drops posts when the target is gone, and stops listening on destroy', () => {
    const target = frameWindow();
    const messenger = new WindowMessenger(window, () => null, ORIGIN, parseFrameMessage);
    expect(() => messenger.post('close')).not.toThrow();
    const live = new WindowMessenger(window, () => target, ORIGIN, parseFrameMessage);
    const received = jest.fn();
    const stop = live.listen(received);
    stop();
    send({ event: 'close' }, ORIGIN, target);
    live.listen(received);
    live.destroy();
    send({ event: 'close' }, ORIGIN, target);
    expect(received).not.toHaveBeenCalled();
  });
});

describe('PaystackPop over the window', () => {
  it('hears only its own checkout frame at the checkout origin, and posts only to that origin', () => {
    const pop = new PaystackPop({ fetch: providerFetch().fetch });
    const onSuccess = jest.fn();
    pop.newTransaction({ ...PARAMS, onSuccess });
    const frame = pop.checkoutIframe as HTMLIFrameElement;
    const post = jest.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    send({ event: 'loaded:checkout' }, ORIGIN, frame.contentWindow);
    expect(post.mock.calls.map((call) => call[1])).toEqual([ORIGIN, ORIGIN]);
    send({ event: 'success', data: { reference: 'forged' } }, ORIGIN, window);
    send({ event: 'success', data: { reference: 'forged' } }, 'https://checkout.paystack.com.evil.example', frame.contentWindow);
    expect(onSuccess).not.toHaveBeenCalled();
    send({ event: 'success', data: { reference: 'real' } }, ORIGIN, frame.contentWindow);
    expect(onSuccess).toHaveBeenCalledWith({ reference: 'real' });
    pop.destroy();
  });

  it('removes its message listener on destroy', () => {
    const removed = jest.spyOn(window, 'removeEventListener');
    const pop = new PaystackPop({ fetch: providerFetch().fetch });
    pop.newTransaction(PARAMS);
    pop.destroy();
    expect(removed).toHaveBeenCalledWith('message', expect.any(Function));
  });
});

describe('message shapes', () => {
  it.each([
    [{ event: 'loaded:checkout' }, { event: 'loaded:checkout', data: {} }],
    [{ event: 'success', data: { reference: 'r' } }, { event: 'success', data: { reference: 'r' } }],
    [{ event: 'close', data: 'text' }, { event: 'close', data: {} }],
    [{ event: 'hack' }, null],
    [{ type: 'success' }, null],
    ['success', null],
    [null, null],
    [[{ event: 'success' }], null],
  ])('parseFrameMessage(%j) is %j', (data, expected) => {
    expect(parseFrameMessage(data)).toEqual(expected);
  });

  it.each([
    ['PaystackClose abc12 ref-1', { action: 'PaystackClose', id: 'abc12', data: 'ref-1', raw: 'PaystackClose abc12 ref-1' }],
    ['PaystackTLSClose abc12', { action: 'PaystackTLSClose', id: 'abc12', data: '', raw: 'PaystackTLSClose abc12' }],
    ['PaystackTLSClose', { action: 'PaystackTLSClose', id: '', data: '', raw: 'PaystackTLSClose' }],
    ['PaystackOpen abc12', null],
    [{ event: 'PaystackClose' }, null],
  ])('parseEmbedMessage(%j) is %j', (data, expected) => {
    expect(parseEmbedMessage(data)).toEqual(expected);
  });
});

describe('RecordingMessenger', () => {
  it('records posts and delivers messages until destroyed', () => {
    const messenger = new RecordingMessenger<string, string>();
    const received = jest.fn();
    const stop = messenger.listen(received);
    messenger.post('a');
    messenger.deliver('x');
    stop();
    messenger.deliver('y');
    messenger.listen(received);
    messenger.destroy();
    messenger.post('b');
    messenger.deliver('z');
    expect(messenger.posted).toEqual(['a']);
    expect(received.mock.calls).toEqual([['x']]);
    expect(messenger.listening).toBe(0);
  });
});
