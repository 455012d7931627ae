import type { PostHogConfig } from 'posthog-js';

import {
  FLUSH_INTERVAL_MS,
  MAX_PROPERTY_LENGTH,
  RATE_LIMIT_BURST,
  RATE_LIMIT_PER_SECOND,
  RageClicks,
  browserDoNotTrack,
  type Analytics,
  type Property,
} from './analytics';

/** The part of PostHog's browser client the app uses (`posthog-js`'s default export). */
export interface PostHogClient {
  init(token: string, config: Partial<PostHogConfig>): unknown;
  capture(event: string, properties?: Record<string, Property>): unknown;
  identify(distinctId: string, set?: Record<string, string>): void;
  reset(): void;
  opt_out_capturing(): void;
}

/**
 * PostHog's browser client set up as the spec and the consent banner want it: only the
 * catalogue's events (no autocapture, page views, recordings, surveys, heatmaps or web
 * vitals), nothing loaded from PostHog's servers besides the events endpoint, no feature-flag
 * call, no cookie (local storage; the client is only started after the user accepts),
 * Do-Not-Track respected, batches flushed every 3 s, 10 events a second with a burst of 100,
 * property strings capped at 65,535 characters. Retries (3 s doubling to 30 minutes, 10
 * times) are the client's own.
 */
export function postHogConfig(host: string): Partial<PostHogConfig> {
  return {
    api_host: host,
    autocapture: false,
    capture_pageview: false,
    capture_pageleave: false,
    capture_heatmaps: false,
    capture_dead_clicks: false,
    capture_performance: false,
    capture_exceptions: false,
    disable_session_recording: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
    disable_external_dependency_loading: true,
    advanced_disable_flags: true,
    persistence: 'localStorage',
    respect_dnt: true,
    person_profiles: 'identified_only',
    request_batching: true,
    request_queue_config: { flush_interval_ms: FLUSH_INTERVAL_MS },
    rate_limiting: { events_per_second: RATE_LIMIT_PER_SECOND, events_burst_limit: RATE_LIMIT_BURST },
    properties_string_max_length: MAX_PROPERTY_LENGTH,
  };
}

export interface PostHogAnalyticsOptions {
  posthog: PostHogClient;
  key: string;
  host: string;
  now?: () => number;
  doNotTrack?: () => boolean;
}

/**
 * The web app's analytics through PostHog's browser client, when the server hands out a
 * PostHog key (`GET /api/v1/analytics/config`). Built only after the user accepts (see
 * analytics-select.ts), so nothing of PostHog runs, stores or sends before that.
 */
export class PostHogAnalytics implements Analytics {
  private readonly posthog: PostHogClient;
  private readonly now: () => number;
  private readonly doNotTrack: () => boolean;
  private readonly rageClicks = new RageClicks();
  private consented = false;

  constructor(options: PostHogAnalyticsOptions) {
    this.posthog = options.posthog;
    this.now = options.now ?? (() => Date.now());
    this.doNotTrack = options.doNotTrack ?? browserDoNotTrack;
    this.posthog.init(options.key, postHogConfig(options.host));
  }

  get enabled(): boolean {
    return this.consented && !this.doNotTrack();
  }

  get doNotTrackOn(): boolean {
    return this.doNotTrack();
  }

  setConsent(accepted: boolean): void {
    if (this.consented && !accepted) this.posthog.opt_out_capturing();
    this.consented = accepted;
  }

  /** PostHog's identify: the user's id, and their e-mail as a person property. */
  identify(userId: string, email: string | null): void {
    if (!this.enabled) return;
    this.posthog.identify(userId, email ? { email } : undefined);
  }

  /** A new anonymous id for later events (on sign-out). */
  reset(): void {
    this.posthog.reset();
  }

  capture(event: string, properties: Record<string, Property> = {}): boolean {
    if (!this.enabled) return false;
    return this.posthog.capture(event, properties) !== undefined;
  }

  click(x: number, y: number, selector = ''): void {
    if (this.rageClicks.add(x, y, this.now())) this.capture('rage_click', { x, y, selector });
  }
}
