import { useDeferredValue, useState, type DragEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon } from '@/components/ui/icons';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toaster';
import { useMediaQuery } from '@/lib/media-query';

import {
  useCalendarMonth,
  useDesignActions,
  useDesignList,
  useScheduled,
  type CalendarMonth,
  type DesignSummary,
  type Occasion,
} from '../api/my-designs';
import { daysBetween, fullDate, monthTitle, relativeDay, shiftMonth } from '../lib/dates';
import { draggedDesignId, DESIGN_DRAG_TYPE, startDesignDrag } from '../lib/drag';

import { DesignCard } from './design-card';
import { MonthCalendar, OccasionMark, occasionSuggestion, type CalendarLinks } from './month-calendar';
import { ScheduleDialog } from './schedule-dialog';

import styles from './my-designs.module.css';

/** Phones get the calendar as a list. */
export const PHONE_QUERY = '(max-width: 640px)';

/** How long a deleted design can be restored (the API's 30 s). */
export const UNDO_SECONDS = 30;

type Props = CalendarLinks & {
  /** Where "Create a design" goes when there are none. */
  newDesignHref: string;
  /** The user's saved IANA time zone: the calendar's today and weeks. */
  timeZone: string;
};

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * My Designs: the user's designs (newest edit first, searchable) beside a month calendar. A
 * design gets a day by being dragged onto it, or with its Schedule button (a date picker); the
 * calendar's days show the designs scheduled on them, and the holidays and common dates with a
 * link to matching templates.
 */
