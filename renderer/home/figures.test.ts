import { describe, expect, it } from 'vitest';
import { clockTime, deltaOf, formatFigure, formatShare, intentOf, sparklinePoints } from './figures.js';

describe('landing page figures', () => {
  it('says how a figure moved against a day before', () => {
    expect(deltaOf(125, 100)).toEqual({ direction: 'up', share: 0.25 });
    expect(deltaOf(90, 120)).toEqual({ direction: 'down', share: -0.25 });
    expect(deltaOf(7, 7)).toEqual({ direction: 'same', share: 0 });
    // From nothing there is a direction but no share; nothing on both sides is no move.
    expect(deltaOf(5, 0)).toEqual({ direction: 'up', share: null });
    expect(deltaOf(0, 0)).toEqual({ direction: 'same', share: null });
    // ARPPU without payers has no value: nothing to compare.
    expect(deltaOf(null, 300)).toEqual({ direction: 'none', share: null });
    expect(deltaOf(300, null)).toEqual({ direction: 'none', share: null });
  });

  it('colours up as good news and down as bad, the rest neither', () => {
    expect(intentOf(deltaOf(2, 1))).toBe('success');
    expect(intentOf(deltaOf(1, 2))).toBe('danger');
    expect(intentOf(deltaOf(1, 1))).toBe('none');
    expect(intentOf(deltaOf(null, 1))).toBe('none');
  });

  it('writes shares signed, in each language, finer when small', () => {
    expect(formatShare(0.25, 'en')).toBe('+25%');
    expect(formatShare(-0.034, 'en')).toBe('-3.4%');
    expect(formatShare(1.5, 'zh-CN')).toBe('+150%');
    expect(formatShare(0, 'en')).toBe('0%');
    expect(formatShare(null, 'en')).toBe('');
  });

  it('formats counts as numbers and money in the game currency, ARPPU to the smallest unit', () => {
    expect(formatFigure('active', 12345, 'USD', 'en')).toBe('12,345');
    expect(formatFigure('revenue', 123456, 'USD', 'en')).toBe('$1,234.56');
    expect(formatFigure('revenue', 123456, 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatFigure('arppu', 1000 / 3, 'USD', 'en')).toBe('$3.33');
    expect(formatFigure('arppu', null, 'USD', 'en')).toBe('–');
  });

  it('draws a trend from floor to top, skipping unknown days, flat in the middle', () => {
    expect(sparklinePoints([0, 5, 10], 100, 20)).toBe('0,20 50,10 100,0');
    expect(sparklinePoints([3, null, 3], 100, 20)).toBe('0,10 100,10');
    expect(sparklinePoints([4], 100, 20)).toBe('');
    expect(sparklinePoints([null, null], 100, 20)).toBe('');
  });

  it("says the time in the studio's zone, not the browser's", () => {
    expect(clockTime('2026-11-27T06:05:00Z', 'Asia/Shanghai', 'en')).toBe('14:05');
    expect(clockTime('2026-11-27T06:05:00Z', 'UTC', 'zh-CN')).toBe('06:05');
  });
});
