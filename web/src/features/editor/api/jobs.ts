import { api } from '@/lib/api-client';
import type { Job } from '@/types/api';

export type { Job, JobState } from '@/types/api';

/** Whether a job reached a final state (nothing moves it any more). */
export function isFinished(job: Job): boolean {
  return job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled';
}

/** `GET /api/v1/jobs/{id}`: the job's state and progress (its owner only). */
export function getJob(id: string, signal?: AbortSignal): Promise<Job> {
  return api.get<Job>(`/jobs/${encodeURIComponent(id)}`, signal ? { signal } : {});
}

/** `POST /api/v1/jobs/{id}/cancel`: a queued job stops at once, a running one between pages. */
export function cancelJob(id: string): Promise<Job> {
  return api.post<Job>(`/jobs/${encodeURIComponent(id)}/cancel`);
}

/** `GET /api/v1/jobs/{id}/result`: the file a succeeded job made, with its headers. */
export function getJobResult(id: string, signal?: AbortSignal): Promise<{ blob: Blob; headers: Headers }> {
  return api.getFile(`/jobs/${encodeURIComponent(id)}/result`, signal ? { signal } : {});
}

/** How often a job's status is asked while it runs. */
export const JOB_POLL_MS = 1000;

/**
 * Asks for the job every `intervalMs` until it finishes, telling `onUpdate` each answer; answers
 * the finished job. Stops (rejecting with the abort) when `signal` aborts.
 */
export async function waitForJob(
  id: string,
  onUpdate: (job: Job) => void,
  { signal, intervalMs = JOB_POLL_MS }: { signal?: AbortSignal; intervalMs?: number } = {},
): Promise<Job> {
  for (;;) {
    const job = await getJob(id, signal);
    onUpdate(job);
    if (isFinished(job)) return job;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
    });
  }
}