export function MyDesigns({ openHref, searchHref, newDesignHref, timeZone }: Props) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [pages, setPages] = useState(1);
  const [month, setMonth] = useState<{ year: number; month: number } | null>(null);
  const [scheduling, setScheduling] = useState<DesignSummary | null>(null);
  const tz = timeZone;
  const phone = useMediaQuery(PHONE_QUERY);

  const list = useDesignList(term, pages, true);
  const calendar = useCalendarMonth(month?.year ?? null, month?.month ?? null, tz);
  const weeks = calendar.data?.weeks;
  const first = weeks?.[0]?.[0] ?? null;
  const last = weeks?.at(-1)?.at(-1) ?? null;
  const scheduled = useScheduled(first, last, true);
  // Near the end of this month, the coming week's occasions are partly in the next one.
  const todayShown = calendar.data?.weeks.flat().includes(calendar.data.today) ?? false;
  const following = calendar.data ? shiftMonth(Number(calendar.data.today.slice(0, 4)), Number(calendar.data.today.slice(5, 7)), 1) : null;
  const needsNext = todayShown && last !== null && calendar.data !== undefined && daysBetween(calendar.data.today, last) < 7;
  const nextMonth = useCalendarMonth(following?.year ?? null, following?.month ?? null, tz, needsNext);
  const unscheduledAll = useDesignList('', 1, true);
  const actions = useDesignActions();
  const [scheduleNote, setScheduleNote] = useState<string | null>(null);

  const designs = list.data?.items ?? [];
  const unscheduled = (unscheduledAll.data?.items ?? []).filter((d) => d.scheduled_for === null);
  const shown = calendar.data;

  async function schedule(id: string, day: string | null) {
    const known = [...designs, ...(scheduled.data ?? [])].find((d) => d.id === id);
    if (known && known.scheduled_for === day) return;
    try {
      const design = await actions.schedule(id, day);
      // Said above the calendar, not in a toast: a toast at the bottom of the screen covered
      // the day just dropped on.
      setScheduleNote(day ? `“${design.name}” is on ${fullDate(day)}.` : `“${design.name}” is off the calendar.`);
    } catch (error) {
      toast.error('Could not change the day', message(error));
      throw error;
    }
  }

  async function rename(design: DesignSummary, name: string) {
    try {
      await actions.rename(design.id, name);
      toast.success(`Renamed to “${name}”`);
    } catch (error) {
      toast.error('Could not rename the design', message(error));
      throw error;
    }
  }

  async function duplicate(design: DesignSummary) {
    try {
      const copy = await actions.duplicate(design.id);
      toast.success(`Made “${copy.name}”`);
    } catch (error) {
      toast.error('Could not duplicate the design', message(error));
    }
  }

  async function remove(design: DesignSummary) {
    try {
      await actions.remove(design.id);
    } catch (error) {
      toast.error('Could not delete the design', message(error));
      return;
    }
    toast({
      title: `Deleted “${design.name}”`,
      description: `You can undo this for ${UNDO_SECONDS} seconds.`,
      duration: UNDO_SECONDS * 1000,
      action: {
        label: 'Undo',
        onClick: () => {
          actions.restore(design.id).then(
            () => toast.success(`Restored “${design.name}”`),
            (error: unknown) => toast.error('Could not restore the design', message(error)),
          );
        },
      },
    });
  }

  function goMonth(by: number) {
    if (!shown) return;
    setMonth(shiftMonth(shown.year, shown.month, by));
  }

  function onUnscheduledDrop(event: DragEvent<HTMLElement>) {
    const id = draggedDesignId(event.dataTransfer);
    if (!id) return;
    event.preventDefault();
    void schedule(id, null).catch(() => undefined);
  }

  return (
    <div className={styles.layout}>
      <section className={styles.designs} aria-labelledby="my-designs-grid">
        <div className={styles.toolbar}>
          <h2 id="my-designs-grid" className={styles.sectionTitle}>
            Designs{list.data ? <span className={styles.count}> ({list.data.total})</span> : null}
          </h2>
          <label className={styles.search}>
            <SearchIcon size={16} aria-hidden="true" />
            <span className="visually-hidden">Search your designs</span>
            <input
              type="search"
              placeholder="Search by name"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPages(1);
              }}
            />
          </label>
        </div>
        {list.error ? (
          <FormAlert>Could not load your designs: {message(list.error)}</FormAlert>
        ) : !list.data ? (
          <PageSpinner />
        ) : designs.length === 0 ? (
          term ? (
            <p className={styles.empty}>No designs are named like “{term}”.</p>
          ) : (
            <div className={styles.empty}>
              <p>You have no designs yet.</p>
              <Link className={styles.emptyLink} to={newDesignHref}>
                Find a template to start from
              </Link>
            </div>
          )
        ) : (
          <>
            <ul className={styles.cards} aria-label="Your designs">
              {designs.map((design) => (
                <DesignCard
                  key={design.id}
                  design={design}
                  openHref={openHref(design.id)}
                  onRename={rename}
                  onSchedule={setScheduling}
                  onDuplicate={(d) => void duplicate(d)}
                  onDelete={(d) => void remove(d)}
                />
              ))}
            </ul>
            {list.data.hasMore ? (
              <Button variant="secondary" onClick={() => setPages((n) => n + 1)}>
                Show more designs
              </Button>
            ) : null}
          </>
        )}
      </section>

      <section className={styles.calendarPane} aria-labelledby="my-designs-calendar">
        <div className={styles.calendarHeader}>
          <h2 id="my-designs-calendar" className={styles.sectionTitle}>
            {shown ? monthTitle(shown.year, shown.month) : 'Calendar'}
          </h2>
          <div className={styles.monthNav}>
            <Button size="sm" variant="ghost" iconOnly aria-label="Previous month" onClick={() => goMonth(-1)} disabled={!shown}>
              <ChevronLeftIcon size={18} />
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setMonth(null)} disabled={!shown}>
              Today
            </Button>
            <Button size="sm" variant="ghost" iconOnly aria-label="Next month" onClick={() => goMonth(1)} disabled={!shown}>
              <ChevronRightIcon size={18} />
            </Button>
          </div>
        </div>
        <p className={styles.scheduleNote} aria-live="polite">
          {scheduleNote}
        </p>
        {calendar.error ? (
          <FormAlert>Could not load the calendar: {message(calendar.error)}</FormAlert>
        ) : !shown ? (
          <PageSpinner />
        ) : (
          <>
            <Suggestions
              today={shown.today}
              occasions={[...shown.occasions, ...(needsNext ? (nextMonth.data?.occasions ?? []) : [])]}
              searchHref={searchHref}
            />
            {phone ? (
              <CalendarList
                calendar={shown}
                scheduled={scheduled.data ?? []}
                openHref={openHref}
                searchHref={searchHref}
                onEdit={setScheduling}
              />
            ) : (
              <MonthCalendar
                calendar={shown}
                scheduled={scheduled.data ?? []}
                openHref={openHref}
                searchHref={searchHref}
                onSchedule={(id, day) => void schedule(id, day).catch(() => undefined)}
                onUnschedule={(design) => void schedule(design.id, null).catch(() => undefined)}
              />
            )}
            <p className={styles.hint}>
              {phone
                ? 'Use Schedule on a design to give it a day.'
                : 'Drag a design onto a day, or use its Schedule button. Arrow keys move between days; a design\'s Move button picks it up, arrow keys carry it, Enter drops it.'}
            </p>
          </>
        )}
        <div
          className={styles.unscheduled}
          onDragOver={(event) => {
            if (event.dataTransfer.types.includes(DESIGN_DRAG_TYPE)) event.preventDefault();
          }}
          onDrop={onUnscheduledDrop}
        >
          <h3 className={styles.subTitle} id="my-designs-unscheduled">
            Not on the calendar
          </h3>
          {unscheduled.length === 0 ? (
            <p className={styles.hint}>Every design has a day.</p>
          ) : (
            <ul className={styles.unscheduledList} aria-labelledby="my-designs-unscheduled">
              {unscheduled.map((design) => (
                <li
                  key={design.id}
                  className={styles.unscheduledItem}
                  draggable
                  data-design-id={design.id}
                  onDragStart={(event) => startDesignDrag(event.dataTransfer, design.id)}
                >
                  <Link to={openHref(design.id)} className={styles.unscheduledName} draggable={false}>
                    {design.name}
                  </Link>
                  <Button size="sm" variant="ghost" onClick={() => setScheduling(design)} aria-label={`Schedule ${design.name}`}>
                    Schedule
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <ScheduleDialog
        design={scheduling}
        today={shown?.today ?? new Date().toISOString().slice(0, 10)}
        onClose={() => setScheduling(null)}
        onSave={(design, day) => schedule(design.id, day)}
      />
    </div>
  );
}

/** The occasions of the coming week that have templates, as suggestions. */
function Suggestions({ today, occasions, searchHref }: { today: string; occasions: Occasion[]; searchHref: (term: string) => string }) {
  const seen = new Set<string>();
  const upcoming = occasions.filter((o) => {
    const days = daysBetween(today, o.date);
    const key = `${o.date}-${o.name}`;
    if (seen.has(key) || days < 0 || days >= 7 || o.template_count === 0) return false;
    seen.add(key);
    return true;
  });
  if (upcoming.length === 0) return null;
  return (
    <ul className={styles.suggestions} aria-label="Coming up">
      {upcoming.map((occasion) => (
        <li key={`${occasion.date}-${occasion.name}`}>
          <Link className={styles.suggestion} to={searchHref(occasion.search)}>
            {occasionSuggestion(occasion, relativeDay(occasion.date, today))}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The calendar on phones: the month's days that have occasions or designs, as a list. */
function CalendarList({
  calendar,
  scheduled,
  openHref,
  searchHref,
  onEdit,
}: CalendarLinks & {
  calendar: CalendarMonth;
  scheduled: DesignSummary[];
  onEdit: (design: DesignSummary) => void;
}) {
  const days = calendar.weeks.flat().filter((day) => Number(day.slice(5, 7)) === calendar.month);
  const rows = days
    .map((day) => ({
      day,
      occasions: calendar.occasions.filter((o) => o.date === day),
      designs: scheduled.filter((d) => d.scheduled_for === day),
    }))
    .filter((row) => row.occasions.length > 0 || row.designs.length > 0 || row.day === calendar.today);
  return (
    <ol className={styles.dayList} aria-label={`Calendar, ${monthTitle(calendar.year, calendar.month)}`}>
      {rows.map(({ day, occasions, designs }) => (
        <li key={day} className={`${styles.dayRow} ${day === calendar.today ? styles.today : ''}`} aria-current={day === calendar.today ? 'date' : undefined}>
          <h4 className={styles.dayRowTitle}>
            {fullDate(day)}
            {day === calendar.today ? <span className={styles.todayBadge}>Today</span> : null}
          </h4>
          {occasions.map((occasion) => (
            <OccasionMark key={occasion.name} occasion={occasion} searchHref={searchHref} />
          ))}
          {designs.map((design) => (
            <div key={design.id} className={styles.dayRowDesign}>
              <Link to={openHref(design.id)} aria-label={`Open ${design.name}`}>
                {design.name}
              </Link>
              <Button size="sm" variant="ghost" onClick={() => onEdit(design)} aria-label={`Change the day of ${design.name}`}>
                Change day
              </Button>
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
