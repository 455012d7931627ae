/**
 * Download: the formats and sizes the user's plan allows. Free users (premium model on) get PNG
 * or JPEG with a watermark, or without it for one credit; premium users every format, PDF at
 * 300 DPI. The server renders the saved design and decides again (402 `premium_required`,
 * 409 `insufficient_credits`), so the dialog is never the only guard.
 *
 * A large download (many pages, print DPI) is answered 202 with a background job: the dialog
 * then shows its progress with a Cancel button, asks for its status every second, and saves
 * the job's file when it is done (or shows why it failed).
 */
import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import { exportDesign, exportResult, type ExportFormat, type ExportResult, type PaperSize } from '../api/designs';
import { cancelJob, getJobResult, type Job, waitForJob } from '../api/jobs';
import styles from './editor.module.css';

/** What a free download carries, exactly as the renderer draws it (adapters/render/watermark.py). */
export const WATERMARK_NOTICE = 'Free downloads carry a designcore mark in the corner and a light pattern over the design.';

export type DownloadPlan = {
  /** Active premium, or the premium model is off (everything is allowed). */
  premium: boolean;
  credits: number;
};

type Props = {
  open: boolean;
  onClose: () => void;
  designId: string;
  designName: string;
  plan: DownloadPlan;
  /** Saves pending changes first, so the download is what the canvas shows. */
  beforeExport: () => Promise<void>;
  onUpgrade: () => void;
  /** Called after a credit was spent (the profile's balance changed). */
  onCreditSpent?: () => void;
  /** Saves the file (tests pass their own). */
  saveFile?: (result: ExportResult, filename: string) => void;
  /** How often a large download's job is asked about (tests make it short). */
  pollMs?: number;
};

type FormatOption = { format: ExportFormat; label: string; premiumOnly: boolean };

export const FORMAT_OPTIONS: FormatOption[] = [
  { format: 'png', label: 'PNG', premiumOnly: false },
  { format: 'jpeg', label: 'JPEG', premiumOnly: false },
  { format: 'pdf', label: 'PDF (print, 300 DPI)', premiumOnly: true },
  { format: 'svg', label: 'SVG', premiumOnly: true },
];

export const SIZE_OPTIONS = [
  { ratio: 1, label: 'Standard (1×)' },
  { ratio: 2, label: 'Large (2×)' },
];

const PAPER_OPTIONS: ReadonlyArray<{ paper: PaperSize; label: string }> = [
  { paper: 'design', label: 'Design size' },
  { paper: 'a5', label: 'A5' },
  { paper: 'a4', label: 'A4' },
  { paper: 'a3', label: 'A3' },
  { paper: 'letter', label: 'Letter' },
];

/** The file name: the design's name with the format's extension. */
export function downloadName(designName: string, serverName: string, format: ExportFormat): string {
  const extension = serverName.split('.').pop() ?? format;
  if (serverName.endsWith('.zip')) return `${slugify(designName)}.zip`;
  return `${slugify(designName)}.${extension === 'jpg' ? 'jpg' : extension}`;
}

function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'design'
  );
}

