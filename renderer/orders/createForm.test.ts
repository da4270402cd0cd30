import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, checkCreate, draftAmount, needsApproval, newRequestId } from './createForm.js';

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

  it('sends a recharge pack priced from the catalogue, whatever amount was typed before', () => {
    const packs = [
      { id: 12001, name: '500 Atom Credits', price: 499 },
      { id: 12002, name: '1,100 Atom Credits', price: 999 },
    ];
    const draft = {
      ...EMPTY_DRAFT,
      playerId: '42',
      kind: 'recharge' as const,
      packId: '12002',
      amount: '6000',
      reason: 'lost purchase',
    };
    expect(draftAmount(draft, 'USD', packs)).toBe(999);
    const { input, errors } = checkCreate('atomicwar', draft, 'USD', 'req12345', packs);
    expect(errors).toEqual({});
    expect(input).toEqual({
      game: 'atomicwar',
      playerId: '42',
      grant: { kind: 'recharge', productId: 12002 },
      amount: 999,
      requestId: 'req12345',
      reason: 'lost purchase',
    });
    // No pack chosen, or the packs not loaded yet: the pack is what is missing, not the amount.
    const none = checkCreate('atomicwar', { ...draft, packId: '' }, 'USD', 'req12345', packs);
    expect(none).toEqual({ input: null, errors: { pack: 'packChoose' } });
    expect(checkCreate('atomicwar', draft, 'USD', 'req12345').errors).toEqual({ pack: 'packChoose' });
    expect(checkCreate('atomicwar', { ...draft, packId: '99' }, 'USD', 'req12345', packs).errors).toEqual({
      pack: 'packChoose',
    });
    // Back to an amount, the typed amount counts again.
    expect(draftAmount({ ...draft, kind: 'amount' }, 'USD', packs)).toBe(600000);
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
