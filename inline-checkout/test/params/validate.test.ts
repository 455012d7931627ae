import { validate } from '../../src/params';
import { loadVectors, reviveFunctions } from '../support/vectors';
import type { ParamsCase } from '../support/vectors';

const vectors = loadVectors<ParamsCase>('checkout-params.json');
const AMOUNT = 'expected a positive whole number of minor units (e.g. kobo), got';

describe('validate', () => {
  test.each(vectors.cases.map((c) => [c.name, c] as const))('vector: %s', (_name, vector) => {
    expect(validate(reviveFunctions(vector.input))).toEqual(vector.issues);
  });

  // Values JSON cannot carry, so they live here rather than in the shared vectors.
  it.each([
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
    [2 ** 53, 'the number 9007199254740992'],
  ])('rejects an amount of %p', (amount, got) => {
    expect(validate({ amount })).toEqual([
      { path: 'amount', message: 'Invalid parameter type: amount', detail: `${AMOUNT} ${got}` },
    ]);
  });

  it('rejects NaN where a string or a number is accepted', () => {
    expect(validate({ reference: NaN })).toEqual([
      { path: 'reference', message: 'Invalid parameter type: reference', detail: 'expected a string or a finite number, got NaN' },
    ]);
  });

  it.each([
    ['a Date', new Date(0), 'an object'],
    ['a function', () => undefined, 'a function'],
  ])('rejects %s as metadata', (_label, metadata, got) => {
    expect(validate({ metadata })).toEqual([
      { path: 'metadata', message: 'Invalid parameter type: metadata', detail: `expected a plain object, got ${got}` },
    ]);
  });

  it('rejects undefined parameters with the spec text', () => {
    expect(validate(undefined)).toEqual([
      { path: '', message: 'Transaction parameters should be a non-empty object', detail: 'got undefined' },
    ]);
  });

  it('counts a key whose value is undefined towards non-empty (then finds nothing to check)', () => {
    expect(validate({ email: undefined })).toEqual([]);
  });
});
