import useSWR from 'swr';

import { api } from '@/lib/api-client';
import { cacheTimes } from '@/lib/swr';
import type { Template } from '@/types/api';

/** Related templates the preview dialog shows (spec section 9). */
export const RELATED_LIMIT = 16;

/** `GET /api/v1/templates/{id}`: the light variant of one template. */
export function getTemplate(id: string): Promise<Template> {
  return api.get<Template>(`/templates/${encodeURIComponent(id)}`);
}

/** `GET /api/v1/templates/{id}/related`: the same sub-category, without the template itself. */
export function getRelatedTemplates(id: string, limit = RELATED_LIMIT): Promise<Template[]> {
  return api.get<Template[]>(`/templates/${encodeURIComponent(id)}/related`, { query: { limit } });
}

/**
 * Asks the server whether the signed-in member may customise the template (its customise
 * decision, `designcore.domain.premium.decide_customise`), through
 * `GET /api/v1/templates/{id}/customisable` (204, no document downloaded): resolves when they
 * may; otherwise rejects with the server's `ApiError` (`sign_in_required`, `upgrade_required`,
 * `no_document`, `not_found`) and its reason.
 */
export async function askToCustomise(id: string): Promise<void> {
  await api.get<undefined>(`/templates/${encodeURIComponent(id)}/customisable`);
}

/** A template preview, cached 30 minutes (spec section 9). */
export function useTemplate(id: string | undefined) {
  return useSWR(id ? (['templates', 'preview', id] as const) : null, ([, , keyId]) => getTemplate(keyId), {
    dedupingInterval: cacheTimes.templatePreview,
  });
}

/** The related templates of a preview, cached as long as the preview. */
export function useRelatedTemplates(id: string | undefined) {
  return useSWR(
    id ? (['templates', 'related', id] as const) : null,
    ([, , keyId]) => getRelatedTemplates(keyId),
    { dedupingInterval: cacheTimes.templatePreview },
  );
}
