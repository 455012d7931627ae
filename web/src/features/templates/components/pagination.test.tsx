import { renderApp, screen, within } from '@/testing/test-utils';

import { pageWindow, Pagination } from './pagination';

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

describe('Pagination', () => {
  const hrefFor = (page: number) => (page === 1 ? '/templates' : `/templates?page=${page}`);

  test('links Previous, Next and the pages, marking the current one', () => {
    renderApp(<Pagination currentPage={2} totalPages={3} hrefFor={hrefFor} />);

    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/templates');
    expect(within(nav).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/templates?page=3');
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  test('has no Previous link on the first page and no Next link on the last', () => {
    const { unmount } = renderApp(<Pagination currentPage={1} totalPages={2} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
    unmount();

    renderApp(<Pagination currentPage={2} totalPages={2} hrefFor={hrefFor} />);
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  test('shows nothing for a single page', () => {
    renderApp(<Pagination currentPage={1} totalPages={1} hrefFor={hrefFor} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
