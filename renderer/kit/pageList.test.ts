import { describe, expect, it } from 'vitest';
import { pageList, totalPagesOf } from './pageList.js';

/** Renders slots as text: pages as numbers, gaps as "…". */
const show = (current: number, total: number, shown?: number, margin?: number) =>
  pageList(current, total, shown, margin)
    .map((s) => (s.kind === 'page' ? String(s.page) : '…'))
    .join(' ');

describe('pageList (5 pages shown, 2 margin pages)', () => {
  it('shows nothing when there are no pages', () => {
    expect(show(1, 0)).toBe('');
  });

  it('shows every page when they fit', () => {
    expect(show(1, 1)).toBe('1');
    expect(show(3, 5)).toBe('1 2 3 4 5');
    expect(show(1, 9)).toBe('1 2 3 4 5 … 8 9');
  });

  it('keeps the window whole at the start', () => {
    expect(show(1, 20)).toBe('1 2 3 4 5 … 19 20');
    expect(show(3, 20)).toBe('1 2 3 4 5 … 19 20');
  });

  it('centres the window on the current page in the middle', () => {
    expect(show(10, 20)).toBe('1 2 … 8 9 10 11 12 … 19 20');
  });

  it('shows a lone hidden page instead of a gap', () => {
    expect(show(6, 20)).toBe('1 2 3 4 5 6 7 8 … 19 20');
    expect(show(5, 20)).toBe('1 2 3 4 5 6 7 … 19 20');
  });

  it('keeps the window whole at the end', () => {
    expect(show(20, 20)).toBe('1 2 … 16 17 18 19 20');
    expect(show(18, 20)).toBe('1 2 … 16 17 18 19 20');
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 6)).toBe('1 2 3 4 5 6');
    expect(show(-3, 20)).toBe('1 2 3 4 5 … 19 20');
  });

  it('gives gaps distinct keys', () => {
    const gaps = pageList(10, 20).filter((s) => s.kind === 'gap');
    expect(gaps).toHaveLength(2);
    expect(new Set(gaps.map((g) => (g.kind === 'gap' ? g.key : ''))).size).toBe(2);
  });

  it('honours other window and margin sizes', () => {
    expect(show(10, 20, 3, 1)).toBe('1 … 9 10 11 … 20');
  });
});

describe('totalPagesOf', () => {
  it('rounds up and treats empty lists as no pages', () => {
    expect(totalPagesOf(0, 20)).toBe(0);
    expect(totalPagesOf(1, 20)).toBe(1);
    expect(totalPagesOf(40, 20)).toBe(2);
    expect(totalPagesOf(41, 20)).toBe(3);
  });
});
