/**
 * The web app's analytics: the `Analytics` every transport offers, and the client used when
 * no PostHog key is configured, which sends events to the server's `POST /api/v1/events` in
 * batches (with a key, lib/posthog-analytics.ts sends them with PostHog's own browser client). The constants are the spec's analytics
 * behaviour (checkout-auth-analytics.md, section 9).
 *
 * Nothing is captured before the user accepts (consent) or when the browser asks not to be
 * tracked (Do-Not-Track). No cookie is set: the anonymous id lives in local storage only
 * after consent.
 */

export const FLUSH_INTERVAL_MS = 3_000;
export const RATE_LIMIT_PER_SECOND = 10;
export const RATE_LIMIT_BURST = 100;
export const RETRY_START_MS = 3_000;
export const RETRY_MAX_MS = 30 * 60 * 1_000;
export const MAX_RETRIES = 10;
export const QUOTA_BLOCK_MS = 60_000;
export const MAX_PROPERTY_LENGTH = 65_535;
export const RAGE_CLICK_COUNT = 3;
export const RAGE_CLICK_DISTANCE_PX = 30;
export const RAGE_CLICK_WINDOW_MS = 1_000;

export type Property = string | number | boolean | null;

export interface CapturedEvent {
  event: string;
  distinct_id: string;
  timestamp: string;
  properties: Record<string, Property>;
}

/** Sends one batch; answers the HTTP status (0 when the network failed). */
export type Send = (batch: CapturedEvent[]) => Promise<number>;

export interface AnalyticsOptions {
  send: Send;
  now?: () => number;
  anonymousId?: () => string;
  doNotTrack?: () => boolean;
}

function truncate(properties: Record<string, Property>): Record<string, Property> {
  const out: Record<string, Property> = {};
  for (const [key, value] of Object.entries(properties)) {
    out[key] =
      typeof value === 'string' && value.length > MAX_PROPERTY_LENGTH
        ? value.slice(0, MAX_PROPERTY_LENGTH)
        : value;
  }
  return out;
}

/** What the app's analytics do, whichever transport sends the events. */
export interface Analytics {
  /** Whether events are being captured (consent given and no Do-Not-Track). */
  readonly enabled: boolean;
  /** Whether the browser asks not to be tracked. */
  readonly doNotTrackOn: boolean;
  /** The user accepted (or refused) tracking. */
  setConsent(accepted: boolean): void;
  /** Events are this user's from now on (on sign-in): their id and e-mail. */
  identify(userId: string, email: string | null): void;
  /** Forget the user (on sign-out). */
  reset(): void;
  /** Capture an event of the catalogue; false when it was dropped. */
  capture(event: string, properties?: Record<string, Property>): boolean;
  /** A click at (x, y) on `selector`: the third within 30 px and 1 s captures `rage_click`. */
  click(x: number, y: number, selector?: string): void;
}

/** Spots rage clicks: 3 clicks within 30 px and 1 s. */
export class RageClicks {
  private clicks: { x: number; y: number; at: number }[] = [];

  /** Answers true when the click at (x, y) at `at` ms is the third of a rage click. */
  add(x: number, y: number, at: number): boolean {
    this.clicks = this.clicks.filter(
      (c) => at - c.at <= RAGE_CLICK_WINDOW_MS && Math.hypot(c.x - x, c.y - y) <= RAGE_CLICK_DISTANCE_PX,
    );
    this.clicks.push({ x, y, at });
    if (this.clicks.length < RAGE_CLICK_COUNT) return false;
    this.clicks = [];
    return true;
  }
}

export function browserDoNotTrack(): boolean {
  const nav = navigator as Navigator & { msDoNotTrack?: string };
  const win = window as Window & { doNotTrack?: string };
  return [nav.doNotTrack, nav.msDoNotTrack, win.doNotTrack].some((v) => v === '1' || v === 'yes');
}

export class AnalyticsClient implements Analytics {
  private readonly send: Send;
  private readonly now: () => number;
  private readonly doNotTrack: () => boolean;
  private readonly makeId: () => string;
  private queue: CapturedEvent[] = [];
  private consented = false;
  private anonymousId: string | null = null;
  private user: { userId: string; email: string | null } | null = null;
  private tokens = RATE_LIMIT_BURST;
  private refilledAt: number;
  private blockedUntil = 0;
  private retries = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending = false;
  private readonly rageClicks = new RageClicks();

