import { pageFrom, pageHref } from './page-query';

describe('page query', () => {
  test.each([
    ['', 1],
    ['?page=3', 3],
    ['?page=0', 1],
    ['?page=-2', 1],
    ['?page=abc', 1],
    ['?page=2.5', 1],
  ])('%s is page %i', (query, page) => {
    expect(pageFrom(new URLSearchParams(query))).toBe(page);
  });

  test('keeps the search and drops page=1', () => {
    const params = new URLSearchParams('search=new month&page=2');
    expect(pageHref('/templates', params, 3)).toBe('/templates?search=new+month&page=3');
    expect(pageHref('/templates', params, 1)).toBe('/templates?search=new+month');
    expect(pageHref('/templates/church', new URLSearchParams(), 1)).toBe('/templates/church');
  });
});
