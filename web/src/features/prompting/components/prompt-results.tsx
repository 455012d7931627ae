import { useId } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

import { previewSrc, type Corrections, type PromptDesigns, type PromptedDesign } from '../api/prompt-designs';

import { DetailChip } from './detail-chip';
import styles from './prompting.module.css';

/** Cards drawn per round (the server's `RESULTS_PER_ROUND`). */
export const CARDS_PER_ROUND = 4;

type PromptResultsProps = {
  answer: PromptDesigns | null;
  /** The cards shown (the last round's when the server has no more). */
  designs: readonly PromptedDesign[];
  corrections: Corrections;
  onCorrect: (key: string, value: string) => void;
  /** `ask` (a new prompt: skeletons replace the cards), `more` (the next four), or nothing. */
  busy: 'ask' | 'more' | null;
  /** The template being opened, or waiting for the person to sign in. */
  opening: string | null;
  onMore: () => void;
  onUse: (design: PromptedDesign) => void;
  layout?: 'page' | 'panel';
};

/** "date, venue and phone". */
function listOf(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`;
}

/** What was understood (each detail a chip to correct) and the designs, four at a time. */
export function PromptResults({ answer, designs, corrections, onCorrect, busy, opening, onMore, onUse, layout = 'page' }: PromptResultsProps) {
  const id = useId();
  const drawing = busy !== null;
  const fields = answer?.understood.fields ?? [];
  const understood = answer ? [answer.understood.sub_category, answer.understood.category, answer.understood.format].filter(Boolean) : [];
  const corrected = Object.keys(corrections).length > 0;
  // The details a card holds, in the order the chips show them.
  const filledLabels = (design: PromptedDesign) => [
    ...fields.filter((field) => design.filled.includes(field.key)).map((field) => field.label.toLowerCase()),
    ...design.filled.filter((key) => !fields.some((field) => field.key === key)),
  ];

  return (
    <div className={`${styles.results} ${layout === 'panel' ? styles.resultsPanel : ''}`}>
      {answer && fields.length > 0 ? (
        <section className={styles.understood} aria-labelledby={`${id}-understood`}>
          <h3 id={`${id}-understood`} className={styles.understoodTitle}>
            What we understood{understood.length > 0 ? <span className={styles.reading}> · {understood.join(' · ')}</span> : null}
          </h3>
          <p id={`${id}-chip-hint`} className={styles.hint}>
            Select a detail to correct it: Enter saves, Escape cancels.
          </p>
          <ul className={styles.chips}>
            {fields.map((field) => (
              <li key={field.key}>
                <DetailChip
                  field={field}
                  value={corrections[field.key] ?? field.value}
                  describedBy={`${id}-chip-hint`}
                  onSave={(value) => onCorrect(field.key, value)}
                />
              </li>
            ))}
          </ul>
          {corrected ? <p className={styles.hint}>Your corrections go into the next four and the design you choose.</p> : null}
        </section>
      ) : null}

      <ul className={styles.grid} aria-label="Designs for your prompt" aria-busy={drawing}>
        {busy === 'ask' || (drawing && designs.length === 0)
          ? Array.from({ length: CARDS_PER_ROUND }, (_, index) => (
              <li key={index} className={styles.card} aria-hidden="true">
                <Skeleton className={styles.preview} />
                <Skeleton height={14} width="70%" />
                <Skeleton height={44} />
              </li>
            ))
          : designs.map((design) => (
              <li key={design.template_id} className={`${styles.card} ${busy === 'more' ? styles.cardStale : ''}`}>
                <div className={styles.preview}>
                  <img src={previewSrc(design.preview_url)} alt={`${design.name}, filled with your details`} loading="lazy" decoding="async" />
                  {design.is_premium ? (
                    <Badge tone="premium" className={styles.premium}>
                      Premium
                    </Badge>
                  ) : null}
                </div>
                <p className={styles.cardName}>{design.name}</p>
                {design.filled.length > 0 ? (
                  <p className={styles.filled}>With your {listOf(filledLabels(design))}</p>
                ) : null}
                <Button
                  className={styles.use}
                  aria-label={`${opening === design.template_id ? 'Opening' : 'Use this design'}: ${design.name}`}
                  onClick={() => onUse(design)}
                  disabled={opening !== null || drawing}
                >
                  {opening === design.template_id ? 'Opening…' : 'Use this design'}
                </Button>
              </li>
            ))}
      </ul>

      {answer && (answer.has_more || busy === 'more') ? (
        // aria-disabled rather than disabled while drawing, so the focus stays on the button.
        <Button
          variant="secondary"
          size="lg"
          className={styles.more}
          aria-disabled={drawing || opening !== null}
          onClick={() => {
            if (!drawing && opening === null) onMore();
          }}
        >
          {busy === 'more' ? 'Drawing four more…' : 'Show me four more'}
        </Button>
      ) : null}
    </div>
  );
}
