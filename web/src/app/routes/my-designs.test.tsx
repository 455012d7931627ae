import { fireEvent } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import type { CalendarMonth, DesignSummary, Occasion } from '@/features/my-designs/api/my-designs';
import { apiPath } from '@/testing/mocks/handlers/api-path';
import { server } from '@/testing/mocks/server';
import { screen, waitFor, within } from '@/testing/test-utils';

import { member, renderLayout } from '../layout/layout-test-utils';

import MyDesignsRoute from './my-designs';

/** Today as the fake server says it is in the user's time zone. */
const TODAY = '2026-10-31';

function design(id: string, name: string, updated: string, scheduled: string | null = null): DesignSummary {
  return {
    id,
    name,
    source_template_id: null,
    format: 'square',
    width: 1080,
    height: 1080,
    preview_url: null,
    scheduled_for: scheduled,
    created_at: '2026-10-01T09:00:00Z',
    updated_at: updated,
    version: 1,
  };
}

/** Monday-first whole weeks of a month, as the API answers them. */
function weeksOf(year: number, month: number): string[][] {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const first = new Date(Date.UTC(year, month - 1, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() + 6) % 7));
  const weeks: string[][] = [];
  const cursor = new Date(start);
  while (weeks.length === 0 || cursor.getUTCMonth() === month - 1) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day(cursor));
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

const OCCASIONS: Occasion[] = [
  { date: '2026-06-01', name: 'New Month', kind: 'observance', search: 'new month', template_count: 6 },
  { date: '2026-10-01', name: 'Independence Day', kind: 'public_holiday', search: 'independence', template_count: 0 },
  { date: '2026-10-01', name: 'New Month', kind: 'observance', search: 'new month', template_count: 6 },
  { date: '2026-11-01', name: 'New Month', kind: 'observance', search: 'new month', template_count: 6 },
];

type Call = { method: string; path: string; body: unknown };

