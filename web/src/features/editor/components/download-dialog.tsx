/**
 * Download: the formats and sizes the user's plan allows. Free users (premium model on) get PNG
 * or JPEG with a watermark, or without it for one credit; premium users every format, PDF at
 * 300 DPI. The server renders the saved design and decides again (402 `premium_required`,
 * 409 `insufficient_credits`), so the dialog is never the only guard.
 */
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';

import { exportDesign, type ExportFormat, type ExportResult, type PaperSize } from '../api/designs';
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

export function DownloadDialog({ open, onClose, designId, designName, plan, beforeExport, onUpgrade, onCreditSpent, saveFile = browserSave }: Props) {
  const [format, setFormat] = useState<ExportFormat>('png');
  const [ratio, setRatio] = useState(1);
  const [paper, setPaper] = useState<PaperSize>('a4');
  const [useCredit, setUseCredit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const chosen = FORMAT_OPTIONS.find((o) => o.format === format);
  const locked = chosen?.premiumOnly === true && !plan.premium;

  const download = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await beforeExport();
      const result = await exportDesign({
        designId,
        format,
        ...(format === 'pdf' ? { dpi: 300, paper } : format === 'svg' ? {} : { pixelRatio: ratio }),
        ...(useCredit && !plan.premium ? { spendCredit: true } : {}),
      });
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
      setError(caught instanceof Error ? caught.message : 'The download failed. Try again.');
    } finally {
      setBusy(false);
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
        {busy ? (
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
