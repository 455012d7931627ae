import { CSS } from '../../src/ui/styles';
import { OPEN_DELAY_MS, Sheet, TAP_WINDOW_MS } from '../../src/ui/sheet';
import type { SheetOptions } from '../../src/ui/sheet';

const DATA = { merchant_logo: 'https://shop.test/logo.png', merchant_name: 'Design Co', email: 'ada@example.com', amount: 500050, currency: 'NGN', label: null };

function sheet(overrides: Partial<SheetOptions> = {}) {
  const handlers = { onOther: jest.fn(), onVault: jest.fn(), onDismiss: jest.fn() };
  const made = new Sheet(document, { id: 'ab12C', data: DATA, vault: false, applePay: false, ...handlers, ...overrides });
  return { sheet: made, ...handlers };
}

function buttons(root: Element): string[] {
  return Array.from(root.querySelectorAll('button')).map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
}

function touch(target: Element, type: 'touchstart' | 'touchend'): void {
  target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
}

beforeEach(() => {
  document.body.innerHTML = '';
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

describe('Sheet', () => {
  it('variant A (Apple Pay): logo, email, amount, the Apple Pay text, a button container and More payment options', () => {
    const { sheet: made } = sheet();
    const root = made.root;
    expect(root).toMatchObject({ id: 'pre-checkout-modal-ab12C', hidden: true });
    expect(root.getAttribute('role')).toBe('dialog');
    expect(root.getAttribute('aria-modal')).toBe('true');
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://shop.test/logo.png');
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('Design Co Logo');
    expect(root.textContent?.replace(/\u00a0/g, ' ')).toContain('ada@example.comPay NGN 5,000.5');
    expect(root.querySelector('p')?.textContent).toBe('Pay with Apple Pay to complete your purchase without filling a form');
    expect(made.paymentRequestContainer?.parentElement).not.toBeNull();
    expect(buttons(root)).toEqual(['Close', 'More payment options']);
  });

  it('variant B (Vault): the Vault text, Pay with Vault, the divider, an optional Apple Pay container, Use other payment methods', () => {
    const withApple = sheet({ vault: true, applePay: true, data: { ...DATA, label: 'Ada L.' } }).sheet;
    expect(withApple.root.querySelector('p')?.textContent).toBe('Access your saved cards and bank details for faster, more secure payments');
    expect(buttons(withApple.root)).toEqual(['Close', 'Pay with Vault', 'Use other payment methods']);
    expect(withApple.root.querySelector('[role="separator"]')?.textContent).toBe('or');
    expect(withApple.paymentRequestContainer).not.toBeNull();
    expect(withApple.root.textContent).toContain('Ada L.');
    expect(withApple.root.textContent).not.toContain('ada@example.com');
    expect(sheet({ vault: true, applePay: false }).sheet.paymentRequestContainer).toBeNull();
  });

  it('shows no image when the merchant has no logo', () => {
    const { sheet: made } = sheet({ data: { ...DATA, merchant_logo: '' } });
    expect(made.root.querySelector('img')).toBeNull();
    expect(made.root.textContent).toContain('ada@example.com');
  });

  it('shows a merchant label as text, never as markup', () => {
    const label = '<img src=x onerror="window.hacked=1"><b>Bold</b>';
    const { sheet: made } = sheet({ data: { ...DATA, label, merchant_name: '"><script>x</script>' } });
    expect(made.root.querySelectorAll('b, script, img[src="x"]')).toHaveLength(0);
    expect(made.root.textContent).toContain(label);
    expect(made.root.querySelector('img')?.getAttribute('alt')).toBe('"><script>x</script> Logo');
  });

  it('opens with the card sliding in after 50 ms and focus on its first button; closing gives focus back', () => {
    const before = document.createElement('button');
    document.body.appendChild(before);
    before.focus();
    const { sheet: made } = sheet();
    made.open();
    const card = made.root.querySelector('.ic-card') as HTMLElement;
    expect(made.root.hidden).toBe(false);
    jest.advanceTimersByTime(OPEN_DELAY_MS - 1);
    expect(card.classList.contains('ic-show')).toBe(false);
    jest.advanceTimersByTime(1);
    expect(card.classList.contains('ic-show')).toBe(true);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    made.close();
    expect(document.getElementById('pre-checkout-modal-ab12C')).toBeNull();
    expect(document.activeElement).toBe(before);
    expect(OPEN_DELAY_MS).toBe(50);
  });

  it('keeps focus inside: Tab from the last button goes to the first, Shift+Tab from the first to the last', () => {
    const { sheet: made } = sheet({ vault: true });
    made.open();
    jest.runAllTimers();
    const all = Array.from(made.root.querySelectorAll('button'));
    const [first, last] = [all[0] as HTMLButtonElement, all[all.length - 1] as HTMLButtonElement];
    last.focus();
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(first);
    first.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true, bubbles: true, cancelable: true }));
    expect(document.activeElement).toBe(last);
  });

  it('dismisses on the close button and on Escape; hands over on the other buttons', () => {
    const { sheet: made, onDismiss, onOther, onVault } = sheet({ vault: true });
    const byText = (text: string) => Array.from(made.root.querySelectorAll('button')).find((b) => (b.getAttribute('aria-label') ?? b.textContent) === text) as HTMLButtonElement;
    byText('Close').click();
    made.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    byText('Pay with Vault').click();
    byText('Use other payment methods').click();
    expect(onDismiss.mock.calls).toEqual([['close'], ['escape']]);
    expect([onVault.mock.calls.length, onOther.mock.calls.length]).toEqual([1, 1]);
  });

  it('a tap on the backdrop within 125 ms dismisses it; a longer press or a tap on the card does not', () => {
    const { sheet: made, onDismiss } = sheet();
    const card = made.root.querySelector('.ic-card') as HTMLElement;
    touch(made.root, 'touchstart');
    jest.advanceTimersByTime(TAP_WINDOW_MS + 1);
    touch(made.root, 'touchend');
    touch(card, 'touchstart');
    touch(card, 'touchend');
    expect(onDismiss).not.toHaveBeenCalled();
    touch(made.root, 'touchstart');
    jest.advanceTimersByTime(TAP_WINDOW_MS - 1);
    touch(made.root, 'touchend');
    expect(onDismiss).toHaveBeenCalledWith('backdrop');
    expect(TAP_WINDOW_MS).toBe(125);
  });

  it('shows the Apple Pay error text and a warning icon after a failed payment', () => {
    const { sheet: made } = sheet();
    made.failed();
    expect(made.root.querySelector('p')?.textContent).toBe('An error occurred while paying with Apple Pay. Please try again or use another payment method.');
    expect(made.root.querySelector('p')?.getAttribute('role')).toBe('alert');
    expect(made.root.querySelector('[aria-label="Warning"]')).not.toBeNull();
    expect(made.root.querySelector('.ic-mark')?.textContent).toBe('!');
  });

  it('is full width with no close button below 500 px, a 350 px card with one above', () => {
    expect(CSS).toContain('.ic-card .ic-x{display:none;');
    expect(CSS).toContain('@media(min-width:500px){.ic-card{top:0;max-width:350px;');
    expect(CSS).toContain('.ic-card .ic-x{display:block}}');
    expect(CSS).toMatch(/\.ic-card\{[^}]*box-sizing:border-box/);
  });
});
