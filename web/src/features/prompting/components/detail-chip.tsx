import { useEffect, useId, useRef, useState } from 'react';

import { MAX_CORRECTION_LENGTH, type UnderstoodField } from '../api/prompt-designs';

import styles from './prompting.module.css';

type DetailChipProps = {
  field: Pick<UnderstoodField, 'key' | 'label'>;
  /** The detail as it stands (the person's correction, else what was understood). */
  value: string;
  /** Id of the text that says how to correct a detail. */
  describedBy?: string;
  onSave: (value: string) => void;
};

/**
 * One understood detail: a button ("Venue: Eko Hotel") that turns into a text input. Enter (or
 * leaving the input) saves, Escape cancels; either way the focus goes back to the button. An
 * empty value leaves the detail out.
 */
export function DetailChip({ field, value, describedBy, onSave }: DetailChipProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const finished = useRef(true);
  const returnFocus = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) {
      inputRef.current?.focus();
      inputRef.current?.select();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [editing]);

  const finish = (save: boolean, refocus: boolean) => {
    if (finished.current) return;
    finished.current = true;
    returnFocus.current = refocus;
    if (save && draft.trim() !== value) onSave(draft.trim());
    setEditing(false);
  };

  if (editing) {
    return (
      <span className={`${styles.chip} ${styles.chipEditing}`}>
        <label htmlFor={`${id}-input`} className={styles.chipLabel}>
          {field.label}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className={styles.chipInput}
          value={draft}
          maxLength={MAX_CORRECTION_LENGTH}
          enterKeyHint="done"
          aria-describedby={describedBy}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(true, true);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              finish(false, true);
            }
          }}
          onBlur={() => finish(true, false)}
        />
      </span>
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.chip}
      aria-label={`${field.label}: ${value || 'left out'}`}
      aria-describedby={describedBy}
      onClick={() => {
        setDraft(value);
        finished.current = false;
        setEditing(true);
      }}
    >
      <span className={styles.chipLabel}>{field.label}</span>{' '}
      <span className={value ? styles.chipValue : styles.chipEmpty}>{value || 'left out'}</span>
      <svg className={styles.chipIcon} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 20h9" />
        <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
      </svg>
    </button>
  );
}
