/**
 * Apple Pay (spec sections 7–9): when it is offered, the button, and the payment request.
 * The session flow itself lives in PaystackPop, which owns the transaction and the sheet.
 */
import type { InlineData } from './api/client';
import { loadScript } from './loader';
import { button } from './ui/dom';
import { applePayAmount, planLabel } from './ui/format';

export const APPLE_PAY_VERSION = 6;

/**
 * Apple's pinned SDK with the integrity hash Apple publishes for it. (The provider's script loaded
 * v1.1.0 without an integrity check; the spec asks for one, which a pinned version allows.)
 */
export const APPLE_PAY_SDK = {
  src: 'https://applepay.cdn-apple.com/jsapi/v1.3.8/apple-pay-sdk.js',
  integrity: 'sha384-u/9mOkmShCO0v+dqCAZFhiutJuORfzvuyM5i+676iy7mLSWS6rlllHrIt15f/mqH',
} as const;

export const NO_WALLET = 'No wallet payment method is available on this device';
export const NO_CONTAINER = 'Container to mount elements was not provided';

/** The parts of Apple's ApplePaySession this script uses. */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: unknown }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  begin(): void;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

export interface ApplePaySessionClass {
  new (version: number, request: unknown): ApplePaySessionLike;
  supportsVersion(version: number): boolean;
}

type AppleWindow = Window & { ApplePaySession?: ApplePaySessionClass };

/** iPad, iPhone, iPod and their simulators. */
const IOS = /^i(Pad|Phone|Pod)( Simulator)?$/;

/** A secure page in a browser whose ApplePaySession supports version 6. */
export function applePaySupported(win: Window): boolean {
  try {
    const session = (win as AppleWindow).ApplePaySession;
    return win.location.protocol === 'https:' && !!session && session.supportsVersion(APPLE_PAY_VERSION);
  } catch {
    return false;
  }
}

/** Supported, and the transaction's channels include apple_pay. */
export function applePayAvailable(win: Window, channels: readonly string[] | undefined): boolean {
  return applePaySupported(win) && !!channels && channels.includes('apple_pay');
}

function platform(win: Window): string {
  const nav = win.navigator as Navigator & { userAgentData?: { platform?: string } };
  return nav.platform || nav.userAgentData?.platform || '';
}

/** An iPhone, iPad or iPod (also an iPad that calls itself a Mac, which has touch). */
export function isMobileAppleDevice(win: Window): boolean {
  return IOS.test(platform(win)) || (win.navigator.userAgent.includes('Mac') && 'ontouchend' in win.document);
}

/** Where the Apple Pay sheet variant is shown: Apple mobile devices and Safari on a Mac. */
export function isAppleDevice(win: Window): boolean {
  const safari = /Version\/[\d.]+.*Safari/.test(win.navigator.userAgent);
  return isMobileAppleDevice(win) || (/Mac/i.test(platform(win)) && safari);
}

export interface ApplePayButtonStyle {
  readonly height: string;
  readonly width: string;
  readonly borderRadius: string;
  readonly padding: string;
  readonly locale: string;
  readonly type: string;
}

/** Section 9's defaults; each given property replaces its default. */
export const BUTTON_DEFAULTS: ApplePayButtonStyle = { height: '50px', width: 'auto', borderRadius: '3px', padding: '10px', locale: 'en', type: 'pay' };

export function buttonStyle(given: unknown): ApplePayButtonStyle {
  const source = (typeof given === 'object' && given !== null ? given : {}) as Record<string, unknown>;
  const style: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(BUTTON_DEFAULTS)) style[key] = typeof source[key] === 'string' && source[key] ? source[key] : fallback;
  return style as unknown as ApplePayButtonStyle;
}

export interface MountOptions {
  readonly channels: readonly string[] | undefined;
  /** `{theme: 'dark' | 'light', applePay: {width, height, borderRadius, padding, type, locale}}` */
  readonly styles?: unknown;
  readonly nonce?: string | undefined;
}

/** The mounted Apple Pay button (the SDK's element or the plain fallback), if any. */
export function applePayButton(container: Element | null): HTMLElement | null {
  return container && container.querySelector('apple-pay-button,.apple-pay-button');
}

/**
 * Mounts the Apple Pay button into `container`: the SDK's `<apple-pay-button>` when the SDK loads,
 * else a plain styled button. Rejects with section 8's texts when there is no container or no
 * wallet on this device. Resolves `{applePay: true}`.
 */
export async function mountApplePayButton(win: Window, container: HTMLElement | null, options: MountOptions): Promise<{ applePay: boolean }> {
  if (!container) throw new Error(NO_CONTAINER);
  if (!applePayAvailable(win, options.channels)) throw new Error(NO_WALLET);
  if (applePayButton(container)) return { applePay: true };
  const styles = (typeof options.styles === 'object' && options.styles !== null ? options.styles : {}) as Record<string, unknown>;
  const style = buttonStyle(styles.applePay);
  const light = styles.theme === 'light';
  const doc = win.document;
  let mounted: HTMLElement;
  let prefix = '--apple-pay-button-';
  try {
    await loadScript(doc, APPLE_PAY_SDK.src, { integrity: APPLE_PAY_SDK.integrity, nonce: options.nonce });
    mounted = doc.createElement('apple-pay-button');
    mounted.setAttribute('buttonstyle', light ? 'white' : 'black');
    mounted.setAttribute('type', style.type);
    mounted.setAttribute('locale', style.locale);
  } catch {
    mounted = button(doc, `apple-pay-button apple-pay-button-${light ? 'white' : 'black'}`, 'Apple Pay', { id: 'apple-pay-button' });
    mounted.style.setProperty('-apple-pay-button-type', style.type);
    prefix = '';
  }
  // Sizes through the CSSOM (which a strict CSP allows): the SDK's custom properties on its element
  // (plus its width), plain CSS properties on the plain button.
  const sizes: [string, string][] = [['width', style.width], ['height', style.height], ['border-radius', style.borderRadius], ['padding', style.padding]];
  for (const [name, value] of sizes) mounted.style.setProperty(prefix + name, value);
  mounted.style.width = style.width;
  container.appendChild(mounted);
  return { applePay: true };
}

/** The ApplePaySession payment request for a transaction (section 9). */
export function paymentRequest(data: InlineData): Record<string, unknown> {
  const amount = applePayAmount(data.amount ?? 0);
  const interval = data.plan_details?.interval;
  return {
    countryCode: data.country_code || 'NG',
    currencyCode: data.currency,
    merchantCapabilities: ['supports3DS', 'supportsCredit', 'supportsDebit'],
    supportedNetworks: ['visa', 'masterCard'],
    requiredBillingContactFields: ['postalAddress', 'name', 'phone', 'email'],
    total: { label: `${data.merchant_name ?? ''} - Paystack`, type: 'final', amount },
    ...(typeof interval === 'string' && interval.trim() !== '' && { lineItems: [{ label: planLabel(interval), amount }] }),
  };
}
