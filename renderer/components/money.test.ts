import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  majorToMinor,
  minorDigits,
  minorToMajorText,
  parseMajor,
  parseMajorText,
} from './money.js';

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

describe('money in minor units', () => {
  it("knows each currency's minor digits", () => {
    expect(minorDigits('CNY')).toBe(2);
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits(null)).toBe(2);
    expect(minorDigits('NOT-A-CODE')).toBe(2);
  });

  it('writes minor units as major text without float rounding', () => {
    expect(minorToMajorText(12345, 2)).toBe('123.45');
    expect(minorToMajorText(5, 2)).toBe('0.05');
    expect(minorToMajorText(-29, 2)).toBe('-0.29');
    expect(minorToMajorText(900719925474099, 2)).toBe('9007199254740.99');
    expect(minorToMajorText(1500, 0)).toBe('1500');
  });

  it('formats per language with the currency', () => {
    expect(formatMoney(600000, 'CNY', 'en')).toBe('CN¥6,000.00');
    expect(formatMoney(600000, 'CNY', 'zh-CN')).toBe('¥6,000.00');
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
    expect(formatMoney(1500, 'JPY', 'en')).toBe('¥1,500');
    expect(formatMoney(1234, null, 'en')).toBe('12.34');
  });

  it('parses what an operator types in major units', () => {
    expect(parseMajor('60', 'CNY')).toBe(6000);
    expect(parseMajor(' 12.5 ', 'CNY')).toBe(1250);
    expect(parseMajor('0.29', 'CNY')).toBe(29);
    expect(parseMajor('1,000.50', 'CNY')).toBe(100050);
    expect(parseMajor('1 000', 'CNY')).toBe(100000);
    expect(parseMajor('12.', 'CNY')).toBe(1200);
    expect(parseMajor('1500', 'JPY')).toBe(1500);
  });

  it('refuses what it cannot read exactly', () => {
    expect(parseMajor('', 'CNY')).toBeNull();
    expect(parseMajor('12.345', 'CNY')).toBeNull();
    expect(parseMajor('1.5', 'JPY')).toBeNull();
    expect(parseMajor('-5', 'CNY')).toBeNull();
    expect(parseMajor('1e3', 'CNY')).toBeNull();
    expect(parseMajor('abc', 'CNY')).toBeNull();
    expect(parseMajor('12,34', 'CNY')).toBe(1234);
    expect(parseMajorText('6,5', 2)).toBe(650);
    expect(parseMajorText('6.5', 0)).toBeNull();
  });

  it('turns the slider thousands into minor units', () => {
    expect(majorToMinor(2000, 'CNY')).toBe(200000);
    expect(majorToMinor(20000, 'JPY')).toBe(20000);
  });
});
