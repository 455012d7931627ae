import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { TemplatePage } from '@/types/api';

/** Templates per listing page (spec section 9). */
export const LISTING_PAGE_SIZE = 24;

export type ListingQuery = {
  page: number;
  /** Category and sub-category names (not slugs), as the API filters on them. */
  category?: string | undefined;
  subCategory?: string | undefined;
  /** A trimmed, non-blank search term: the ranked search instead of the plain listing. */
  search?: string | undefined;
};

/**
 * One page of a listing: `GET /api/v1/templates/search?q=` for a search (ranked, with its
 * own fallback on the server), `GET /api/v1/templates?category=&sub_category=` otherwise.
 */
export function getTemplates({ page, category, subCategory, search }: ListingQuery): Promise<TemplatePage> {
  if (search) {
    return api.get<TemplatePage>('/templates/search', { query: { q: search, page, size: LISTING_PAGE_SIZE } });
  }
  return api.get<TemplatePage>('/templates', {
    query: { page, size: LISTING_PAGE_SIZE, category, sub_category: subCategory },
  });
}

export function getTemplatesKey(query: ListingQuery) {
  return ['templates', 'listing', query] as const;
}

/** A listing page (`null` waits, e.g. until a category slug is resolved to its name). */
export function useTemplates(query: ListingQuery | null) {
  return useSWR(query ? getTemplatesKey(query) : null, ([, , keyQuery]) => getTemplates(keyQuery), {
    keepPreviousData: true,
  });
}