function browserSave(result: ExportResult, filename: string): void {
  const url = URL.createObjectURL(result.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why a job failed, in words for the user. */
function jobFailure(job: Job): string {
  return job.error?.message ? `The download failed: ${job.error.message}` : 'The download failed. Try again.';
}

export function DownloadDialog({
  open,
  onClose,
  designId,
  designName,
  plan,
  beforeExport,
  onUpgrade,
  onCreditSpent,
  saveFile = browserSave,
  pollMs,
}: Props) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [ratio, setRatio] = useState(1);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [useCredit, setUseCredit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const watching = useRef<AbortController | null>(null);

  // Stop asking for the job's status once the dialog goes away.
  useEffect(() => () => watching.current?.abort(), []);

  const chosen = FORMAT_OPTIONS.find((o) => o.format === format);
  const locked = chosen?.premiumOnly === true && !plan.premium;

  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await beforeExport();
      const outcome = await exportDesign({
        designId,
        format,
        ...(format === 'pdf' ? { dpi: 300, paper } : format === 'svg' ? {} : { pixelRatio: ratio }),
        ...(useCredit && !plan.premium ? { spendCredit: true } : {}),
      });
      let result: ExportResult;
      if (outcome.kind === 'job') {
        const made = await followJob(outcome.job);
        if (made === null) return;
        result = made;
      } else {
        result = outcome.result;
      }
      const filename = downloadName(designName, result.filename, format);
      saveFile(result, filename);
      if (result.creditsSpent > 0) onCreditSpent?.();
      setDone(result.watermark ? `Downloaded ${filename} (with watermark)` : `Downloaded ${filename}`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === 'premium_required') {
        onClose();
        onUpgrade();
        return;
      }
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(caught instanceof Error ? caught.message : 'The download failed. Try again.');
    } finally {
      setBusy(false);
      setJob(null);
      setCancelling(false);
    }
  };

  /** Follows a background job to its end: its file when it succeeded, `null` when it was
   * cancelled; throws with the job's reason when it failed. */
  const followJob = async (started: Job): Promise<ExportResult | null> => {
    const controller = new AbortController();
    watching.current?.abort();
    watching.current = controller;
    setJob(started);
    const finished = await waitForJob(started.id, setJob, { signal: controller.signal, ...(pollMs === undefined ? {} : { intervalMs: pollMs }) });
    if (finished.state === 'cancelled') {
      setDone('Download cancelled');
      return null;
    }
    if (finished.state === 'failed') throw new Error(jobFailure(finished));
    const { blob, headers } = await getJobResult(finished.id, controller.signal);
    const made = exportResult(blob, headers, finished.result_filename ?? `design.${format}`);
    // The job's file has no export headers: what the job was asked decides them.
    return { ...made, watermark: !plan.premium && !useCredit, creditsSpent: !plan.premium && useCredit ? 1 : 0 };
  };

  const cancel = async () => {
    if (job === null) return;
    setCancelling(true);
    try {
      setJob(await cancelJob(job.id));
    } catch (caught) {
      // A job that finished meanwhile (409 job_finished) ends the wait by itself.
      if (!(caught instanceof ApiError && caught.code === 'job_finished')) {
        setError(caught instanceof Error ? caught.message : 'The download could not be cancelled.');
      }
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Download" size="sm">
      <div className={styles.download}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.label}>Format</legend>
          {FORMAT_OPTIONS.map((option) => (
            <label key={option.format} className={styles.choice}>
              <input type="radio" name="format" value={option.format} checked={format === option.format} onChange={() => setFormat(option.format)} />
              {option.label}
              {option.premiumOnly && !plan.premium ? <span className={styles.badge}>Premium</span> : null}
            </label>
          ))}
        </fieldset>
        {format === 'png' || format === 'jpeg' ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>Size</legend>
            {SIZE_OPTIONS.map((option) => (
              <label key={option.ratio} className={styles.choice}>
                <input type="radio" name="size" checked={ratio === option.ratio} onChange={() => setRatio(option.ratio)} />
                {option.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        {format === 'pdf' ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.label}>Paper</legend>
            {PAPER_OPTIONS.map((option) => (
              <label key={option.paper} className={styles.choice}>
                <input type="radio" name="paper" checked={paper === option.paper} onChange={() => setPaper(option.paper)} />
                {option.label}
              </label>
            ))}
            <p className={styles.paperHint}>
              {paper === 'design'
                ? 'The page is the design’s own size: a 1080 × 1350 px post is 15 × 18.75 in.'
                : 'The design is fitted on the paper, centred, turned to its orientation.'}
            </p>
          </fieldset>
        ) : null}
        {!plan.premium ? (
          <div className={styles.notice}>
            <p>{WATERMARK_NOTICE}</p>
            {plan.credits > 0 ? (
              <label className={styles.choice}>
                <input type="checkbox" checked={useCredit} onChange={(e) => setUseCredit(e.currentTarget.checked)} />
                Use a credit for this download without watermark ({plan.credits} left)
              </label>
            ) : null}
            <Button variant="secondary" size="sm" className={styles.wrapButton} onClick={onUpgrade}>
              Upgrade to Premium for no watermark, PDF and SVG
            </Button>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        {busy && job !== null ? (
          <div className={styles.progress}>
            <progress max={100} value={job.progress} aria-label="Download progress" />
            <span role="status">
              {job.state === 'queued' ? 'Waiting for its turn…' : cancelling || job.cancel_requested ? 'Cancelling…' : `Preparing your file… ${job.progress}%`}
            </span>
            <Button variant="secondary" size="sm" onClick={() => void cancel()} disabled={cancelling || job.cancel_requested}>
              Cancel
            </Button>
          </div>
        ) : busy ? (
          <p className={styles.progress}>
            <Spinner size="sm" label="Preparing your file" /> Preparing your file…
          </p>
        ) : null}
        <div className={styles.buttonRow}>
          {locked ? (
            <Button onClick={onUpgrade}>Upgrade to download {chosen?.label.split(' ')[0]}</Button>
          ) : (
            <Button onClick={() => void download()} disabled={busy}>
              Download
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
