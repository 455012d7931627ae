import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { normalise } from '../src/params';
import { PaystackPop } from '../src/paystack-pop';

describe('PaystackPop', () => {
  it('reports the package version', () => {
    const pkg = JSON.parse(readFileSync(resolve(__dirname, '../package.json'), 'utf8')) as { version: string };
    expect(PaystackPop.version).toBe(pkg.version);
  });

  it('normalises like the params module', () => {
    const input = { ref: 'r-1', first_name: 'Ada', onClose: jest.fn(), typo: true };
    expect(PaystackPop.normalise(input)).toEqual(normalise(input));
  });

  it('importing the pure entry sets no global', () => {
    expect('PaystackPop' in window).toBe(false);
  });
});
