import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { CloseIcon } from '@/components/ui/icons';

import type { CalendarMonth, DesignSummary, Occasion } from '../api/my-designs';
import { addDays, dayNumber, fullDate, monthOf, monthTitle, weekdayHeaders } from '../lib/dates';
import { DESIGN_DRAG_TYPE, draggedDesignId, startDesignDrag } from '../lib/drag';
import { carryKey, pickUp, type Carry } from '../lib/keyboard-move';

import styles from './my-designs.module.css';

export type CalendarLinks = {
  /** Where "open" goes for a design (the editor). */
  openHref: (designId: string) => string;
  /** The template search of an occasion. */
  searchHref: (term: string) => string;
};

type Props = CalendarLinks & {
  calendar: CalendarMonth;
  /** Designs scheduled on the grid's days. */
  scheduled: DesignSummary[];
  /** A design was dropped on `day`. */
  onSchedule: (designId: string, day: string) => void;
  /** Take a design off the calendar. */
  onUnschedule: (design: DesignSummary) => void;
};

function templatesLabel(count: number): string {
  return `${count} template${count === 1 ? '' : 's'}`;
}

/** "Thursday 1 October 2026, today, Independence Day, New Month, 2 designs". */
export function dayLabel(day: string, today: string, occasions: Occasion[], designs: DesignSummary[]): string {
  const parts = [fullDate(day)];
  if (day === today) parts.push('today');
  parts.push(...occasions.map((o) => o.name));
  if (designs.length > 0) parts.push(`${designs.length} design${designs.length === 1 ? '' : 's'}`);
  return parts.join(', ');
}

function groupByDay<T>(items: T[], dayOf: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const day = dayOf(item);
    if (!day) continue;
    map.set(day, [...(map.get(day) ?? []), item]);
  }
  return map;
}

/**
 * The month as an ARIA grid: a row per week, a gridcell per day labelled with its full date, its
 * occasions and how many designs it holds. One day is in the tab order; the arrow keys move
 * between days (a week up and down), Home and End to the week's ends. A design card, an unscheduled
 * design or a design on another day can be dropped on a day. Without a mouse, a scheduled design's
 * Move button picks it up (Enter or Space), the arrow keys choose its new day, Enter drops it and
 * Escape cancels; a live region says each step (`../lib/keyboard-move`).
 */