/** A fake of `/designs` and `/calendar` that keeps its designs, newest edit first. */
function fakeServer(initial: DesignSummary[], { today = TODAY, thisMonth = 10 } = {}) {
  let designs = [...initial];
  const deleted = new Map<string, DesignSummary>();
  const calls: Call[] = [];
  /** The `tz` of every calendar request. */
  const zones: string[] = [];
  const sorted = () => [...designs].sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  server.use(
    http.get(apiPath('/designs'), ({ request }) => {
      const url = new URL(request.url);
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const items = sorted().filter(
        (d) =>
          (!search || d.name.toLowerCase().includes(search)) &&
          (!from || (d.scheduled_for !== null && d.scheduled_for >= from)) &&
          (!to || (d.scheduled_for !== null && d.scheduled_for <= to)),
      );
      return HttpResponse.json({ items, total_count: items.length, has_more: false, current_page: 1, total_pages: 1 });
    }),
    http.patch(apiPath('/designs/:id'), async ({ params, request }) => {
      const body = (await request.json()) as Partial<DesignSummary>;
      calls.push({ method: 'PATCH', path: `/designs/${String(params.id)}`, body });
      const found = designs.find((d) => d.id === params.id);
      if (!found) return HttpResponse.json({ status: 404, code: 'design_not_found', message: 'no such design' }, { status: 404 });
      const changed = { ...found, ...body };
      designs = designs.map((d) => (d.id === found.id ? changed : d));
      return HttpResponse.json(changed);
    }),
    http.delete(apiPath('/designs/:id'), ({ params }) => {
      calls.push({ method: 'DELETE', path: `/designs/${String(params.id)}`, body: null });
      const found = designs.find((d) => d.id === params.id);
      if (found) deleted.set(found.id, found);
      designs = designs.filter((d) => d.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiPath('/designs/:id/restore'), ({ params }) => {
      calls.push({ method: 'POST', path: `/designs/${String(params.id)}/restore`, body: null });
      const found = deleted.get(String(params.id));
      if (!found) return HttpResponse.json({ status: 404, code: 'design_not_found', message: 'gone' }, { status: 404 });
      designs.push(found);
      return HttpResponse.json(found);
    }),
    http.post(apiPath('/designs/:id/duplicate'), ({ params }) => {
      calls.push({ method: 'POST', path: `/designs/${String(params.id)}/duplicate`, body: null });
      const found = designs.find((d) => d.id === params.id);
      if (!found) return HttpResponse.json({ status: 404, code: 'design_not_found', message: 'no such design' }, { status: 404 });
      const copy = { ...found, id: `${found.id}-copy`, name: `${found.name} (copy)`, updated_at: '2026-10-31T12:00:00Z', scheduled_for: null };
      designs.push(copy);
      return HttpResponse.json(copy, { status: 201 });
    }),
    http.get(apiPath('/calendar'), ({ request }) => {
      const url = new URL(request.url);
      zones.push(url.searchParams.get('tz') ?? '');
      const year = Number(url.searchParams.get('year') ?? 2026);
      const month = Number(url.searchParams.get('month') ?? thisMonth);
      const weeks = weeksOf(year, month);
      const first = weeks[0]?.[0] ?? '';
      const last = weeks.at(-1)?.at(-1) ?? '';
      const answer: CalendarMonth = {
        today,
        year,
        month,
        weeks,
        occasions: OCCASIONS.filter((o) => o.date >= first && o.date <= last),
      };
      return HttpResponse.json(answer);
    }),
  );
  return { calls, zones };
}

function cardOf(name: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
}

function cardNames(): string[] {
  const list = screen.getByRole('list', { name: 'Your designs' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

describe('My Designs page', () => {
  test('signed out: asks to sign in', async () => {
    fakeServer([]);
    const { user } = renderLayout(<MyDesignsRoute />);

    expect(await screen.findByText('Sign in to see your designs and plan them on the calendar.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeInTheDocument();
  });

  test('shows the designs newest edit first, and searches by name', async () => {
    fakeServer([
      design('d1', 'Church flyer', '2026-10-20T10:00:00Z', '2026-10-25'),
      design('d2', 'Sale post', '2026-10-30T10:00:00Z'),
    ]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Sale post' });
    expect(cardNames()).toEqual(['Sale post', 'Church flyer']);
    expect(within(cardOf('Sale post')).getByRole('link', { name: 'Open Sale post in the editor' })).toHaveAttribute(
      'href',
      '/editor?designId=d2',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search your designs' }), 'church');
    await waitFor(() => expect(cardNames()).toEqual(['Church flyer']));
  });

  test('renames a design in place', async () => {
    const { calls } = fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Church flyer' });
    await user.click(screen.getByRole('button', { name: 'More actions for Church flyer' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const input = screen.getByRole('textbox', { name: 'New name for Church flyer' });
    await user.clear(input);
    await user.type(input, 'Harvest Sunday{Enter}');

    expect(await screen.findByRole('heading', { level: 3, name: 'Harvest Sunday' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PATCH', path: '/designs/d1', body: { name: 'Harvest Sunday' } });
  });

  test('duplicates a design: the copy comes first, as the newest edit', async () => {
    const { calls } = fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Church flyer' });
    await user.click(screen.getByRole('button', { name: 'More actions for Church flyer' }));
    await user.click(screen.getByRole('menuitem', { name: 'Duplicate' }));

    await waitFor(() => expect(cardNames()).toEqual(['Church flyer (copy)', 'Church flyer']));
    expect(calls).toEqual([{ method: 'POST', path: '/designs/d1/duplicate', body: null }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Made “Church flyer (copy)”');
  });

  test('deletes a design with an undo toast that restores it', async () => {
    const { calls } = fakeServer([
      design('d1', 'Church flyer', '2026-10-20T10:00:00Z'),
      design('d2', 'Sale post', '2026-10-30T10:00:00Z'),
    ]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Church flyer' });
    await user.click(screen.getByRole('button', { name: 'More actions for Church flyer' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    await waitFor(() => expect(cardNames()).toEqual(['Sale post']));
    const toast = await screen.findByRole('status');
    expect(toast).toHaveTextContent('Deleted “Church flyer”');
    expect(toast).toHaveTextContent('You can undo this for 30 seconds.');

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(cardNames()).toEqual(['Sale post', 'Church flyer']));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /designs/d1', 'POST /designs/d1/restore']);
  });

  test('schedules a design with the date picker, and it shows on its labelled day', async () => {
    const { calls } = fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Church flyer' });
    expect(within(screen.getByRole('list', { name: 'Not on the calendar' })).getByText('Church flyer')).toBeInTheDocument();
    await user.click(within(cardOf('Church flyer')).getByRole('button', { name: 'Schedule Church flyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule “Church flyer”' });
    const day = within(dialog).getByLabelText('Day');
    expect(day).toHaveValue(TODAY);
    fireEvent.change(day, { target: { value: '2026-10-25' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const cell = await screen.findByRole('gridcell', { name: 'Sunday 25 October 2026, 1 design' });
    expect(within(cell).getByRole('link', { name: 'Open Church flyer' })).toHaveAttribute('href', '/editor?designId=d1');
    expect(calls).toContainEqual({ method: 'PATCH', path: '/designs/d1', body: { scheduled_for: '2026-10-25' } });
    expect(screen.getByText('Every design has a day.')).toBeInTheDocument();

    await user.click(within(cell).getByRole('button', { name: 'Remove Church flyer from the calendar' }));
    expect(await screen.findByRole('gridcell', { name: 'Sunday 25 October 2026' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PATCH', path: '/designs/d1', body: { scheduled_for: null } });
  });

  test('a design dropped on a day is scheduled there', async () => {
    const { calls } = fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')]);
    renderLayout(<MyDesignsRoute />, { as: member() });

    await screen.findByRole('heading', { level: 3, name: 'Church flyer' });
    const store = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...store.keys()];
      },
      setData: (type: string, value: string) => store.set(type, value),
      getData: (type: string) => store.get(type) ?? '',
      dropEffect: 'none',
      effectAllowed: 'all',
    };
    const target = screen.getByRole('gridcell', { name: 'Monday 12 October 2026' });
    fireEvent.dragStart(cardOf('Church flyer'), { dataTransfer });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });

    expect(await screen.findByRole('gridcell', { name: 'Monday 12 October 2026, 1 design' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PATCH', path: '/designs/d1', body: { scheduled_for: '2026-10-12' } });
    // Said above the calendar, never in a toast over the day just dropped on.
    const note = await screen.findByText('“Church flyer” is on Monday 12 October 2026.');
    expect(note).toHaveAttribute('aria-live', 'polite');
    expect(note.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByText(/is on/)).not.toBeInTheDocument();
  });

  test('a scheduled design is moved to another day with the keyboard alone', async () => {
    const { calls } = fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z', '2026-10-14')]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    const cell = await screen.findByRole('gridcell', { name: 'Wednesday 14 October 2026, 1 design' });
    const move = within(cell).getByRole('button', { name: 'Move Church flyer' });
    move.focus();
    await user.keyboard('{Enter}');
    expect(move).toHaveAttribute('aria-pressed', 'true');
    const live = screen.getByText(/^Picked up Church flyer from Wednesday 14 October 2026\./);
    expect(live).toHaveAttribute('aria-live', 'assertive');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(live).toHaveTextContent('Thursday 22 October 2026');
    await user.keyboard('{Escape}');
    expect(live).toHaveTextContent('Move cancelled. Church flyer stays on Wednesday 14 October 2026.');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.keyboard('{Enter}{ArrowDown}{ArrowRight}{Enter}');
    expect(live).toHaveTextContent('Church flyer moved to Thursday 22 October 2026.');
    const moved = await screen.findByRole('gridcell', { name: 'Thursday 22 October 2026, 1 design' });
    expect(calls).toContainEqual({ method: 'PATCH', path: '/designs/d1', body: { scheduled_for: '2026-10-22' } });
    await waitFor(() => expect(within(moved).getByRole('button', { name: 'Move Church flyer' })).toHaveFocus());
  });

  test('the calendar is asked for in the saved time zone', async () => {
    const { zones } = fakeServer([]);
    const someone = member();
    someone.profile.time_zone = 'America/New_York';
    renderLayout(<MyDesignsRoute />, { as: someone });
    await screen.findByRole('grid', { name: 'Calendar, October 2026' });
    expect(zones.length).toBeGreaterThan(0);
    expect(new Set(zones)).toEqual(new Set(['America/New_York']));
  });

  test('labels the calendar grid, marks today and occasions, and moves with the arrow keys', async () => {
    fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')]);
    const { user } = renderLayout(<MyDesignsRoute />, { as: member() });

    const grid = await screen.findByRole('grid', { name: 'Calendar, October 2026' });
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(35);
    const today = within(grid).getByRole('gridcell', { name: 'Saturday 31 October 2026, today' });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveAttribute('tabindex', '0');
    const first = within(grid).getByRole('gridcell', { name: 'Thursday 1 October 2026, Independence Day, New Month' });
    expect(within(first).getByRole('link', { name: 'New Month — 6 templates' })).toHaveAttribute(
      'href',
      '/templates?search=new%20month',
    );
    expect(screen.getByRole('link', { name: 'New Month tomorrow — 6 templates' })).toHaveAttribute(
      'href',
      '/templates?search=new%20month',
    );

    today.focus();
    await user.keyboard('{ArrowUp}');
    expect(within(grid).getByRole('gridcell', { name: 'Saturday 24 October 2026' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(grid).getByRole('gridcell', { name: 'Friday 23 October 2026' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(grid).getByRole('gridcell', { name: 'Monday 19 October 2026' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(await screen.findByRole('grid', { name: 'Calendar, November 2026' })).toBeInTheDocument();
  });

  test('on the last day of a month, the next month’s first day is suggested', async () => {
    fakeServer([design('d1', 'Church flyer', '2026-10-20T10:00:00Z')], { today: '2026-05-31', thisMonth: 5 });
    renderLayout(<MyDesignsRoute />, { as: member() });

    const grid = await screen.findByRole('grid', { name: 'Calendar, May 2026' });
    expect(within(grid).queryByRole('gridcell', { name: /1 June 2026/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'New Month tomorrow — 6 templates' })).toHaveAttribute(
      'href',
      '/templates?search=new%20month',
    );
  });
});
