import useSWR from 'swr';

import { api } from '@/lib/api-client';

export const SUMMARY_PERIODS = [7, 30, 90] as const;
export type SummaryPeriod = (typeof SUMMARY_PERIODS)[number];

export type DailyCount = { day: string; count: number };

/** `GET /api/v1/analytics/summary` (docs/analytics.md). */
export type AnalyticsSummary = {
  days: number;
  start: string;
  end: string;
  daily_active_users: DailyCount[];
  categories: { category: string; views: number; customisations: number }[];
  top_search_terms: { term: string; count: number; no_results: boolean }[];
  funnel: { dialog_opened: number; payment_started: number; payment_succeeded: number };
  referral_completions: DailyCount[];
};

/** The admin dashboard's figures over the last `days` days (admins only). */
export function getAnalyticsSummary(days: SummaryPeriod): Promise<AnalyticsSummary> {
  return api.get<AnalyticsSummary>('/analytics/summary', { query: { days } });
}

export const analyticsSummaryKey = (days: SummaryPeriod) => ['analytics', 'summary', days] as const;

export function useAnalyticsSummary(days: SummaryPeriod) {
  return useSWR(analyticsSummaryKey(days), () => getAnalyticsSummary(days), { keepPreviousData: true });
}
