import { describe, expect, it } from 'vitest';
import type { Grant } from '../../shared/api/giftCodes.js';
import { cleanPrefix, endpointsOf, grantText, groupCode, normalizeCode, usedShare } from './codes.js';

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
    expect(endpointsOf('activeCode').create).toBe('giftCodes.create');
    expect(endpointsOf('shopTicket').codes).toBe('shopTickets.codes');
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
