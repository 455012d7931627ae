import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast-store';

import {
  createProblemReport,
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_TYPES,
  uploadScreenshot,
} from '../api/problem-reports';

import styles from './report-problem-dialog.module.css';

export type ReportProblemFormDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in user (the screenshot goes to their folder); null when signed out. */
  userId: string | null;
};

export const MAX_DESCRIPTION_LENGTH = 5000;

/**
 * "Report a Problem": what happened and an optional screenshot, stored on the server with the
 * page's address and the user (admins see it in Site Settings).
 */
export function ReportProblemFormDialog({ open, onClose, userId }: ReportProblemFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Report a Problem" description="Tell us what went wrong and we'll look into it.">
      {userId ? <ReportForm userId={userId} onDone={onClose} /> : <p>Please sign in to report a problem.</p>}
    </Dialog>
  );
}

function ReportForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const choose = (chosen: File | null) => {
    setError(null);
    if (chosen && !SCREENSHOT_TYPES.includes(chosen.type)) {
      setFile(null);
      setError('The screenshot must be a PNG, JPEG, WebP or AVIF image.');
      return;
    }
    if (chosen && chosen.size > MAX_SCREENSHOT_BYTES) {
      setFile(null);
      setError('The screenshot must be at most 10 MB.');
      return;
    }
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = description.trim();
    if (!text) {
      setFieldError('Please describe what happened.');
      return;
    }
    setFieldError(null);
    setError(null);
    setSending(true);
    try {
      const screenshotKey = file ? await uploadScreenshot(userId, file) : undefined;
      await createProblemReport({
        description: text,
        page_url: globalThis.location.href,
        ...(screenshotKey ? { screenshot_key: screenshotKey } : {}),
      });
      toast.success('Report sent', 'Thank you! We will look into it.');
      onDone();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-what`} className={styles.label}>
          What happened?
        </label>
        <textarea
          id={`${id}-what`}
          className={styles.textarea}
          rows={5}
          maxLength={MAX_DESCRIPTION_LENGTH}
          required
          value={description}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-what-error` : undefined}
          onChange={(event) => setDescription(event.target.value)}
          placeholder="What were you doing, and what went wrong?"
        />
        {fieldError ? (
          <p id={`${id}-what-error`} className={styles.error}>
            {fieldError}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-shot`} className={styles.label}>
          Screenshot (optional)
        </label>
        <input
          id={`${id}-shot`}
          type="file"
          accept={SCREENSHOT_TYPES.join(',')}
          className={styles.file}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}
