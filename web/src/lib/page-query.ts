/** The page number of a paginated screen, kept in the address as `?page=` (page 1 has none). */

/** `?page=` as a page number: 1 when absent or not a positive integer. */
export function pageFrom(params: URLSearchParams): number {
  const raw = params.get('page');
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 ? page : 1;
}

/** The URL of `page` at `pathname`, keeping the other query parameters (`?search=`). */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}
