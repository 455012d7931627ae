import { listingPathOf, previewHref } from './preview-route';

describe('preview routes', () => {
  test.each([
    ['/', 'abc', '', '/template/abc'],
    ['/templates', 'abc', '?search=party&page=2', '/templates/template/abc?search=party&page=2'],
    ['/templates/church', 'a b', '', '/templates/church/template/a%20b'],
    ['/templates/church/choir/', 'abc', '?page=3', '/templates/church/choir/template/abc?page=3'],
    ['/creators/ada', 'abc', '', '/creators/ada/template/abc'],
  ])('previewHref(%s, %s, %s) is %s', (listing, id, search, expected) => {
    expect(previewHref(listing, id, search)).toBe(expected);
  });

  test.each([
    ['/template/abc', '/'],
    ['/templates/template/abc', '/templates'],
    ['/templates/church/template/abc', '/templates/church'],
    ['/templates/church/choir/template/abc', '/templates/church/choir'],
    ['/creators/ada/template/abc', '/creators/ada'],
  ])('closing %s returns to %s', (preview, listing) => {
    expect(listingPathOf(preview)).toBe(listing);
  });
});
