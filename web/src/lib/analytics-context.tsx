import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { env } from '@/config/env';
import { api, ApiError } from '@/lib/api-client';

import type { Analytics, CapturedEvent, Property } from './analytics';
import { LazyAnalytics, chooseTransport, type AnalyticsConfig } from './analytics-select';
import type { PostHogClient } from './posthog-analytics';
import styles from './analytics-context.module.css';

export const CONSENT_KEY = 'designcore.analytics-consent';
/** The cookie that tells the server the answer (its events are kept as it allows). */
export const CONSENT_COOKIE = 'designcore_analytics_consent';
const CONSENT_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** What the banner says: exactly what is counted before an answer, and what each answer does. */
export const CONSENT_TEXT =
  'would like to count how its pages are used, to make them better. Until you answer, it keeps only daily totals of what is done here (templates viewed and opened, searches, saves, downloads, sign-ins, upgrades and payments), with nothing that could tell who did it: no identifier, no IP address, no account. Accept to let it record your visits; Decline and nothing of yours is recorded.';

type Consent = 'accepted' | 'declined' | null;

function readConsent(): Consent {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** Tells the server the visitor's answer in a cookie (`granted` or `refused`, a year). */
export function writeConsentCookie(consent: 'accepted' | 'declined'): void {
  const value = consent === 'accepted' ? 'granted' : 'refused';
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${CONSENT_COOKIE_SECONDS}; Path=/; SameSite=Lax`;
}

/**
 * Posts a batch to the server's `POST /api/v1/events` (anonymous, and `keepalive` so the batch
 * survives the page unloading); answers the status (0: network).
 */
export async function sendToServer(batch: CapturedEvent[]): Promise<number> {
  try {
    await api.post('/events', { batch }, { keepalive: true, auth: false });
    return 202;
  } catch (error) {
    return error instanceof ApiError ? error.status : 0;
  }
}

/** `GET /api/v1/analytics/config`, or null when it cannot be read (then the server's endpoint). */
async function fetchAnalyticsConfig(): Promise<AnalyticsConfig | null> {
  try {
    return await api.get<AnalyticsConfig>('/analytics/config');
  } catch {
    return null;
  }
}

/** PostHog's browser client, from its own chunk (never in the first route's bundle). */
async function loadPostHog(): Promise<PostHogClient> {
  const module = await import('posthog-js');
  return module.default;
}

/** The app's analytics: the transport is chosen (and loaded) on the first consent. */
export function createAppAnalytics(): LazyAnalytics {
  return new LazyAnalytics({
    load: async () => chooseTransport(await fetchAnalyticsConfig(), { send: sendToServer, loadPostHog }),
  });
}

type AnalyticsValue = {
  client: Analytics;
};

const AnalyticsContext = createContext<AnalyticsValue | null>(null);

/** Capture an event of the catalogue (nothing without the provider, consent, or under DNT). */
export function useCapture(): (event: string, properties?: Record<string, Property>) => void {
  const value = useContext(AnalyticsContext);
  return useCallback(
    (event: string, properties: Record<string, Property> = {}) => {
      value?.client.capture(event, properties);
    },
    [value],
  );
}

/** The analytics client of the provider (for identify and reset), or null without one. */
export function useAnalyticsClient(): Analytics | null {
  return useContext(AnalyticsContext)?.client ?? null;
}

function selectorOf(target: EventTarget | null): string {
  if (!(target instanceof Element)) return '';
  const id = target.id ? `#${target.id}` : '';
  return `${target.tagName.toLowerCase()}${id}`;
}

/**
 * The web app's analytics: events batched to the server (lib/analytics.ts), or to PostHog
 * with its browser client when the server hands out a key (lib/posthog-analytics.ts), only
 * after the user accepts in the banner, never under Do-Not-Track; rage clicks on the whole
 * page.
 */
export function AnalyticsProvider({ children, client: given }: { children: ReactNode; client?: Analytics }) {
  const client = useMemo(() => given ?? createAppAnalytics(), [given]);
  const [consent, setConsent] = useState<Consent>(() => readConsent());

  useEffect(() => {
    client.setConsent(consent === 'accepted');
    // Also on every start, so a choice made before the cookie existed reaches the server.
    if (consent !== null) writeConsentCookie(consent);
  }, [client, consent]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => client.click(event.clientX, event.clientY, selectorOf(event.target));
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [client]);

  const decide = (choice: 'accepted' | 'declined') => {
    try {
      window.localStorage.setItem(CONSENT_KEY, choice);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
    setConsent(choice);
  };

  const value = useMemo(() => ({ client }), [client]);
  const askForConsent = consent === null && !client.doNotTrackOn;
  return (
    <AnalyticsContext.Provider value={value}>
      {children}
      {askForConsent ? (
        <section className={styles.banner} aria-label="Analytics consent">
          <p>{`${env.APP_NAME} ${CONSENT_TEXT}`}</p>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => decide('declined')}>
              Decline
            </Button>
            <Button onClick={() => decide('accepted')}>Accept</Button>
          </div>
        </section>
      ) : null}
    </AnalyticsContext.Provider>
  );
}