export function MonthCalendar({ calendar, scheduled, onSchedule, onUnschedule, openHref, searchHref }: Props) {
  const days = calendar.weeks.flat();
  const occasions = groupByDay(calendar.occasions, (o) => o.date);
  const designs = groupByDay(scheduled, (d) => d.scheduled_for);
  const inGrid = (day: string) => days.includes(day);
  const initial = inGrid(calendar.today) ? calendar.today : (days.find((d) => monthOf(d) === calendar.month) ?? days[0] ?? '');
  const [active, setActive] = useState(initial);
  const focusDay = inGrid(active) ? active : initial;
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [carry, setCarry] = useState<Carry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** A design just dropped by keyboard: its Move button gets the focus once it shows on its new day. */
  const refocus = useRef<{ designId: string; day: string } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const button = gridRef.current?.querySelector<HTMLElement>(
      `[data-day="${wanted.day}"] [data-design-id="${wanted.designId}"] [data-move]`,
    );
    if (!button) return;
    refocus.current = null;
    button.focus();
  }, [scheduled]);

  function onMoveKey(event: KeyboardEvent<HTMLButtonElement>, design: DesignSummary, day: string) {
    if (carry === null || carry.designId !== design.id) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      const started = pickUp(design.id, design.name, day);
      setCarry(started.carry);
      setAnnouncement(started.announce);
      return;
    }
    const step = carryKey(carry, event.key, days);
    if (step.kind === 'ignore') return;
    event.preventDefault();
    event.stopPropagation();
    setAnnouncement(step.announce);
    if (step.kind === 'carry') {
      setCarry(step.carry);
      return;
    }
    setCarry(null);
    if (step.kind === 'drop') {
      refocus.current = { designId: step.designId, day: step.day };
      onSchedule(step.designId, step.day);
    }
  }

  function cancelCarry() {
    if (carry === null) return;
    setAnnouncement(`Move cancelled. ${carry.name} stays on ${fullDate(carry.from)}.`);
    setCarry(null);
  }

  function moveTo(day: string) {
    if (!inGrid(day)) return;
    setActive(day);
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>, day: string) {
    if (event.target !== event.currentTarget) return;
    const index = days.indexOf(day);
    const column = index % 7;
    const moves: Record<string, string | undefined> = {
      ArrowLeft: addDays(day, -1),
      ArrowRight: addDays(day, 1),
      ArrowUp: addDays(day, -7),
      ArrowDown: addDays(day, 7),
      Home: days[index - column],
      End: days[index - column + 6],
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  }

  function onDragOver(event: DragEvent<HTMLElement>, day: string) {
    if (!event.dataTransfer.types.includes(DESIGN_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (dropTarget !== day) setDropTarget(day);
  }

  function onDrop(event: DragEvent<HTMLElement>, day: string) {
    const id = draggedDesignId(event.dataTransfer);
    setDropTarget(null);
    if (!id) return;
    event.preventDefault();
    onSchedule(id, day);
  }

  return (
    <div
      ref={gridRef}
      role="grid"
      aria-label={`Calendar, ${monthTitle(calendar.year, calendar.month)}`}
      aria-readonly="true"
      className={styles.grid}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropTarget(null);
      }}
    >
      <div role="row" className={styles.weekdays}>
        {weekdayHeaders.map(([short, full]) => (
          <div key={short} role="columnheader" aria-label={full} className={styles.weekday}>
            {short}
          </div>
        ))}
      </div>
      {calendar.weeks.map((week) => (
        <div role="row" key={week[0]} className={styles.week}>
          {week.map((day) => {
            const dayOccasions = occasions.get(day) ?? [];
            const dayDesigns = designs.get(day) ?? [];
            const classes = [
              styles.day,
              monthOf(day) === calendar.month ? '' : styles.outside,
              day === calendar.today ? styles.today : '',
              dropTarget === day || carry?.to === day ? styles.dropTarget : '',
              dayOccasions.some((o) => o.kind === 'public_holiday') ? styles.holiday : '',
            ];
            return (
              <div
                key={day}
                role="gridcell"
                data-day={day}
                tabIndex={day === focusDay ? 0 : -1}
                aria-label={dayLabel(day, calendar.today, dayOccasions, dayDesigns)}
                aria-current={day === calendar.today ? 'date' : undefined}
                className={classes.filter(Boolean).join(' ')}
                onKeyDown={(event) => onKeyDown(event, day)}
                onFocus={(event) => {
                  if (event.target === event.currentTarget) setActive(day);
                }}
                onDragOver={(event) => onDragOver(event, day)}
                onDrop={(event) => onDrop(event, day)}
              >
                <span className={styles.dayNumber} aria-hidden="true">
                  {dayNumber(day)}
                </span>
                {dayOccasions.map((occasion) => (
                  <OccasionMark key={occasion.name} occasion={occasion} searchHref={searchHref} />
                ))}
                {dayDesigns.map((design) => (
                  <ScheduledChip
                    key={design.id}
                    design={design}
                    carried={carry?.designId === design.id}
                    openHref={openHref}
                    onUnschedule={onUnschedule}
                    onMoveKey={(event) => onMoveKey(event, design, day)}
                    onMoveClick={() => {
                      const started = pickUp(design.id, design.name, day);
                      setCarry(started.carry);
                      setAnnouncement(started.announce);
                    }}
                    onMoveBlur={cancelCarry}
                  />
                ))}
              </div>
            );
          })}
        </div>
      ))}
      <p className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}

export function OccasionMark({ occasion, searchHref }: { occasion: Occasion; searchHref: (term: string) => string }) {
  const className = `${styles.occasion} ${occasion.kind === 'public_holiday' ? styles.holidayMark : ''}`;
  if (occasion.template_count === 0) return <span className={className}>{occasion.name}</span>;
  return (
    <Link
      className={className}
      to={searchHref(occasion.search)}
      aria-label={`${occasion.name} — ${templatesLabel(occasion.template_count)}`}
      title={`${occasion.name}: ${templatesLabel(occasion.template_count)}`}
    >
      {occasion.name}
    </Link>
  );
}

function ScheduledChip({
  design,
  carried,
  openHref,
  onUnschedule,
  onMoveKey,
  onMoveClick,
  onMoveBlur,
}: {
  design: DesignSummary;
  carried: boolean;
  openHref: (id: string) => string;
  onUnschedule: (design: DesignSummary) => void;
  onMoveKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onMoveClick: () => void;
  onMoveBlur: () => void;
}) {
  return (
    <span
      className={`${styles.chip} ${carried ? styles.chipCarried : ''}`}
      draggable
      data-design-id={design.id}
      onDragStart={(event) => startDesignDrag(event.dataTransfer, design.id)}
    >
      <Link className={styles.chipName} to={openHref(design.id)} aria-label={`Open ${design.name}`}>
        {design.name}
      </Link>
      <button
        type="button"
        data-move=""
        className={styles.chipRemove}
        aria-label={`Move ${design.name}`}
        aria-pressed={carried}
        title="Move: Enter picks it up, arrow keys choose a day, Enter drops, Escape cancels"
        onKeyDown={onMoveKey}
        onClick={(event) => {
          // Keyboard activation is handled on keydown; a pointer click picks it up too.
          if (event.detail > 0 && !carried) onMoveClick();
        }}
        onBlur={() => {
          if (carried) onMoveBlur();
        }}
      >
        <MoveIcon />
      </button>
      <button
        type="button"
        className={styles.chipRemove}
        aria-label={`Remove ${design.name} from the calendar`}
        onClick={() => onUnschedule(design)}
      >
        <CloseIcon size={12} />
      </button>
    </span>
  );
}

function MoveIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={12} height={12} fill="currentColor">
      <path d="M12 2l3.5 3.5H13V11h5.5V8.5L22 12l-3.5 3.5V13H13v5.5h2.5L12 22l-3.5-3.5H11V13H5.5v2.5L2 12l3.5-3.5V11H11V5.5H8.5z" />
    </svg>
  );
}

/** Upcoming occasions as suggestions: "New Month tomorrow — 6 templates". */
export function occasionSuggestion(occasion: Occasion, when: string): string {
  return `${occasion.name} ${when} — ${templatesLabel(occasion.template_count)}`;
}
