/**
 * The pre-checkout sheet (spec section 2.3): merchant logo, customer label or email,
 * 'Pay {currency amount}', and either the Apple Pay variant or the Vault variant. Built with DOM
 * APIs only. Accessible: a labelled modal dialog that keeps focus inside, closes on Escape, and
 * gives focus back when it goes.
 *
 * Closing paths (section 4): the close button, Escape and a tap on the backdrop (touchstart and
 * touchend on the backdrop itself within 125 ms) dismiss it — the caller cancels the transaction;
 * 'More payment options' / 'Use other payment methods' and 'Pay with Vault' hand over to the popup.
 */
import { button, el } from './dom';
import { amountText } from './format';

export const OPEN_DELAY_MS = 50;
export const TAP_WINDOW_MS = 125;

// The sheet's texts (spec section 2.3).
export const APPLE_PAY_TEXT = 'Pay with Apple Pay to complete your purchase without filling a form';
export const MORE_OPTIONS = 'More payment options';
export const VAULT_TEXT = 'Access your saved cards and bank details for faster, more secure payments';
export const PAY_WITH_VAULT = 'Pay with Vault';
export const OTHER_METHODS = 'Use other payment methods';
export const APPLE_PAY_ERROR = 'An error occurred while paying with Apple Pay. Please try again or use another payment method.';

export interface SheetData {
  readonly merchant_logo?: string | undefined;
  readonly merchant_name?: string | undefined;
  readonly email?: string | undefined;
  readonly label?: string | null | undefined;
  readonly amount?: number | undefined;
  readonly currency?: string | undefined;
}

export interface SheetOptions {
  /** The popup's id: the sheet is `pre-checkout-modal-{id}`. */
  readonly id: string;
  readonly data: SheetData;
  /** Variant B when true, else variant A. */
  readonly vault: boolean;
  /** Whether the Vault variant gets an Apple Pay button container. */
  readonly applePay: boolean;
  /** Other payment methods: hand over to the popup. */
  readonly onOther: () => void;
  /** Pay with Vault: hand over to the popup, paying with Vault. */
  readonly onVault: () => void;
  /** Close button, Escape or a backdrop tap. */
  readonly onDismiss: (how: 'close' | 'escape' | 'backdrop') => void;
}

export class Sheet {
  readonly root: HTMLDivElement;
  /** Where the Apple Pay button goes, if this variant has one. */
  paymentRequestContainer: HTMLDivElement | null = null;
  private readonly _card: HTMLDivElement;
  private readonly _mark: HTMLElement;
  private readonly _description: HTMLParagraphElement;
  private _returnFocus: Element | null = null;
  private _timers: ReturnType<typeof setTimeout>[] = [];

  private readonly _doc: Document;
  private readonly _options: SheetOptions;

