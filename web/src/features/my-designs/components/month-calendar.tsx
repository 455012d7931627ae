import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';

import { CloseIcon } from '@/components/ui/icons';

import type { CalendarMonth, DesignSummary, Occasion } from '../api/my-designs';
import { addDays, dayNumber, fullDate, monthOf, monthTitle, weekdayHeaders } from '../lib/dates';
import { DESIGN_DRAG_TYPE, draggedDesignId, startDesignDrag } from '../lib/drag';

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
 * design or a design on another day can be dropped on a day.
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
              dropTarget === day ? styles.dropTarget : '',
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
                  <ScheduledChip key={design.id} design={design} openHref={openHref} onUnschedule={onUnschedule} />
                ))}
              </div>
            );
          })}
        </div>
      ))}
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
  openHref,
  onUnschedule,
}: {
  design: DesignSummary;
  openHref: (id: string) => string;
  onUnschedule: (design: DesignSummary) => void;
}) {
  return (
    <span
      className={styles.chip}
      draggable
      data-design-id={design.id}
      onDragStart={(event) => startDesignDrag(event.dataTransfer, design.id)}
    >
      <Link className={styles.chipName} to={openHref(design.id)} aria-label={`Open ${design.name}`}>
        {design.name}
      </Link>
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

/** Upcoming occasions as suggestions: "New Month tomorrow — 6 templates". */
export function occasionSuggestion(occasion: Occasion, when: string): string {
  return `${occasion.name} ${when} — ${templatesLabel(occasion.template_count)}`;
}
