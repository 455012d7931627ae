import { CheckoutError, describeValue, invalidParams } from '../src/errors';

describe('CheckoutError', () => {
  it('is an Error with a name, a code and issues', () => {
    const error = new CheckoutError('invalid_params', 'Invalid transaction parameters: x');
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error.name).toBe('CheckoutError');
    expect(error.code).toBe('invalid_params');
    expect(error.issues).toEqual([]);
    expect(String(error)).toBe('CheckoutError: Invalid transaction parameters: x');
    expect(error.stack).toContain('CheckoutError');
  });

  it('aggregates issues under the spec message', () => {
    const issues = [
      { path: 'email', message: 'first' },
      { path: 'amount', message: 'second' },
    ];
    const error = invalidParams(issues);
    expect(error.code).toBe('invalid_params');
    expect(error.issues).toEqual(issues);
    expect(error.message).toBe('Invalid transaction parameters');
  });

  it('uses the non-empty-object text when that is the only issue', () => {
    const error = invalidParams([{ path: '', message: 'Transaction parameters should be a non-empty object' }]);
    expect(error.message).toBe('Transaction parameters should be a non-empty object');
  });
});

describe('describeValue', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['', 'an empty string'],
    ['secret@example.com', 'a string'],
    [0, 'the number 0'],
    [-1.5, 'the number -1.5'],
    [NaN, 'NaN'],
    [Infinity, 'Infinity'],
    [-Infinity, '-Infinity'],
    [true, 'the boolean true'],
    [[], 'an array'],
    [{}, 'an object'],
    [() => 1, 'a function'],
    // BigInt is ES2020 library, beyond the ES2019 lib the script targets; the runtime has it.
    [(globalThis as unknown as { BigInt: (n: number) => unknown }).BigInt(1), 'a bigint'],
    [Symbol('s'), 'a symbol'],
  ])('describes %p as %p', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});