  constructor(doc: Document, options: SheetOptions) {
    this._doc = doc;
    this._options = options;
    const { data } = options;
    // No logo, no image (an empty one would show as broken, with its alt text).
    const logo = data.merchant_logo ? el(doc, 'img', 'ic-logo', '', { src: data.merchant_logo, alt: `${data.merchant_name ?? ''} Logo` }) : el(doc, 'div');
    const pay = el(doc, 'div', '', 'Pay ', {}, [
      el(doc, 'span', 'ic-amount', amountText(data.amount ?? 0, data.currency ?? 'NGN')),
    ]);
    const customer = el(doc, 'div', '', '', {}, [el(doc, 'div', '', data.label || data.email || ''), pay]);
    const close = button(doc, 'ic-x', '×', { 'aria-label': 'Close' });
    close.addEventListener('click', () => options.onDismiss('close'));
    this._card = el(doc, 'div', 'ic-card', '', {}, [el(doc, 'div', 'ic-info', '', {}, [logo, customer]), close]);

    const prb = (): HTMLDivElement => (this.paymentRequestContainer = el(doc, 'div', 'ic-prb'));
    const other = (text: string): HTMLButtonElement => {
      const handover = button(doc, 'ic-other', text);
      handover.addEventListener('click', options.onOther);
      return handover;
    };
    if (options.vault) {
      this._mark = el(doc, 'div', 'ic-mark', 'Vault');
      this._description = el(doc, 'p', '', VAULT_TEXT);
      const vault = button(doc, 'ic-vault', PAY_WITH_VAULT);
      vault.addEventListener('click', options.onVault);
      const or = el(doc, 'div', 'ic-or', '', { role: 'separator' }, [el(doc, 'span', '', 'or')]);
      this._card.append(this._mark, this._description, vault, or, ...(options.applePay ? [prb()] : []), other(OTHER_METHODS));
    } else {
      this._mark = el(doc, 'div', 'ic-mark', 'Apple Pay');
      this._description = el(doc, 'p', '', APPLE_PAY_TEXT);
      this._card.append(this._mark, this._description, prb(), other(MORE_OPTIONS));
    }

    this.root = el(doc, 'div', 'ic-sheet', '', {
      id: `pre-checkout-modal-${options.id}`,
      role: 'dialog',
      'aria-modal': 'true',
      'aria-label': 'Payment options',
      hidden: '',
    }, [this._card]);
    this.root.addEventListener('keydown', (event) => this._onKey(event));
    this._listenForBackdropTaps();
    doc.body.appendChild(this.root);
  }

  get isOpen(): boolean {
    return !this.root.hidden;
  }

  /** Shows the sheet; the card slides in after 50 ms; focus moves to its first button. */
  open(): void {
    if (this.isOpen) return;
    this._returnFocus = this._doc.activeElement;
    this.root.hidden = false;
    this._timers.push(
      setTimeout(() => {
        this._card.classList.add('ic-show');
        this._focusables()[0]?.focus();
      }, OPEN_DELAY_MS),
    );
  }

  /** Apple Pay failed: the warning icon and the error text replace the Apple mark and description. */
  failed(): void {
    const warn = el(this._doc, 'div', 'ic-mark ic-warn', '!', { role: 'img', 'aria-label': 'Warning' });
    this._mark.replaceWith(warn);
    this._description.textContent = APPLE_PAY_ERROR;
    this._description.setAttribute('role', 'alert');
  }

  /** Takes the Apple Pay button container out (its SDK could not mount a button). */
  removePaymentRequestContainer(): void {
    this.paymentRequestContainer?.remove();
    this.paymentRequestContainer = null;
  }

  /** Removes the sheet and gives focus back to where it was. */
  close(): void {
    for (const timer of this._timers) clearTimeout(timer);
    this.root.remove();
    if (this._returnFocus instanceof HTMLElement) this._returnFocus.focus();
  }

  private _focusables(): HTMLElement[] {
    const selector = 'button,[href],[tabindex]:not([tabindex="-1"]),apple-pay-button';
    return Array.from(this._card.querySelectorAll<HTMLElement>(selector)).filter((node) => !(node as HTMLButtonElement).disabled);
  }

  private _onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this._options.onDismiss('escape');
      return;
    }
    if (event.key !== 'Tab') return;
    const items = this._focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = this._doc.activeElement;
    if (event.shiftKey && (active === first || !this._card.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !this._card.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  private _listenForBackdropTaps(): void {
    let tapping = false;
    let window: ReturnType<typeof setTimeout> | undefined;
    this.root.addEventListener('touchstart', (event) => {
      if (event.target !== this.root) return;
      tapping = true;
      clearTimeout(window);
      window = setTimeout(() => (tapping = false), TAP_WINDOW_MS);
    });
    this.root.addEventListener('touchend', (event) => {
      if (event.target === this.root && tapping) {
        clearTimeout(window);
        event.preventDefault();
        this._options.onDismiss('backdrop');
      }
      tapping = false;
    });
  }
}
