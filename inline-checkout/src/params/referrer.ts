/**
 * The metadata referrer rule (spec section 3): metadata gets a `referrer` field holding the page URL
 * plus the ancestor origins. Pure: the caller reads `location.href` and `location.ancestorOrigins`.
 * No DOM here (tsconfig.params.json).
 */

/** Spec section 9: "Referrer URL trim threshold: 500 characters". */
export const REFERRER_TRIM_THRESHOLD = 500;

/**
 * A URL longer than the threshold loses its query string. Decisions where the spec is silent:
 * - "over 500" is strict: a URL of exactly 500 characters is kept whole;
 * - the cut is at the first '?' or '#', so a fragment goes too (browsers never send fragments in a
 *   referrer, and a '?' inside a hash route would otherwise survive);
 * - a long URL with neither is kept whole rather than cut mid-path, so the value stays a valid URL;
 * - length is counted in UTF-16 code units (JavaScript's `length`); real page URLs are
 *   percent-encoded ASCII, where this equals the count of characters.
 */
export function trimUrl(url: string): string {
  if (url.length <= REFERRER_TRIM_THRESHOLD) return url;
  const query = url.search(/[?#]/);
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Returns a copy of `metadata` with `referrer` set to the page URL followed by the ancestor origins,
 * each trimmed by `trimUrl`, joined with ','. Decisions where the spec is silent:
 * - the rule applies to every URL in the list (origins carry no query, so for them it never bites);
 * - the computed value replaces a `referrer` the merchant set (the field is the script's to fill);
 * - no metadata gives `{ referrer }`; the merchant's object is never mutated.
 */
export function withReferrer(
  metadata: Readonly<Record<string, unknown>> | undefined,
  pageUrl: string,
  ancestorOrigins: readonly string[],
): Record<string, unknown> {
  const referrer = [pageUrl, ...ancestorOrigins].map(trimUrl).join(',');
  return { ...metadata, referrer };
}
