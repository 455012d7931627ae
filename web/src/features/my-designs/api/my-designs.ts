/**
 * My Designs' reads and changes (docs/api.md, "Designs" and "Calendar"): the signed-in user's
 * designs (summaries, newest edit first), those scheduled in a range of days, the calendar month
 * with its occasions, and rename / schedule / duplicate / delete / restore. Every change
 * revalidates the lists through `useSWRConfig().mutate`.
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';

import { api, ApiError, apiOrigin } from '@/lib/api-client';

export type DesignSummary = {
  id: string;
  name: string;
  source_template_id: string | null;
  format: string;
  width: number;
  height: number;
  preview_url: string | null;
  /** `YYYY-MM-DD`, or null when the design is not on the calendar. */
  scheduled_for: string | null;
  created_at: string;
  updated_at: string;
  version: number;
};

export type DesignPage = {
  items: DesignSummary[];
  total_count: number;
  has_more: boolean;
  current_page: number;
  total_pages: number;
};

export type Occasion = {
  date: string;
  name: string;
  kind: 'public_holiday' | 'observance';
  search: string;
  template_count: number;
};

export type CalendarMonth = {
  today: string;
  year: number;
  month: number;
  weeks: string[][];
  occasions: Occasion[];
};

/** Designs per request (the API's largest page). */
export const DESIGNS_PAGE_SIZE = 100;

const ROOT = 'my-designs';

export const myDesignsKeys = {
  list: (search: string, pages: number) => [ROOT, 'list', search, pages] as const,
  scheduled: (from: string, to: string) => [ROOT, 'scheduled', from, to] as const,
  calendar: (year: number | null, month: number | null, tz: string) => ['calendar', year, month, tz] as const,
  preview: (url: string) => [ROOT, 'preview', url] as const,
};

/** `GET /api/v1/designs?search=`: the first `pages` pages, newest edit first, as one list. */
export async function listDesigns(search: string, pages: number): Promise<{ items: DesignSummary[]; hasMore: boolean; total: number }> {
  const items: DesignSummary[] = [];
  let last: DesignPage | null = null;
  for (let page = 1; page <= pages; page += 1) {
    last = await api.get<DesignPage>('/designs', {
      query: { page, size: DESIGNS_PAGE_SIZE, search: search || undefined },
    });
    items.push(...last.items);
    if (!last.has_more) break;
  }
  return { items, hasMore: last?.has_more ?? false, total: last?.total_count ?? items.length };
}

/** `GET /api/v1/designs?from=&to=`: every design scheduled from `from` to `to` (both included). */
export async function listScheduled(from: string, to: string): Promise<DesignSummary[]> {
  const items: DesignSummary[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<DesignPage>('/designs', { query: { page, size: DESIGNS_PAGE_SIZE, from, to } });
    items.push(...answer.items);
    if (!answer.has_more) return items;
  }
}

/** `GET /api/v1/calendar?year=&month=&tz=`; a null year/month is the current month. */
export function getCalendar(year: number | null, month: number | null, tz: string): Promise<CalendarMonth> {
  return api.get<CalendarMonth>('/calendar', { query: { year: year ?? undefined, month: month ?? undefined, tz: tz || undefined } });
}

export function useDesignList(search: string, pages: number, enabled: boolean) {
  return useSWR(enabled ? myDesignsKeys.list(search, pages) : null, () => listDesigns(search, pages), { keepPreviousData: true });
}

export function useScheduled(from: string | null, to: string | null, enabled: boolean) {
  return useSWR(enabled && from && to ? myDesignsKeys.scheduled(from, to) : null, () => listScheduled(from ?? '', to ?? ''), {
    keepPreviousData: true,
  });
}

export function useCalendarMonth(year: number | null, month: number | null, tz: string, enabled = true) {
  return useSWR(enabled ? myDesignsKeys.calendar(year, month, tz) : null, () => getCalendar(year, month, tz), {
    keepPreviousData: true,
  });
}

/** What a preview is asked for as: the server keeps a WebP copy, a third of the PNG's size. */
export const PREVIEW_ACCEPT = 'image/webp,image/png;q=0.9';

/**
 * A design's preview as an object URL: the preview needs the bearer token, which an `<img>`
 * cannot send. `null` while it is drawn (404 `preview_not_ready`) or when there is none.
 */
export async function fetchPreview(url: string): Promise<string | null> {
  try {
    const { blob } = await api.getFile(url, { base: apiOrigin(), headers: { Accept: PREVIEW_ACCEPT } });
    return URL.createObjectURL(blob);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  }
}

/**
 * The preview of `url` as an object URL. SWR's cache keeps it for as long as the page lives (a
 * card that remounts shows it at once), so it is not revoked: one ~30 KB image per saved version
 * seen in this visit.
 */
export function usePreview(url: string | null) {
  return useSWR(url ? myDesignsKeys.preview(url) : null, () => fetchPreview(url ?? ''));
}


const encode = encodeURIComponent;

/** The changes, each revalidating every list of designs once it is done. */
export function useDesignActions() {
  const { mutate } = useSWRConfig();
  const refresh = useCallback(
    () => mutate((key) => Array.isArray(key) && key[0] === ROOT && key[1] !== 'preview'),
    [mutate],
  );
  return {
    refresh,
    rename: async (id: string, name: string) => {
      const design = await api.patch<DesignSummary>(`/designs/${encode(id)}`, { name });
      await refresh();
      return design;
    },
    schedule: async (id: string, day: string | null) => {
      const design = await api.patch<DesignSummary>(`/designs/${encode(id)}`, { scheduled_for: day });
      await refresh();
      return design;
    },
    duplicate: async (id: string) => {
      const design = await api.post<DesignSummary>(`/designs/${encode(id)}/duplicate`);
      await refresh();
      return design;
    },
    remove: async (id: string) => {
      await api.delete<unknown>(`/designs/${encode(id)}`);
      await refresh();
    },
    restore: async (id: string) => {
      const design = await api.post<DesignSummary>(`/designs/${encode(id)}/restore`);
      await refresh();
      return design;
    },
  };
}
