import { AnalyticsClient, RATE_LIMIT_BURST, browserDoNotTrack, type Analytics, type Property, type Send } from './analytics';
import { PostHogAnalytics, type PostHogClient } from './posthog-analytics';

/** `GET /api/v1/analytics/config`: PostHog's key and address, or both null. */
export type AnalyticsConfig = {
  posthog_key: string | null;
  posthog_host: string | null;
};

export interface TransportDeps {
  /** Posts a batch to the server's `POST /api/v1/events`. */
  send: Send;
  /** Loads PostHog's browser client (a separate chunk, fetched only when needed). */
  loadPostHog: () => Promise<PostHogClient>;
  doNotTrack?: () => boolean;
}

/**
 * The transport the server's config asks for: PostHog's browser client when it hands out a
 * key, else the server's `/api/v1/events` (the embedded default).
 */
export async function chooseTransport(config: AnalyticsConfig | null, deps: TransportDeps): Promise<Analytics> {
  const doNotTrack = deps.doNotTrack ?? browserDoNotTrack;
  if (config?.posthog_key && config.posthog_host) {
    const posthog = await deps.loadPostHog();
    return new PostHogAnalytics({ posthog, key: config.posthog_key, host: config.posthog_host, doNotTrack });
  }
  return new AnalyticsClient({ send: deps.send, doNotTrack });
}

type Identity = { userId: string; email: string | null } | null;

export interface LazyAnalyticsOptions {
  /** Chooses and builds the transport; called once, on the first consent. */
  load: () => Promise<Analytics>;
  doNotTrack?: () => boolean;
}

/**
 * The app's analytics before the transport is known: nothing is loaded (neither the server's
 * config nor PostHog's client) until the user accepts and the browser does not ask not to be
 * tracked. What is captured meanwhile (at most a burst of 100) and who is signed in are handed
 * to the transport once it is ready.
 */
export class LazyAnalytics implements Analytics {
  private readonly load: () => Promise<Analytics>;
  private readonly doNotTrack: () => boolean;
  private target: Analytics | null = null;
  private loading: Promise<void> | null = null;
  private consented = false;
  private identity: Identity = null;
  private pending: { event: string; properties: Record<string, Property> }[] = [];

  constructor(options: LazyAnalyticsOptions) {
    this.load = options.load;
    this.doNotTrack = options.doNotTrack ?? browserDoNotTrack;
  }

  get enabled(): boolean {
    return this.consented && !this.doNotTrack();
  }

  get doNotTrackOn(): boolean {
    return this.doNotTrack();
  }

  /** The transport, once loaded (tests). */
  get transport(): Analytics | null {
    return this.target;
  }

  /** Settles when the transport is loaded (at once when nothing is loading). */
  async ready(): Promise<void> {
    await this.loading;
  }

  setConsent(accepted: boolean): void {
    this.consented = accepted;
    if (!accepted) this.pending = [];
    this.target?.setConsent(accepted);
    if (this.enabled && this.target === null && this.loading === null) this.start();
  }

  identify(userId: string, email: string | null): void {
    this.identity = { userId, email };
    this.target?.identify(userId, email);
  }

  reset(): void {
    this.identity = null;
    this.target?.reset();
  }

  capture(event: string, properties: Record<string, Property> = {}): boolean {
    if (!this.enabled) return false;
    if (this.target) return this.target.capture(event, properties);
    if (this.pending.length >= RATE_LIMIT_BURST) return false;
    this.pending.push({ event, properties });
    return true;
  }

  click(x: number, y: number, selector = ''): void {
    this.target?.click(x, y, selector);
  }

  private start(): void {
    this.loading = this.load().then(
      (target) => {
        this.target = target;
        target.setConsent(this.consented);
        if (this.identity) target.identify(this.identity.userId, this.identity.email);
        const pending = this.pending;
        this.pending = [];
        for (const { event, properties } of pending) target.capture(event, properties);
      },
      (error: unknown) => {
        // Events are never worth breaking the page for: try again on the next consent.
        console.error('Could not start analytics', error);
        this.loading = null;
      },
    );
  }
}
