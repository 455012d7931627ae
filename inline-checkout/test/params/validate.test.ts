import { CheckoutError } from '../../src/errors';
import { parseParams, validate } from '../../src/params';
import { loadVectors, reviveFunctions } from '../support/vectors';

interface ParamsCase {
  name: string;
  input: unknown;
  normalised: unknown;
  issues: unknown;
}

const vectors = loadVectors<ParamsCase>('checkout-params.json');

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
      {
        path: 'amount',
        message: `Invalid parameter type: amount (expected a positive whole number of minor units (e.g. kobo), got ${got})`,
      },
    ]);
  });

  it('rejects NaN where a string or a number is accepted', () => {
    expect(validate({ reference: NaN })).toEqual([
      { path: 'reference', message: 'Invalid parameter type: reference (expected a string or a finite number, got NaN)' },
    ]);
  });

  it.each([
    ['a Date', new Date(0), 'an object'],
    ['a function', () => undefined, 'a function'],
  ])('rejects %s as metadata', (_label, metadata, got) => {
    expect(validate({ metadata })).toEqual([
      { path: 'metadata', message: `Invalid parameter type: metadata (expected a plain object, got ${got})` },
    ]);
  });

  it('rejects undefined parameters', () => {
    expect(validate(undefined)).toEqual([
      { path: '', message: 'Transaction parameters should be a non-empty object (got undefined)' },
    ]);
  });

  it('counts a key whose value is undefined towards non-empty (then finds nothing to check)', () => {
    expect(validate({ email: undefined })).toEqual([]);
  });
});

describe('parseParams', () => {
  it('returns the typed canonical parameters when there is no issue', () => {
    const onSuccess = jest.fn();
    expect(parseParams({ key: 'pk', amount: 5000, first_name: 'Ada', bogus: 1, onSuccess })).toEqual({
      params: { key: 'pk', amount: 5000, firstName: 'Ada' },
      callbacks: { onSuccess },
      ignored: ['bogus'],
    });
  });

  it("throws one CheckoutError 'invalid_params' carrying every issue", () => {
    let caught: unknown;
    try {
      parseParams({ amount: '5000', onClose: 'bye' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CheckoutError);
    const error = caught as CheckoutError;
    expect(error.code).toBe('invalid_params');
    expect(error.issues.map((issue) => issue.path)).toEqual(['amount', 'onClose']);
    expect(error.message).toBe(
      'Invalid transaction parameters: ' +
        'Invalid parameter type: amount (expected a positive whole number of minor units (e.g. kobo), got a string); ' +
        'Invalid parameter type: onClose (expected a function, got a string)',
    );
  });
});
