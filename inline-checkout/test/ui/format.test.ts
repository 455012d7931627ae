import { amountText, applePayAmount, planLabel } from '../../src/ui/format';

describe('amountText', () => {
  it.each([
    [500000, 'NGN', 'NGN 5,000'],
    [500050, 'NGN', 'NGN 5,000.5'],
    [12345, 'USD', 'USD 123.45'],
    [1, 'GHS', 'GHS 0.01'],
    [0, 'KES', 'KES 0'],
    [150000, 'XYZ1', 'XYZ1 1500'],
  ])('%d minor units of %s read %s', (amount, currency, expected) => {
    expect(amountText(amount, currency).replace(/\u00a0/g, ' ')).toBe(expected);
  });
});

describe('planLabel', () => {
  it.each([
    ['biannually', 'BIANNUAL PLAN'],
    ['annually', 'ANNUAL PLAN'],
    ['monthly', 'MONTHLY PLAN'],
    ['weekly', 'WEEKLY PLAN'],
  ])('%s is %s', (interval, label) => {
    expect(planLabel(interval)).toBe(label);
  });
});

describe('applePayAmount', () => {
  it.each([
    [500000, '5000'],
    [1250, '12.5'],
    [12345, '123.45'],
    [1, '0.01'],
  ])('%d minor units is %s', (amount, text) => {
    expect(applePayAmount(amount)).toBe(text);
  });
});
