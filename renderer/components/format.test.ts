import { describe, expect, it } from 'vitest';
import { BYTES_BASE } from '../../shared/constants.js';
import { formatBytes, shortSpan } from './format.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 0, 15, 9);

describe('sizes', () => {
  it('are in base 1024 with two decimals (spec)', () => {
    expect(BYTES_BASE).toBe(1024);
    expect(formatBytes(1536, 'en')).toBe('1.50 KB');
    expect(formatBytes(1024, 'en')).toBe('1.00 KB');
    expect(formatBytes(12.3 * 1024 * 1024, 'en')).toBe('12.30 MB');
    expect(formatBytes(5 * 1024 ** 3 + 1024 ** 3 / 4, 'zh-CN')).toBe('5.25 GB');
    expect(formatBytes(1000, 'en')).toBe('1,000 B');
  });

  it('say whole bytes below a kilobyte and nothing for what is not a size', () => {
    expect(formatBytes(0, 'en')).toBe('0 B');
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(Number.NaN, 'en')).toBe('—');
    expect(formatBytes(-1, 'en')).toBe('—');
  });
});

describe('short relative times', () => {
  it('are 5m, 2h, 3d (spec), rounded down, before or after now', () => {
    expect(shortSpan(NOW - 5 * MIN, NOW)).toEqual({ amount: 5, unit: 'm', past: true });
    expect(shortSpan(NOW - 2 * HOUR - 59 * MIN, NOW)).toEqual({ amount: 2, unit: 'h', past: true });
    expect(shortSpan(NOW - 3 * DAY - 23 * HOUR, NOW)).toEqual({ amount: 3, unit: 'd', past: true });
    expect(shortSpan(NOW + 2 * HOUR, NOW)).toEqual({ amount: 2, unit: 'h', past: false });
  });

  it('never say 0m', () => {
    expect(shortSpan(NOW - 10_000, NOW)).toEqual({ amount: 1, unit: 'm', past: true });
    expect(shortSpan(NOW, NOW)).toEqual({ amount: 1, unit: 'm', past: false });
  });
});
