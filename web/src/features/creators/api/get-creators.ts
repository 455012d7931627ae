import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Creator, Paged, Template } from '@/types/api';

/** Creators and a creator's templates per page. */
export const CREATORS_PAGE_SIZE = 24;

/** `GET /api/v1/creators?page=&size=`: creators with their published template counts. */
export function getCreators(page: number): Promise<Paged<Creator>> {
  return api.get<Paged<Creator>>('/creators', { query: { page, size: CREATORS_PAGE_SIZE } });
}

/** `GET /api/v1/creators/{username}`: a public profile (404 when there is no such creator). */
export function getCreator(username: string): Promise<Creator> {
  return api.get<Creator>(`/creators/${encodeURIComponent(username)}`);
}

/** `GET /api/v1/creators/{username}/templates?page=&size=`: the creator's published templates. */
export function getCreatorTemplates(username: string, page: number): Promise<Paged<Template>> {
  return api.get<Paged<Template>>(`/creators/${encodeURIComponent(username)}/templates`, {
    query: { page, size: CREATORS_PAGE_SIZE },
  });
}

export function useCreators(page: number) {
  return useSWR(['creators', 'list', page] as const, ([, , keyPage]) => getCreators(keyPage), {
    keepPreviousData: true,
  });
}

export function useCreator(username: string | undefined) {
  return useSWR(username ? (['creators', 'profile', username] as const) : null, ([, , name]) => getCreator(name));
}

export function useCreatorTemplates(username: string | undefined, page: number) {
  return useSWR(
    username ? (['creators', 'templates', username, page] as const) : null,
    ([, , name, keyPage]) => getCreatorTemplates(name, keyPage),
    { keepPreviousData: true },
  );
}