  constructor(options: AnalyticsOptions) {
    this.send = options.send;
    this.now = options.now ?? (() => Date.now());
    this.doNotTrack = options.doNotTrack ?? browserDoNotTrack;
    this.makeId = options.anonymousId ?? (() => crypto.randomUUID());
    this.refilledAt = this.now();
  }

  /** Whether events are being captured (consent given and no Do-Not-Track). */
  get enabled(): boolean {
    return this.consented && !this.doNotTrack();
  }

  /** Whether the browser asks not to be tracked. */
  get doNotTrackOn(): boolean {
    return this.doNotTrack();
  }

  /** The user accepted (or refused) tracking. */
  setConsent(accepted: boolean): void {
    this.consented = accepted;
    if (!accepted) {
      this.queue = [];
      this.stop();
    }
  }

  /**
   * Events are the user's from now on (on sign-in). The e-mail is kept but not sent: the
   * server ties the user's id to their e-mail itself when they sign in, and takes a signed-in
   * caller's events as theirs.
   */
  identify(userId: string, email: string | null): void {
    this.user = { userId, email };
  }

  /** Forget the user (on sign-out): later events get a new anonymous id. */
  reset(): void {
    this.user = null;
    this.anonymousId = null;
  }

  /** Who the events belong to: the identified user's id and e-mail, or null. */
  get identity(): { userId: string; email: string | null } | null {
    return this.user;
  }

  /** Queue an event; dropped without consent, under Do-Not-Track or over the rate limit. */
  capture(event: string, properties: Record<string, Property> = {}): boolean {
    if (!this.enabled || !this.takeToken()) return false;
    if (this.user === null && this.anonymousId === null) this.anonymousId = this.makeId();
    this.queue.push({
      event,
      distinct_id: this.user?.userId ?? this.anonymousId ?? '',
      timestamp: new Date(this.now()).toISOString(),
      properties: truncate(properties),
    });
    this.schedule(FLUSH_INTERVAL_MS);
    return true;
  }

  /** A click at (x, y): the third within 30 px and 1 s captures `rage_click`. */
  click(x: number, y: number, selector = ''): void {
    if (this.rageClicks.add(x, y, this.now())) this.capture('rage_click', { x, y, selector });
  }

  /** Events waiting to be sent. */
  get pending(): number {
    return this.queue.length;
  }

  private takeToken(): boolean {
    const now = this.now();
    const refill = ((now - this.refilledAt) / 1_000) * RATE_LIMIT_PER_SECOND;
    this.tokens = Math.min(RATE_LIMIT_BURST, this.tokens + refill);
    this.refilledAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private schedule(delay: number): void {
    if (this.timer !== null || this.sending) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Send what is queued now (respecting a quota block). */
  async flush(): Promise<void> {
    if (this.queue.length === 0 || this.sending) return;
    const wait = this.blockedUntil - this.now();
    if (wait > 0) {
      this.schedule(wait);
      return;
    }
    const batch = this.queue.slice(0, RATE_LIMIT_BURST);
    this.sending = true;
    let status = 0;
    try {
      status = await this.send(batch);
    } catch {
      status = 0;
    }
    this.sending = false;
    if (status >= 200 && status < 300) {
      this.queue = this.queue.slice(batch.length);
      this.retries = 0;
      if (this.queue.length > 0) this.schedule(FLUSH_INTERVAL_MS);
      return;
    }
    if (status === 429) {
      this.blockedUntil = this.now() + QUOTA_BLOCK_MS;
      this.schedule(QUOTA_BLOCK_MS);
      return;
    }
    if (status >= 400 && status < 500) {
      // The server refused the batch itself (e.g. an unknown event): sending it again would
      // not help.
      this.queue = this.queue.slice(batch.length);
      return;
    }
    if (this.retries >= MAX_RETRIES) {
      this.queue = this.queue.slice(batch.length);
      this.retries = 0;
      return;
    }
    const delay = Math.min(RETRY_MAX_MS, RETRY_START_MS * 2 ** this.retries);
    this.retries += 1;
    this.schedule(delay);
  }
}
