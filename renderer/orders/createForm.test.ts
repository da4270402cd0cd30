import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, checkCreate, needsApproval, newRequestId } from './createForm.js';

describe('the create-order form', () => {
  it('makes one request id per form, letters and digits only', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(a);
  });

  it('sends the amount in minor units with the request id', () => {
    const { input, errors } = checkCreate(
      'atomicwar',
      { ...EMPTY_DRAFT, playerId: ' 42 ', amount: '6000.5', reason: 'lost gems' },
      'CNY',
      'req12345',
    );
    expect(errors).toEqual({});
    expect(input).toEqual({
      game: 'atomicwar',
      playerId: '42',
      grant: { kind: 'amount' },
      amount: 600050,
      requestId: 'req12345',
      reason: 'lost gems',
    });
  });

  it('sends items with their counts', () => {
    const { input } = checkCreate(
      'lw',
      {
        ...EMPTY_DRAFT,
        playerId: '7',
        kind: 'items',
        items: [
          { itemId: '3', count: '2' },
          { itemId: '5', count: '10' },
        ],
        amount: '30',
        reason: 'compensation',
      },
      'CNY',
      'req12345',
    );
    expect(input?.grant).toEqual({
      kind: 'items',
      rewards: [
        { itemId: 3, count: 2 },
        { itemId: 5, count: 10 },
      ],
    });
  });

  it('says what is wrong', () => {
    const base = { ...EMPTY_DRAFT, playerId: '1', amount: '1', reason: 'ok reason' };
    expect(checkCreate('lw', { ...EMPTY_DRAFT }, 'CNY', 'r1234567').errors).toEqual({
      playerId: 'playerId',
      amount: 'amountFormat',
      reason: 'reason',
    });
    expect(checkCreate('lw', { ...base, amount: '0' }, 'CNY', 'r1234567').errors.amount).toBe('amountMin');
    expect(checkCreate('lw', { ...base, amount: '1.234' }, 'CNY', 'r1234567').errors.amount).toBe(
      'amountFormat',
    );
    expect(checkCreate('lw', { ...base, amount: '2000000' }, 'CNY', 'r1234567').errors.amount).toBe(
      'amountMax',
    );
    const items = (lines: { itemId: string; count: string }[]) =>
      checkCreate('lw', { ...base, kind: 'items', items: lines }, 'CNY', 'r1234567').errors.items;
    expect(items([])).toBe('itemsEmpty');
    expect(items([{ itemId: '', count: '1' }])).toBe('itemsChoose');
    expect(items([{ itemId: '2', count: '0' }])).toBe('itemsCount');
    expect(items([{ itemId: '2', count: '1.5' }])).toBe('itemsCount');
    expect(
      items([
        { itemId: '2', count: '1' },
        { itemId: '2', count: '3' },
      ]),
    ).toBe('itemsTwice');
  });

  it('warns at or above the threshold', () => {
    expect(needsApproval(500_000, 500_000)).toBe(true);
    expect(needsApproval(499_999, 500_000)).toBe(false);
    expect(needsApproval(null, 500_000)).toBe(false);
    expect(needsApproval(500_000, undefined)).toBe(false);
  });
});
