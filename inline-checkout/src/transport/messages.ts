/**
 * The messages between this script and the checkout frame (spec section 4 and 7), as the
 * provider's frame speaks them, and the shape checks for incoming ones.
 */

/** Events the checkout frame sends, as `{event, data}`. */
export const FRAME_EVENTS = [
  'loaded:checkout',
  'loaded:transaction',
  'error',
  'cancel',
  'close',
  'transfer:pending',
  'success',
] as const;

export type FrameEvent = (typeof FRAME_EVENTS)[number];

export interface FrameMessage {
  readonly event: FrameEvent;
  /** The event's data; `{}` when the frame sent none. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** Analytics events forwarded to the checkout frame. */
export type AnalyticsEvent = 'trackCheckoutClosed' | 'trackPaymentAttempt' | 'trackPaymentError' | 'trackPaymentCompletion';

/** What this script posts to the checkout frame. */
export type ToFrame =
  | { readonly type: 'inline:url'; readonly path: 'newTransaction'; readonly params: Readonly<Record<string, unknown>> }
  | 'render'
  | 'close'
  | { readonly type: 'inline:pay-with-vault' }
  | { readonly type: 'analytics'; readonly action: AnalyticsEvent; readonly params?: Readonly<Record<string, unknown>> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A checkout frame message, or null for anything else (unknown events, strings, arrays, …). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || !FRAME_EVENTS.includes(data.event as FrameEvent)) return null;
  return { event: data.event as FrameEvent, data: isRecord(data.data) ? data.data : {} };
}

/** The embedded page's messages: 'PaystackClose <id> <data…>' (success) and 'PaystackTLSClose <id>' (cancel). */
export interface EmbedMessage {
  readonly action: 'PaystackClose' | 'PaystackTLSClose';
  /** The popup id the frame was opened with ('PaystackOpen {id}'): whose checkout it closes. */
  readonly id: string;
  /** Everything after the id, joined with spaces (the reference, for PaystackClose). */
  readonly data: string;
  readonly raw: string;
}

export function parseEmbedMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== 'string') return null;
  const words = data.split(' ');
  const action = words[0];
  if (action !== 'PaystackClose' && action !== 'PaystackTLSClose') return null;
  return { action, id: words[1] ?? '', data: words.slice(2).join(' '), raw: data };
}
