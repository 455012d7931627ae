import { REFERRER_TRIM_THRESHOLD, trimUrl, withReferrer } from '../../src/params';
import { loadVectors } from '../support/vectors';

interface ReferrerCase {
  name: string;
  metadata?: Record<string, unknown> | null;
  pageUrl: string;
  ancestorOrigins: string[];
  expected: Record<string, unknown>;
}

const vectors = loadVectors<ReferrerCase>('checkout-referrer.json');

describe('withReferrer', () => {
  test.each(vectors.cases.map((c) => [c.name, c] as const))('vector: %s', (_name, vector) => {
    expect(withReferrer(vector.metadata ?? undefined, vector.pageUrl, vector.ancestorOrigins)).toEqual(
      vector.expected,
    );
  });

  it('returns a new object and leaves the merchant metadata alone', () => {
    const metadata = Object.freeze({ cart: 1, referrer: 'mine' });
    const result = withReferrer(metadata, 'https://shop.example.com/', []);
    expect(result).not.toBe(metadata);
    expect(metadata).toEqual({ cart: 1, referrer: 'mine' });
  });
});

describe('trimUrl', () => {
  it('uses the spec threshold of 500 characters', () => {
    expect(REFERRER_TRIM_THRESHOLD).toBe(500);
  });

  it('trims at whichever of ? and # comes first', () => {
    const path = `https://x.test/${'p'.repeat(500)}`;
    expect(trimUrl(`${path}#frag?x=1`)).toBe(path);
    expect(trimUrl(`${path}?x=1#frag`)).toBe(path);
  });
});
