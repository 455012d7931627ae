import useSWR from 'swr';

import { ApiError, api, apiOrigin } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-token';
import type { ErrorBody, Page, ProblemReport } from '@/types/api';

/** Screenshots go to the user's own folder of this bucket (docs/api.md "Storage"). */
export const SCREENSHOT_BUCKET = 'problem-screenshots';
/** The server's upload limit (`DESIGNCORE_STORAGE_MAX_UPLOAD_BYTES`, 10 MB by default). */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** The accepted screenshot types (what the storage route accepts, less SVG). */
export const SCREENSHOT_TYPES = Object.keys(EXTENSIONS);

/**
 * Uploads a screenshot to the private `problem-screenshots/{userId}/problem-reports/…` (`POST /storage/v1/object/…`,
 * the file as the body) and answers the `Key` the server gave it.
 */
export async function uploadScreenshot(userId: string, file: File, now: number = Date.now()): Promise<string> {
  const extension = EXTENSIONS[file.type] ?? 'png';
  const path = `${userId}/problem-reports/${now}.${extension}`;
  const token = await getAccessToken();
  // eslint-disable-next-line no-restricted-globals -- not yet moved to src/lib/api-client.ts (issue 21 item 4, open)
  const response = await fetch(`${apiOrigin()}/storage/v1/object/${SCREENSHOT_BUCKET}/${path}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: await bytesOf(file),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = body as Partial<ErrorBody> | null;
    throw new ApiError({
      status: response.status,
      code: typeof error?.code === 'string' ? error.code : 'upload_failed',
      message: typeof error?.message === 'string' ? error.message : `The screenshot upload failed (HTTP ${response.status})`,
    });
  }
  const key = (body as { Key?: unknown } | null)?.Key;
  if (typeof key !== 'string') {
    throw new ApiError({ status: response.status, code: 'invalid_json', message: 'The upload answered without a Key' });
  }
  return key;
}

/** The file's bytes (`Blob.arrayBuffer`, or a FileReader where a runtime lacks it). */
function bytesOf(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the screenshot'));
    reader.readAsArrayBuffer(file);
  });
}

export type NewProblemReport = { description: string; page_url: string; screenshot_key?: string };

/**
 * A report's screenshot as a blob (`GET /api/v1/problem-reports/{id}/screenshot`): the bucket is
 * private, so only the reporter and admins may read it, with their bearer token.
 */
export async function fetchScreenshot(reportId: string): Promise<Blob> {
  const { blob } = await api.getFile(`/problem-reports/${encodeURIComponent(reportId)}/screenshot`);
  return blob;
}

/** `POST /api/v1/problem-reports`. */
export function createProblemReport(report: NewProblemReport): Promise<ProblemReport> {
  return api.post<ProblemReport>('/problem-reports', report);
}

export type ReportStatus = 'open' | 'resolved';

/** `GET /api/v1/problem-reports?page=&size=&status=` (administrators). */
export function getProblemReports(page: number, status: ReportStatus | null, size = 10): Promise<Page<ProblemReport>> {
  return api.get<Page<ProblemReport>>('/problem-reports', { query: { page, size, status } });
}

/** `PATCH /api/v1/problem-reports/{id}` `{status}` (administrators). */
export function updateProblemReport(id: string, status: ReportStatus): Promise<ProblemReport> {
  return api.patch<ProblemReport>(`/problem-reports/${encodeURIComponent(id)}`, { status });
}

export const problemReportKeys = {
  all: () => ['problem-reports'] as const,
  page: (page: number, status: ReportStatus | null) => ['problem-reports', page, status] as const,
};

export const isProblemReportKey = (key: unknown) => Array.isArray(key) && key[0] === 'problem-reports';

export function useProblemReports(page: number, status: ReportStatus | null) {
  return useSWR(problemReportKeys.page(page, status), () => getProblemReports(page, status), { keepPreviousData: true });
}
