import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, ROW_HEIGHT, tableBoxHeight, tableBoxWidth } from './tableSize.js';

describe('table box', () => {
  it('fits every row of a page', () => {
    expect(tableBoxHeight(20, 'all')).toBe(HEADER_HEIGHT + 20 * ROW_HEIGHT + 8);
    expect(tableBoxHeight(0, 'all')).toBe(HEADER_HEIGHT + 8);
  });

  it('stops growing at its row limit, so a long table scrolls inside it', () => {
    expect(tableBoxHeight(3, { rows: 15 })).toBeLessThan(tableBoxHeight(15, { rows: 15 }));
    expect(tableBoxHeight(10_000, { rows: 15 })).toBe(tableBoxHeight(15, { rows: 15 }));
  });

  it('is as wide as its columns', () => {
    expect(tableBoxWidth([100, 150])).toBe(252);
  });
});
