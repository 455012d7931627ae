import { useState } from 'react';

import { renderApp, screen, userEvent, within } from '@/testing/test-utils';

import { pageWindow, Pager } from './pager';

describe('pageWindow', () => {
  test.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('page %i of %i shows %o', (current, total, expected) => {
    expect(pageWindow(current, total)).toEqual(expected);
  });
});

describe('Pager with links (the page in the address)', () => {
  const hrefFor = (page: number) => (page === 1 ? '/templates' : `/templates?page=${page}`);

  test('links Previous, Next and the pages, marking the current one', () => {
    renderApp(<Pager currentPage={2} totalPages={3} hrefFor={hrefFor} />);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/templates');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/templates?page=3');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  test('has no Previous link on the first page and no Next link on the last', () => {
    const { unmount } = renderApp(<Pager currentPage={1} totalPages={2} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    unmount();

    renderApp(<Pager currentPage={2} totalPages={2} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  test('shows nothing for a single page', () => {
    renderApp(<Pager currentPage={1} totalPages={1} hrefFor={hrefFor} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('Pager with buttons (the page in the screen’s state)', () => {
  /** A list that keeps its page in state, as the admin and account lists do. */
  function StatefulList({ totalPages, show }: { totalPages: number; show?: 'numbers' | 'count' }) {
    const [page, setPage] = useState(1);
    return (
      <>
        <p>Showing page {page}</p>
        <Pager label="Payment pages" show={show} currentPage={page} totalPages={totalPages} onPageChange={setPage} />
      </>
    );
  }

  test('the navigation carries its own name; Next and a page number are buttons that change the page', async () => {
    const user = userEvent.setup();
    renderApp(<StatefulList totalPages={5} />);
    const nav = screen.getByRole('navigation', { name: 'Payment pages' });

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('button', { name: 'Page 5' }));
    expect(screen.getByText('Showing page 5')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).not.toHaveAttribute('aria-disabled');
  });

  test('on the last page Next stays, marked unavailable, keeps the focus and does nothing', async () => {
    const user = userEvent.setup();
    renderApp(<StatefulList totalPages={2} />);
    const next = screen.getByRole('button', { name: 'Next' });

    await user.click(next);
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
    const stillNext = screen.getByRole('button', { name: 'Next' });
    expect(stillNext).toHaveAttribute('aria-disabled', 'true');
    expect(stillNext).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByText('Showing page 2')).toBeInTheDocument();
  });

  test('works from the keyboard: Tab reaches the pages in order, Enter and Space choose', async () => {
    const user = userEvent.setup();
    renderApp(<StatefulList totalPages={3} />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Showing page 2')).toBeInTheDocument();

    // Page 2 keeps the focus and is now current; Page 3 and then Next follow it.
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByText('Showing page 3')).toBeInTheDocument();
  });

  test('show="count" says "Page 2 of 4" between Previous and Next, with no page-number buttons', async () => {
    const user = userEvent.setup();
    renderApp(<StatefulList totalPages={4} show="count" />);
    const nav = screen.getByRole('navigation', { name: 'Payment pages' });

    expect(nav).toHaveTextContent('Page 1 of 4');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));

    expect(nav).toHaveTextContent('Page 2 of 4');
    expect(within(nav).getByRole('button', { name: 'Previous' })).not.toHaveAttribute('aria-disabled');
    expect(within(nav).getAllByRole('button').map((button) => button.textContent)).toEqual(['Previous', 'Next']);
  });
});
