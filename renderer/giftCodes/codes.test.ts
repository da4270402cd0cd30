import { describe, expect, it } from 'vitest';
import type { Grant } from '../../shared/api/giftCodes.js';
import {
  cleanPrefix,
  currencyDigits,
  endpointsOf,
  formatPrice,
  grantText,
  groupCode,
  majorTextToMinor,
  minorToMajorText,
  normalizeCode,
  usedShare,
} from './codes.js';

describe('codes as shown and typed', () => {
  it('groups a code by dashes in fours, whatever dashes, spaces and case it came with', () => {
    expect(groupCode('ACDEFGHJKMNP')).toBe('ACDE-FGHJ-KMNP');
    expect(groupCode('acde fghj-kmnp')).toBe('ACDE-FGHJ-KMNP');
    expect(groupCode('A-C-D-E-F')).toBe('ACDE-F');
    // A prefixed code: the groups run on from the prefix, the last one shorter.
    expect(groupCode('VIP3ACDEFGHJKMN')).toBe('VIP3-ACDE-FGHJ-KMN');
    expect(groupCode('')).toBe('');
  });

  it('normalizes a typed code the way the contract does', () => {
    expect(normalizeCode(' acde-fghj kmnp ')).toBe('ACDEFGHJKMNP');
  });

  it('keeps only the code alphabet in a prefix, upper-cased, and says what it left out', () => {
    expect(cleanPrefix('vip')).toEqual({ value: 'VP', dropped: ['I'] });
    expect(cleanPrefix('a0o 1x')).toEqual({ value: 'AX', dropped: ['0', 'O', '1'] });
    expect(cleanPrefix('ee')).toEqual({ value: 'EE', dropped: [] });
  });

  it('names the calls of each kind under its own capability', () => {
    expect(endpointsOf('activeCode').create).toBe('activeCodes.create');
    expect(endpointsOf('shopTicket').codes).toBe('shopTickets.codes');
  });
});

describe('money in minor units', () => {
  it('knows the fraction digits of a currency', () => {
    expect(currencyDigits('CNY')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('not a code')).toBe(2);
  });

  it('turns minor units into major-unit text exactly and back', () => {
    expect(minorToMajorText(648, 2)).toBe('6.48');
    expect(minorToMajorText(5, 2)).toBe('0.05');
    expect(minorToMajorText(0, 2)).toBe('0.00');
    expect(minorToMajorText(1200, 0)).toBe('1200');
    expect(majorTextToMinor('6.48', 2)).toBe(648);
    expect(majorTextToMinor('6,5', 2)).toBe(650);
    expect(majorTextToMinor(' 6 ', 2)).toBe(600);
    expect(majorTextToMinor('0.29', 2)).toBe(29);
    expect(majorTextToMinor('6.481', 2)).toBeNull();
    expect(majorTextToMinor('-1', 2)).toBeNull();
    expect(majorTextToMinor('abc', 2)).toBeNull();
    expect(majorTextToMinor('6.5', 0)).toBeNull();
  });

  it('formats a price in the page language', () => {
    expect(formatPrice(648, 'CNY', 'en')).toBe('CN¥6.48');
    expect(formatPrice(648, 'CNY', 'zh-CN')).toBe('¥6.48');
    expect(formatPrice(0, 'USD', 'en')).toBe('$0.00');
  });
});

describe('what a batch grants', () => {
  const names = { '1': 'Gold', '2': 'Gem' };
  it('lists items with counts by their catalogue names', () => {
    const grant: Grant = {
      kind: 'items',
      rewards: [
        { itemId: 1, count: 1000 },
        { itemId: 3, count: 5 },
      ],
    };
    expect(grantText(grant, names, null, 'en')).toBe('Gold ×1,000, #3 ×5');
  });

  it('says a shop ticket’s item and price', () => {
    const grant: Grant = { kind: 'shopItem', shopItemId: 2, price: 100 };
    expect(grantText(grant, names, 'USD', 'en')).toBe('Gem @ $1.00');
    expect(grantText(grant, names, null, 'en')).toBe('Gem @ 1.00');
  });

  it('measures use against codes times uses per code', () => {
    expect(usedShare({ used: 5, total: 10, usesPerCode: 1 })).toBe(0.5);
    expect(usedShare({ used: 5, total: 10, usesPerCode: 2 })).toBe(0.25);
    expect(usedShare({ used: 0, total: 0, usesPerCode: 1 })).toBe(0);
  });
});
