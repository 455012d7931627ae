import { formatKobo } from './format';

describe('formatKobo', () => {
  it('shows kobo as naira with two decimals and grouping', () => {
    expect(formatKobo(150000)).toBe('₦1,500.00');
    expect(formatKobo(5)).toBe('₦0.05');
  });

  it('shows another currency by its code', () => {
    expect(formatKobo(1250, 'USD')).toBe('USD 12.50');
  });
});
