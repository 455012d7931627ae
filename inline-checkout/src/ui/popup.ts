/**
 * The loading overlay (a dimmed page with a spinner) and the checkout frame from the checkout host
 * at path `popup`, covering the viewport. Both are made on first use, not when PaystackPop is
 * constructed, and removed by remove(). States: closed → open (fades in) → closed (the frame goes
 * at once, the overlay fades out over 300 ms).
 */
import { el } from './dom';

export const FADE_OUT_MS = 300;

export class PopupFrame {
  overlay: HTMLDivElement | null = null;
  frame: HTMLIFrameElement | null = null;
  private _fading: ReturnType<typeof setTimeout> | undefined;

  private readonly _doc: Document;
  private readonly _id: string;
  private readonly _src: string;

  /**
   * `id` is the popup's 5-character id (the frame is `inline-checkout-{id}`, the overlay
   * `inline-background-{id}`); `src` is `${checkout host}popup`.
   */
  constructor(doc: Document, id: string, src: string) {
    this._doc = doc;
    this._id = id;
    this._src = src;
  }

  /** The frame, created (hidden, loading) if it does not exist yet. */
  ensure(): HTMLIFrameElement {
    if (this.frame) return this.frame;
    const { _doc: doc, _id: id } = this;
    const spinner = el(doc, 'div', 'ic-spinner', '', { role: 'progressbar', 'aria-label': 'Loading' });
    this.overlay = el(doc, 'div', 'ic-overlay', '', { id: `inline-background-${id}`, hidden: '' }, [spinner]);
    this.frame = el(doc, 'iframe', 'ic-frame', '', {
      id: `inline-checkout-${id}`,
      title: 'Checkout',
      src: this._src,
      // `allow="payment"` is the Payment Request permission; the legacy `allowpaymentrequest`
      // beside it only made Chromium warn "Allow attribute will take precedence" on every open.
      allow: 'payment; clipboard-read; clipboard-write',
      allowtransparency: 'true',
      hidden: '',
    });
    doc.body.append(this.overlay, this.frame);
    return this.frame;
  }

  /** The frame's window, if the frame exists. */
  get window(): Window | null {
    return this.frame?.contentWindow ?? null;
  }

  /** Shows the overlay (spinner until `loaded()`) and the frame, fading in. */
  show(): void {
    const frame = this.ensure();
    const overlay = this.overlay as HTMLDivElement;
    clearTimeout(this._fading);
    overlay.hidden = false;
    frame.hidden = false;
    void overlay.offsetWidth; // start the transition from the hidden state
    overlay.classList.add('ic-open');
    frame.classList.add('ic-open');
  }

  /** Hides the frame now and the overlay after the 300 ms fade; then calls `done`. */
  hide(done: () => void): void {
    const { frame, overlay } = this;
    if (!frame || !overlay) return done();
    frame.classList.remove('ic-open');
    frame.hidden = true;
    overlay.classList.remove('ic-open');
    clearTimeout(this._fading);
    this._fading = setTimeout(() => {
      overlay.hidden = true;
      done();
    }, FADE_OUT_MS);
  }

  /** The checkout has shown its transaction: the spinner goes. */
  loaded(loaded = true): void {
    this.overlay?.classList.toggle('ic-loaded', loaded);
  }

  remove(): void {
    clearTimeout(this._fading);
    this.overlay?.remove();
    this.frame?.remove();
    this.overlay = null;
    this.frame = null;
  }
}
