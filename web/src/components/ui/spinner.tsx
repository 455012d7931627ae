import styles from './spinner.module.css';

type SpinnerProps = {
  size?: 'sm' | 'md';
  label?: string;
};

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={`${styles.spinner} ${size === 'sm' ? styles.small : ''}`} />
  );
}

/** A centred spinner filling the page area, shown while a lazy page loads. */
export function PageSpinner() {
  return (
    <div className={styles.wrapper}>
      <Spinner label="Loading page" />
    </div>
  );
}
