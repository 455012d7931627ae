import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { LogoMakerForm, LogoPreview } from '@/types/api';

export type { LogoMakerForm, LogoPreview };

/** A brand kit as the server takes it (`BrandKitIn`). */
export type BrandKit = { brand_name: string; tagline?: string; industry?: string | null; colors?: string[] };

/** A design as the designs API answers it (the fields the Logo Maker needs). */
export type CreatedDesign = { id: string; name: string; version: number };

export function useLogoMakerForm() {
  return useSWR('/logo-maker', (path: string) => api.get<LogoMakerForm>(path));
}

/**
 * Every logo drawn with `kit`, one batch; the previous grid stays while the next loads. `viewer`
 * names who asks (a user and plan), so signing in or upgrading fetches the locks again.
 */
export function useLogoPreviews(kit: BrandKit | null, viewer: string) {
  return useSWR(
    kit ? ['/logo-maker/previews', JSON.stringify(kit), viewer] : null,
    ([path, body]: [string, string, string]) =>
      api.post<{ previews: LogoPreview[] }>(path, JSON.parse(body) as BrandKit).then((answer) => answer.previews),
    { keepPreviousData: true },
  );
}

/** A new design from a logo with the kit set in (premium while the premium model is on). */
export function openLogo(templateId: string, kit: BrandKit): Promise<CreatedDesign> {
  return api.post<CreatedDesign>('/logo-maker/designs', { template_id: templateId, ...kit });
}

/** The branded logo as a file (`png` with a transparent background, or `svg`); premium while the model is on. */
export async function downloadLogo(templateId: string, kit: BrandKit, format: 'png' | 'svg'): Promise<{ blob: Blob; filename: string }> {
  const { blob, headers } = await api.postForFile('/logo-maker/exports', { template_id: templateId, format, ...kit });
  const disposition = headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `logo.${format}`;
  return { blob, filename };
}
