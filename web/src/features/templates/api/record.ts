import { api } from '@/lib/api-client';

/** `POST /api/v1/rpc/increment_template_views`: opening a preview counts one view. */
export function recordTemplateView(templateId: string): Promise<unknown> {
  return api.post('/rpc/increment_template_views', { template_id: templateId });
}

/** `POST /api/v1/rpc/increment_template_use_count`: customising counts one use. */
export function recordTemplateUse(templateId: string): Promise<unknown> {
  return api.post('/rpc/increment_template_use_count', { template_id: templateId });
}

/** `POST /api/v1/search-prompts`: records a search term with the user's id (null signed out). */
export function recordSearch(searchTerm: string, userId: string | null): Promise<unknown> {
  return api.post('/search-prompts', { search_term: searchTerm, user_id: userId });
}

/** Fire-and-forget: counters must never stop the user, so a failure is only logged. */
export function logFailure(what: string) {
  return (error: unknown) => console.error(`Could not record ${what}`, error);
}
