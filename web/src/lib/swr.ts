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

/** How long an unused cache entry is kept (spec section 9: 10 minutes; grouped rows 60). */
export const retentionTimes = {
  default: 10 * MINUTE,
  homeRows: 60 * MINUTE,
} as const;

/** The retention of a serialised SWR key: the home rows (`['templates', 'home', …]`) are kept longest. */
export function retentionFor(key: string): number {
  return key.includes('"templates","home"') ? retentionTimes.homeRows : retentionTimes.default;
}

type Entry<T> = { value: T; touched: number };

/**
 * The SWR cache with retention (React Query's `gcTime`): an entry nobody has read or written
 * for its retention time is dropped, so the next screen that needs it fetches it again. Reads
 * keep an entry alive, so data on screen never disappears.
 */
export function createRetainingCache<T>(now: () => number = Date.now, retention: (key: string) => number = retentionFor) {
  const entries = new Map<string, Entry<T>>();
  const alive = (key: string, entry: Entry<T>, at: number) => at - entry.touched < retention(key);
  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (!alive(key, entry, at)) {
        entries.delete(key);
        return undefined;
      }
      entry.touched = at;
      return entry.value;
    },
    set(key: string, value: T): void {
      entries.set(key, { value, touched: now() });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    keys(): IterableIterator<string> {
      const at = now();
      for (const [key, entry] of entries) if (!alive(key, entry, at)) entries.delete(key);
      return entries.keys();
    },
  };
}
