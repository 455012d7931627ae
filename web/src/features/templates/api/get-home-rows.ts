import useSWR from 'swr';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/swr';
import type { HomeRowsResponse } from '@/types/api';

/** Templates per category row on the home screen (spec section 9). */
export const HOME_ROW_LIMIT = 12;

export type GetHomeRowsParams = {
  limit?: number;
};

/** `GET /api/v1/templates/home`: one row per home category, in display order. */
export function getHomeRows(
  { limit = HOME_ROW_LIMIT }: GetHomeRowsParams = {},
  signal?: AbortSignal,
): Promise<HomeRowsResponse> {
  return api.get<HomeRowsResponse>('/templates/home', { query: { limit }, ...(signal ? { signal } : {}) });
}

/** The SWR key of the home rows; also what a mutation passes to `mutate` to refresh them. */
export function getHomeRowsKey({ limit = HOME_ROW_LIMIT }: GetHomeRowsParams = {}) {
  return ['templates', 'home', { limit }] as const;
}

type HomeRowsKey = ReturnType<typeof getHomeRowsKey>;

/** The home rows, cached for 30 minutes. */
export function useHomeRows(params: GetHomeRowsParams = {}) {
  return useSWR<HomeRowsResponse, Error, HomeRowsKey>(
    getHomeRowsKey(params),
    ([, , keyParams]) => getHomeRows(keyParams),
    { dedupingInterval: cacheTimes.homeRows },
  );
}
