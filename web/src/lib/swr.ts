import type { SWRConfiguration } from 'swr';

const MINUTE = 60_000;

/**
 * Global SWR behaviour (spec section 9): data stays fresh for 5 minutes, and nothing is
 * refetched on focus, on reconnect, or on mount when a cached value exists.
 */
export const swrDefaults = {
  dedupingInterval: 5 * MINUTE,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  errorRetryCount: 2,
} satisfies SWRConfiguration;

export const cacheTimes = {
  /** Home rows are grouped per category and change rarely (spec: 30 minutes). */
  homeRows: 30 * MINUTE,
  /** A template preview (spec: 30 minutes). */
  templatePreview: 30 * MINUTE,
  /** The premium business model site setting (spec: 5 minutes). */
  siteSetting: 5 * MINUTE,
} as const;
