import { renderApp, screen } from '@/testing/test-utils';

import { TemplateSearch } from './template-search';

function setup() {
  const rendered = renderApp(<TemplateSearch />);
  const input = screen.getByRole('textbox', { name: 'Search templates' });
  return { ...rendered, input };
}

describe('TemplateSearch', () => {
  test('Enter opens /templates?search={trimmed term}', async () => {
    const { input, router, user } = setup();

    await user.type(input, '  new month  {Enter}');

    expect(router.state.location.pathname).toBe('/templates');
    expect(router.state.location.search).toBe('?search=new%20month');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('new month');
  });

  test('the arrow button searches too', async () => {
    const { input, router, user } = setup();

    await user.type(input, 'Birthday & party');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/templates');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('Birthday & party');
  });

  test.each([
    ['an empty box', ''],
    ['only spaces', '    '],
  ])('does nothing for %s', async (_label, typed) => {
    const { input, router, user } = setup();

    if (typed) await user.type(input, typed);
    await user.type(input, '{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
    expect(input).toHaveValue(typed);
  });

  test('the clear button empties the box and only shows when there is something to clear', async () => {
    const { input, router, user } = setup();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

    await user.type(input, 'church');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));

    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
