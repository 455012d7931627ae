import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { ArrowRightIcon, CloseIcon, SearchIcon } from '@/components/ui/icons';

import styles from './template-search.module.css';

/**
 * The hero search box. Enter or the arrow button opens /templates?search={term} for a
 * non-blank trimmed term; a blank term does nothing. The clear button empties the box.
 */
export function TemplateSearch({ initialTerm = '' }: { initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed === '') return;
    void navigate(paths.templates.getHref(trimmed));
  };

  return (
    <form role="search" className={styles.form} onSubmit={onSubmit}>
      <SearchIcon className={styles.searchIcon} size={20} />
      <input
        ref={input}
        className={styles.input}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        aria-label="Search templates"
        placeholder="Browse hundreds of templates"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
      />
      {term !== '' && (
        <button
          type="button"
          className={styles.clear}
          aria-label="Clear search"
          onClick={() => {
            setTerm('');
            input.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </button>
      )}
      <button type="submit" className={styles.submit} aria-label="Search">
        <ArrowRightIcon size={20} />
      </button>
    </form>
  );
}
