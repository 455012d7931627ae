/**
 * The preview dialog lives at `{listing}/template/{id}` under every listing (spec section 2):
 * these turn a listing URL into its preview URL and back, keeping the listing's query
 * (`?search=`, `?page=`) so closing the dialog returns to exactly the page it came from.
 */
const PREVIEW_SUFFIX = /\/?template\/[^/]+\/?$/;

/** `/templates/church?page=2` + `abc` → `/templates/church/template/abc?page=2`; `/` → `/template/abc`. */
export function previewHref(listingPath: string, templateId: string, search = ''): string {
  const base = listingPath.replace(/\/+$/, '');
  return `${base}/template/${encodeURIComponent(templateId)}${search}`;
}

/** The listing a preview URL belongs to: `/templates/church/template/abc` → `/templates/church`, `/template/abc` → `/`. */
export function listingPathOf(previewPath: string): string {
  return previewPath.replace(PREVIEW_SUFFIX, '') || '/';
}
