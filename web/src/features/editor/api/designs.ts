/**
 * The designs API (docs/api.md, "Designs"): a signed-in user's own designs, saved with
 * optimistic concurrency (`If-Match: "<version>"`; a stale copy answers 409 `version_conflict`).
 */
import { api, ApiError } from '@/lib/api-client';
import { publicObjectUrl, uploadImage, USER_UPLOADS_BUCKET } from '@/lib/upload';

import type { DesignDocument } from '../model/document';
import type { FieldRequirement } from '../model/fields';
import type { Job } from './jobs';

export type Design = {
  id: string;
  name: string;
  document: DesignDocument;
  version: number;
  source_template_id: string | null;
  width: number;
  height: number;
  preview_url: string | null;
  scheduled_for: string | null;
  created_at: string;
  updated_at: string;
};

export type CreateDesignInput = { template_id: string } | { blank: { width: number; height: number } };

/** `POST /api/v1/designs`: a new design from a template or blank. */
export function createDesign(input: CreateDesignInput): Promise<Design> {
  return api.post<Design>('/designs', input);
}

/** The caller's latest design made from `templateId` (most recently edited), or null. */
export async function latestDesignFrom(templateId: string): Promise<Pick<Design, 'id' | 'name' | 'updated_at'> | null> {
  const page = await api.get<{ items: Array<Pick<Design, 'id' | 'name' | 'updated_at'>> }>('/designs', {
    query: { template_id: templateId, size: 1 },
  });
  return page.items[0] ?? null;
}

/** `GET /api/v1/designs/{id}`. */
export function getDesign(id: string, signal?: AbortSignal): Promise<Design> {
  return api.get<Design>(`/designs/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

export type SavedDesign = Pick<Design, 'id' | 'version'> & Partial<Design>;

/** `PUT /api/v1/designs/{id}`: saves over `version`; 409 `version_conflict` when it is stale. */
export function saveDesign(id: string, version: number, input: { document: DesignDocument; name?: string }): Promise<SavedDesign> {
  return api.put<SavedDesign>(`/designs/${encodeURIComponent(id)}`, input, { headers: { 'If-Match': `"${version}"` } });
}

/** `PATCH /api/v1/designs/{id}`: renames it (or schedules it). */
export function patchDesign(id: string, input: { name?: string; scheduled_for?: string | null }): Promise<Design> {
  return api.patch<Design>(`/designs/${encodeURIComponent(id)}`, input);
}

/** The version the server holds now, from a `version_conflict` error (null if it did not say). */
export function conflictVersion(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'version_conflict') return null;
  const match = /current[_ ]version\D*(\d+)/i.exec(error.message);
  const fromBody = (error as ApiError & { current_version?: unknown }).current_version;
  if (typeof fromBody === 'number') return fromBody;
  return match ? Number(match[1]) : null;
}

/** The template's fields (`GET /api/v1/templates/{id}/document`), for the form beside the canvas. */
export async function getTemplateFields(templateId: string): Promise<FieldRequirement[]> {
  const template = await api.get<{ field_requirements?: FieldRequirement[] }>(`/templates/${encodeURIComponent(templateId)}/document`);
  return template.field_requirements ?? [];
}

export type ExportFormat = 'png' | 'jpeg' | 'pdf' | 'svg';

/** A PDF's paper: the design fitted on A5, A4, A3 or Letter by the server, or its own size. */
export type PaperSize = 'design' | 'a5' | 'a4' | 'a3' | 'letter';

export type ExportInput = {
  designId: string;
  format: ExportFormat;
  pixelRatio?: number;
  dpi?: number;
  spendCredit?: boolean;
  paper?: PaperSize;
};

export type ExportResult = { blob: Blob; filename: string; watermark: boolean; creditsSpent: number };

/** What an export answers: the file, or (202) the background job that makes a large one. */
export type ExportOutcome = { kind: 'file'; result: ExportResult } | { kind: 'job'; job: Job };

/** The file's facts from an export's (or a job result's) headers. */
export function exportResult(blob: Blob, headers: Headers, fallbackName: string): ExportResult {
  const disposition = headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return {
    blob,
    filename,
    watermark: headers.get('X-Export-Watermark') === 'true',
    creditsSpent: Number(headers.get('X-Export-Credits-Spent') ?? '0') || 0,
  };
}

/** `POST /api/v1/exports` for a saved design: the rendered file, or the job of a large one. */
export async function exportDesign(input: ExportInput, signal?: AbortSignal): Promise<ExportOutcome> {
  const body: Record<string, unknown> = { design_id: input.designId, format: input.format };
  if (input.pixelRatio !== undefined) body.pixel_ratio = input.pixelRatio;
  if (input.dpi !== undefined) body.dpi = input.dpi;
  if (input.spendCredit) body.spend_credit = true;
  if (input.paper !== undefined && input.paper !== 'design') body.paper = input.paper;
  const { blob, headers, status } = await api.postForFile('/exports', body, signal);
  if (status === 202) return { kind: 'job', job: await api.jsonOf<Job>(blob, 'POST /exports') };
  return { kind: 'file', result: exportResult(blob, headers, `design.${input.format}`) };
}

/** Uploads an image into the user's own folder of the uploads bucket (`lib/upload.ts`); answers its public URL. */
export async function uploadDesignImage(userId: string, file: File): Promise<string> {
  const { Key } = await uploadImage(file, { bucket: UPLOAD_BUCKET, userId });
  return publicObjectUrl(Key);
}

/** The bucket users upload their own images to (each under `{user_id}/`). */
export const UPLOAD_BUCKET = USER_UPLOADS_BUCKET;
