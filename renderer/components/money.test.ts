import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.js';

describe('formatMoney', () => {
  it('shows fen as yuan with 2 decimals', () => {
    expect(formatMoney(123456, 'CNY', 'en')).toBe('CN¥1,234.56');
    expect(formatMoney(123456, 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatMoney(600, 'CNY', 'en')).toBe('CN¥6.00');
    expect(formatMoney(5, 'CNY', 'en')).toBe('CN¥0.05');
    expect(formatMoney(0, 'CNY', 'en')).toBe('CN¥0.00');
  });

  it('keeps every fen of large sums and of amounts floats get wrong', () => {
    expect(formatMoney(29, 'CNY', 'en')).toBe('CN¥0.29');
    expect(formatMoney(900719925474099, 'CNY', 'en')).toBe('CN¥9,007,199,254,740.99');
  });

  it('shows negative sums with their sign', () => {
    expect(formatMoney(-105, 'CNY', 'zh-CN')).toBe('-¥1.05');
  });

  it('shows the amount alone when the row names no currency', () => {
    expect(formatMoney(1999, null, 'en')).toBe('19.99');
  });

  it('falls back to the code for a currency Intl does not take', () => {
    expect(formatMoney(1999, 'X1', 'en')).toBe('19.99 X1');
  });
});
