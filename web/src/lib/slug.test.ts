import vectors from '../../../tests/contract/vectors/category-slugs.json';

import { categorySlug } from './slug';

type SlugCase = { name: string; slug: string };

describe('categorySlug', () => {
  const cases: SlugCase[] = vectors.cases;

  test('the shared vector table is not empty', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  test.each(cases)('turns $name into "$slug" (shared with the backend)', ({ name, slug }) => {
    expect(categorySlug(name)).toBe(slug);
  });
});
