import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Category, CategoryDetail } from '@/types/api';

/** `GET /api/v1/categories`: every category with its slug. */
export function getCategories(): Promise<Category[]> {
  return api.get<Category[]>('/categories');
}

/** `GET /api/v1/categories/{slug}`: a category and its sub-categories (404 when unknown). */
export function getCategory(slug: string): Promise<CategoryDetail> {
  return api.get<CategoryDetail>(`/categories/${encodeURIComponent(slug)}`);
}

export function useCategories() {
  return useSWR(['categories'] as const, getCategories);
}

export function useCategory(slug: string | undefined) {
  return useSWR(slug ? (['categories', slug] as const) : null, ([, keySlug]) => getCategory(keySlug));
}
