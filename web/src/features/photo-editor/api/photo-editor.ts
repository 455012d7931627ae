import useSWR from 'swr';

import { api } from '@/lib/api-client';

/** A step of the server's photo pipeline (docs/api.md, "The admin photo editor"). */
export type PhotoStep =
  | { op: 'enhance' }
  | { op: 'crop'; x: number; y: number; width: number; height: number }
  | { op: 'resize'; width: number; height: number }
  | { op: 'rotate'; degrees: number }
  | { op: 'flip'; axis: 'horizontal' | 'vertical' }
  | { op: 'background'; color: string }
  | { op: 'remove_background' };

export type StepCapability = { op: PhotoStep['op']; available: boolean; reason: string | null };

export type PhotoEditorCapabilities = {
  operations: StepCapability[];
  max_operations: number;
  max_input_bytes: number;
  max_megapixels: number;
  max_dimension: number;
};

export type PhotoEdit = {
  key: string;
  preview_url: string;
  media_type: string;
  width: number;
  height: number;
  size: number;
};

export const capabilitiesKey = '/photo-editor';

/** What the photo editor can do on this server (admins only; others get 403). */
export function usePhotoEditorCapabilities(enabled: boolean) {
  return useSWR(enabled ? capabilitiesKey : null, (path: string) => api.get<PhotoEditorCapabilities>(path));
}

/** Runs `steps` on the stored picture `source` (`"{bucket}/{path}"`); the result is a new stored picture. */
export function createPhotoEdit(source: string, steps: PhotoStep[]): Promise<PhotoEdit> {
  return api.post<PhotoEdit>('/photo-editor/edits', { source, operations: steps });
}

/** A new design of the admin's showing the stored picture `key` over a page of its size. */
export function createDesignFromPhoto(key: string): Promise<{ id: string; name: string; version: number }> {
  return api.post<{ id: string; name: string; version: number }>('/photo-editor/designs', { key });
}
