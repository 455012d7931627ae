import { FADE_OUT_MS, PopupFrame } from '../../src/ui/popup';

beforeEach(() => {
  document.body.innerHTML = '';
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

describe('PopupFrame', () => {
  it('makes nothing until first used, then a hidden overlay with a spinner and the frame', () => {
    const popup = new PopupFrame(document, 'ab12C', 'https://checkout.test/popup');
    expect(document.body.children).toHaveLength(0);
    const frame = popup.ensure();
    expect(popup.ensure()).toBe(frame);
    expect(frame).toMatchObject({ id: 'inline-checkout-ab12C', hidden: true, title: 'Checkout' });
    expect(frame.getAttribute('src')).toBe('https://checkout.test/popup');
    expect(popup.overlay).toMatchObject({ id: 'inline-background-ab12C', hidden: true });
    expect(popup.window).toBe(frame.contentWindow);
  });

  it("grants payment through the allow attribute alone (no legacy 'allowpaymentrequest' beside it)", () => {
    const frame = new PopupFrame(document, 'ab12C', 'https://checkout.test/popup').ensure();
    expect(frame.getAttribute('allow')?.split(/;\s*/)).toContain('payment');
    expect(frame.hasAttribute('allowpaymentrequest')).toBe(false);
  });

  it('opens with both visible, and closes the frame at once and the overlay after 300 ms', () => {
    const popup = new PopupFrame(document, 'ab12C', 'https://checkout.test/popup');
    popup.show();
    const overlay = popup.overlay as HTMLDivElement;
    const frame = popup.frame as HTMLIFrameElement;
    expect([overlay.hidden, frame.hidden, overlay.classList.contains('ic-open'), frame.classList.contains('ic-open')]).toEqual([false, false, true, true]);
    const done = jest.fn();
    popup.hide(done);
    expect(frame.hidden).toBe(true);
    expect(overlay.classList.contains('ic-open')).toBe(false);
    jest.advanceTimersByTime(FADE_OUT_MS - 1);
    expect([overlay.hidden, done.mock.calls.length]).toEqual([false, 0]);
    jest.advanceTimersByTime(1);
    expect([overlay.hidden, done.mock.calls.length]).toEqual([true, 1]);
    expect(FADE_OUT_MS).toBe(300);
  });

  it('hides the spinner once loaded, shows it again for the next transaction, and removes everything', () => {
    const popup = new PopupFrame(document, 'ab12C', 'https://checkout.test/popup');
    popup.show();
    popup.loaded();
    expect(popup.overlay?.classList.contains('ic-loaded')).toBe(true);
    popup.loaded(false);
    expect(popup.overlay?.classList.contains('ic-loaded')).toBe(false);
    popup.remove();
    expect(document.body.children).toHaveLength(0);
    expect(popup.window).toBeNull();
  });
});

describe('the popup stylesheet', () => {
  it("lets 'ic-open' win over the frame's and the overlay's hidden opacity (it comes after both)", () => {
    const { CSS } = jest.requireActual<typeof import('../../src/ui/styles')>('../../src/ui/styles');
    const open = CSS.indexOf('.ic-open{opacity:1}');
    expect(open).toBeGreaterThan(CSS.indexOf('.ic-frame{'));
    expect(open).toBeGreaterThan(CSS.indexOf('.ic-overlay{'));
  });
});
