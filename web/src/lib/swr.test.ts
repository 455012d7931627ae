import { cacheTimes, createRetainingCache, retentionFor, retentionTimes, swrDefaults } from './swr';

const MINUTE = 60_000;

describe('SWR settings (spec section 9)', () => {
  test('default stale 5 minutes, no refetch on focus, reconnect or mount with cached data', () => {
    expect(swrDefaults).toMatchObject({
      dedupingInterval: 5 * MINUTE,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      revalidateIfStale: false,
    });
  });

  test('site setting 5 minutes, preview 30 minutes, grouped rows 30 minutes kept 60, others kept 10', () => {
    expect(cacheTimes).toEqual({ siteSetting: 5 * MINUTE, templatePreview: 30 * MINUTE, homeRows: 30 * MINUTE });
    expect(retentionFor('@"templates","home",#limit:12,,')).toBe(60 * MINUTE);
    expect(retentionFor('@"templates","preview","abc",')).toBe(10 * MINUTE);
    expect(retentionTimes.default).toBe(10 * MINUTE);
  });
});

describe('createRetainingCache', () => {
  function setup() {
    let clock = 0;
    const cache = createRetainingCache<string>(() => clock);
    return { cache, advance: (ms: number) => (clock += ms) };
  }

  test('drops an entry unused for its retention time', () => {
    const { cache, advance } = setup();
    cache.set('@"templates","preview","a",', 'a');
    cache.set('@"templates","home",#limit:12,,', 'rows');

    advance(10 * MINUTE);

    expect(cache.get('@"templates","preview","a",')).toBeUndefined();
    expect(cache.get('@"templates","home",#limit:12,,')).toBe('rows');
    advance(60 * MINUTE);
    expect([...cache.keys()]).toEqual([]);
  });

  test('a read keeps an entry alive', () => {
    const { cache, advance } = setup();
    cache.set('k', 'v');
    advance(9 * MINUTE);
    expect(cache.get('k')).toBe('v');
    advance(9 * MINUTE);
    expect(cache.get('k')).toBe('v');
    cache.delete('k');
    expect(cache.get('k')).toBeUndefined();
  });
});
