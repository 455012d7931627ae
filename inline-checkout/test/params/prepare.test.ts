import { CheckoutError } from '../../src/errors';
import { prepare } from '../../src/params';
import { loadVectors, markFunctions, reviveFunctions } from '../support/vectors';
import type { ParamsCase } from '../support/vectors';

const vectors = loadVectors<ParamsCase>('checkout-params.json');
const PAGE = { url: 'https://shop.example.com/checkout', ancestorOrigins: [] };

function caught(run: () => unknown): CheckoutError {
  try {
    run();
  } catch (error) {
    if (error instanceof CheckoutError) return error;
    throw error;
  }
  throw new Error('expected a CheckoutError');
}

describe('prepare', () => {
  test.each(vectors.cases.map((c) => [c.name, c] as const))('vector: %s', (_name, vector) => {
    const page = { url: vector.pageUrl ?? vectors.defaultPageUrl, ancestorOrigins: vector.ancestorOrigins ?? [] };
    const input = reviveFunctions(vector.input);
    if (vector.error !== undefined) {
      const error = caught(() => prepare(input, page));
      expect(error.code).toBe('invalid_params');
      expect({ message: error.message, issues: error.issues }).toEqual(vector.error);
    } else {
      const { accessCode, body, headers, ignored } = prepare(input, page);
      expect(markFunctions({ accessCode, body, headers, ignored })).toEqual(vector.prepared);
    }
  });

  it('never changes the merchant object, its metadata or its split', () => {
    const metadata = Object.freeze({ cart: 1, nested: Object.freeze({ a: 1 }) });
    const split = Object.freeze({ type: 'flat', subaccounts: Object.freeze([]) });
    const input = Object.freeze({ key: 'pk', email: 'a@b.co', amount: 100, planCode: 'PLN', metadata, split, junk: 1 });
    const before = JSON.stringify(input);
    const prepared = prepare(input, PAGE);
    expect(JSON.stringify(input)).toBe(before);
    expect(metadata).not.toHaveProperty('referrer');
    expect(prepared.body.metadata).toBe('{"cart":1,"nested":{"a":1},"referrer":"https://shop.example.com/checkout"}');
  });

  it('hands back the very callbacks it was given', () => {
    const onSuccess = jest.fn();
    expect(prepare({ key: 'pk', email: 'a@b.co', amount: 1, onSuccess }, PAGE).callbacks.onSuccess).toBe(onSuccess);
  });

  it('keeps the effective parameters: overrides applied, card and bank turned into channels', () => {
    expect(prepare({ key: 'pk', email: 'a@b.co', amount: 1, plan: 'PLN', customer_code: 'CUS', card: 'false' }, PAGE).params).toEqual({
      key: 'pk',
      planCode: 'PLN',
      customerCode: 'CUS',
      channels: ['bank'],
    });
  });

  it('throws the spec message for a non-object, with no issues (there is no field to name)', () => {
    const error = caught(() => prepare('pk_test', PAGE));
    expect(error.message).toBe('Transaction parameters should be a non-empty object');
    expect(error.issues).toEqual([]);
  });

  it('refuses an empty object for its required fields, as the provider script does', () => {
    const error = caught(() => prepare({}, PAGE));
    expect(error.message).toBe('Invalid transaction parameters');
    expect(error.issues.map((issue) => issue.message)).toEqual([
      'Required parameter missing: key',
      'Required parameter missing: amount',
      'Required parameter missing: email',
    ]);
  });
});
