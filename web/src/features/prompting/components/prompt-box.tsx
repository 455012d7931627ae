import { useId, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';

import { MAX_PROMPT_LENGTH } from '../api/prompt-designs';

import styles from './prompting.module.css';

type PromptBoxProps = {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  busy: boolean;
  /** `panel`: the editor's narrow left panel (the button under the box). */
  layout?: 'page' | 'panel';
};

export const PROMPT_LABEL = 'Describe your design';
export const PROMPT_EXAMPLE = "e.g. Flyer for my mum's 60th birthday, Saturday 14 March at Eko Hotel, Lagos";

/** The prompt: one sentence about the design wanted; Enter sends it (Shift+Enter is a new line). */
export function PromptBox({ value, onChange, onSubmit, busy, layout = 'page' }: PromptBoxProps) {
  const id = useId();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!value.trim() || busy) return;
    onSubmit();
  };
  return (
    <form className={`${styles.box} ${layout === 'panel' ? styles.boxPanel : ''}`} aria-label={PROMPT_LABEL} onSubmit={submit}>
      <label htmlFor={`${id}-prompt`} className={styles.boxLabel}>
        {PROMPT_LABEL}
      </label>
      <div className={styles.boxRow}>
        <textarea
          id={`${id}-prompt`}
          className={styles.textarea}
          value={value}
          rows={2}
          maxLength={MAX_PROMPT_LENGTH}
          placeholder={PROMPT_EXAMPLE}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
          }}
        />
        <Button type="submit" size="lg" className={styles.submit} disabled={busy || !value.trim()}>
          {busy ? 'Designing…' : 'Design it'}
        </Button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        Say what it is for and the details to put on it: names, date, venue, phone.
      </p>
    </form>
  );
}
