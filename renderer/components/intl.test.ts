import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.js';
import { formatMoney } from './money.js';
import { formatDateTime } from './format.js';

describe('Intl formatters made once', () => {
  it('give one formatter per language and options, another for other options', () => {
    expect(numberFormat('en', { maximumFractionDigits: 2 })).toBe(
      numberFormat('en', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('en', { maximumFractionDigits: 2 })).not.toBe(
      numberFormat('en', { maximumFractionDigits: 1 }),
    );
    expect(numberFormat('en')).not.toBe(numberFormat('zh-CN'));
    expect(dateTimeFormat('en', { dateStyle: 'medium' })).toBe(dateTimeFormat('en', { dateStyle: 'medium' }));
    expect(dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })).not.toBe(
      dateTimeFormat('en', { dateStyle: 'medium', timeZone: 'Asia/Shanghai' }),
    );
  });

  it('format as a new formatter would, in either language', () => {
    const at = Date.UTC(2026, 10, 27, 3, 4);
    for (const lang of ['en', 'zh-CN'] as const) {
      expect(formatDateTime(at, lang)).toBe(
        new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(at),
      );
      expect(formatMoney(12345, 'CNY', lang)).toBe(
        new Intl.NumberFormat(lang, { style: 'currency', currency: 'CNY' }).format(123.45),
      );
    }
  });

  it('let an unknown currency fail every time, so the caller’s fallback still shows the amount', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'XX' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'XX' })).toThrow(RangeError);
    expect(formatMoney(500, 'XX', 'en')).toBe('5.00 XX');
  });
});
