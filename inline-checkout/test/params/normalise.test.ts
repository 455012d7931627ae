import { normalise } from '../../src/params';
import { loadVectors, markFunctions, reviveFunctions } from '../support/vectors';
import type { ParamsCase } from '../support/vectors';

const vectors = loadVectors<ParamsCase>('checkout-params.json');

describe('normalise', () => {
  test.each(vectors.cases.map((c) => [c.name, c] as const))('vector: %s', (_name, vector) => {
    expect(markFunctions(normalise(reviveFunctions(vector.input)))).toEqual(vector.normalised);
  });

  it('hands back the very callbacks it was given', () => {
    const onSuccess = jest.fn();
    const onClose = jest.fn();
    const { callbacks } = normalise({ key: 'pk', onSuccess, onClose });
    expect(callbacks).toEqual({ onSuccess, onClose });
    expect(callbacks.onSuccess).toBe(onSuccess);
  });

  it('does not copy or mutate the merchant objects it passes on', () => {
    const metadata = { cart: 1 };
    const input = { metadata, ref: 'r' };
    const before = JSON.stringify(input);
    expect(normalise(input).params.metadata).toBe(metadata);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('treats undefined like null: not given', () => {
    expect(normalise({ reference: undefined, ref: 'r-1', onClose: undefined })).toEqual({
      params: { reference: 'r-1' },
      callbacks: {},
      ignored: [],
    });
  });

  it('reads own string keys only, and __proto__ is just an unknown key', () => {
    const symbol = Symbol('key');
    expect(normalise({ key: 'pk', [symbol]: 'ignored' })).toEqual({ params: { key: 'pk' }, callbacks: {}, ignored: [] });

    const hostile = JSON.parse('{"__proto__": {"polluted": true}, "key": "pk"}') as unknown;
    const result = normalise(hostile);
    expect(result.ignored).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts objects without a prototype and from another frame', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare.plan = 'PLN_1';
    expect(normalise(bare).params).toEqual({ planCode: 'PLN_1' });

    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const ForeignObject = (frame.contentWindow as unknown as { Object: ObjectConstructor }).Object;
    const foreign = new ForeignObject() as Record<string, unknown>;
    foreign.first_name = 'Ada';
    expect(normalise(foreign).params).toEqual({ firstName: 'Ada' });
    frame.remove();
  });

  it.each([
    ['a class instance', new (class Params { key = 'pk'; })()],
    ['an object inheriting parameters', Object.create({ key: 'pk', email: 'from@prototype.test' }) as unknown],
    ['a Map', new Map([['key', 'pk']])],
    ['a number', 42],
    ['undefined', undefined],
  ])('normalises %s to nothing', (_label, input) => {
    expect(normalise(input)).toEqual({ params: {}, callbacks: {}, ignored: [] });
  });
});
