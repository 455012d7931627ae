/**
 * The URL slug of a category name: lowercase, each space becomes '-', '&' becomes 'and', then
 * every character outside a-z, 0-9 and '-' is removed. Shared with the backend through
 * tests/contract/vectors/category-slugs.json.
 */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9-]/g, '');
}
