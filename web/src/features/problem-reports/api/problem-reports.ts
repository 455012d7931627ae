import useSWR from 'swr';

import { api } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload';
import type { Page, ProblemReport } from '@/types/api';

/** Screenshots go to the user's own folder of this bucket (docs/api.md "Storage"). */
export const SCREENSHOT_BUCKET = 'problem-screenshots';
/** The server's upload limit (`DESIGNCORE_STORAGE_MAX_UPLOAD_BYTES`, 10 MB by default). */
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;

/** The accepted screenshot types (what the storage route accepts, less SVG). */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'];

/**
 * Uploads a screenshot to the private `problem-screenshots/{userId}/problem-reports/…` with the
 * app's one upload (`lib/upload.ts`) and answers the `Key` the server gave it.
 */
export async function uploadScreenshot(userId: string, file: File, now: number = Date.now()): Promise<string> {
  const { Key } = await uploadImage(file, { bucket: SCREENSHOT_BUCKET, userId, folder: 'problem-reports', now });
  return Key;
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
