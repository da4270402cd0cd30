import { describe, expect, it } from 'vitest';
import { checkBound } from '../kit/form/bound.js';
import { addRewardLine, batchForm, emptyBatch, withShopItem, type BatchDraft } from './batchForm.js';

const NOW = new Date(2026, 3, 1, 10, 30).getTime();

const checkBatch = (game: 'lw', d: BatchDraft, digits: number) =>
  checkBound(batchForm(game, d.kind, digits, NOW), d);

function draft(patch: Partial<BatchDraft> = {}, kind: BatchDraft['kind'] = 'activeCode'): BatchDraft {
  return {
    ...emptyBatch(kind, NOW),
    name: 'Spring event',
    reason: 'spring promotion',
    rewards: [{ key: 1, itemId: '7', count: '100' }],
    ...patch,
  };
}

describe('the new-batch form', () => {
  it('starts valid from now for 30 days, one single-use code', () => {
    const d = emptyBatch('activeCode', NOW);
    expect(d.validFrom).toBe('2026-04-01T10:30');
    expect(d.validUntil).toBe('2026-05-01T10:30');
    expect([d.count, d.usesPerCode, d.usesPerPlayer]).toEqual(['1', '1', '1']);
  });

  it('maps an activation-code draft to the create input', () => {
    const r = checkBatch('lw', draft({ count: ' 50 ', prefix: 'vp', channel: ' partner ' }), 2);
    expect(r).toEqual({
      ok: true,
      input: {
        game: 'lw',
        name: 'Spring event',
        count: 50,
        prefix: 'VP',
        channel: 'partner',
        grant: { kind: 'items', rewards: [{ itemId: 7, count: 100 }] },
        validFrom: new Date(2026, 3, 1, 10, 30).toISOString(),
        validUntil: new Date(2026, 4, 1, 10, 30).toISOString(),
        usesPerCode: 1,
        usesPerPlayer: 1,
        reason: 'spring promotion',
      },
    });
  });

  it('maps a shop-ticket draft: the item and the price in minor units', () => {
    const r = checkBatch('lw', draft({ shopItemId: '3', price: '6.48' }, 'shopTicket'), 2);
    expect(r.ok && r.input.grant).toEqual({ kind: 'shopItem', shopItemId: 3, price: 648 });
  });

  it('prefills the price with the shop item’s list price', () => {
    const items = [{ id: 3, name: 'Gem pack', price: 3000, currency: 'CNY' }];
    expect(withShopItem(draft({}, 'shopTicket'), '3', items, 2)).toEqual({ shopItemId: '3', price: '30.00' });
  });

  it('says which fields are wrong, by the contract’s schema', () => {
    const r = checkBatch(
      'lw',
      draft({
        name: 'x',
        count: '100001',
        usesPerCode: '0',
        reason: '',
        rewards: [{ key: 1, itemId: '', count: '1' }],
      }),
      2,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: 'giftCodes.fields.name.invalid',
      count: 'giftCodes.fields.count.invalid',
      grant: 'giftCodes.fields.grant.invalid.activeCode',
      usesPerCode: 'giftCodes.fields.usesPerCode.invalid',
      reason: 'giftCodes.fields.reason.invalid',
    });
  });

  it('refuses half-typed numbers rather than reading a part of them', () => {
    const r = checkBatch('lw', draft({ count: '12abc', usesPerPlayer: '1.5' }), 2);
    expect(!r.ok && r.errors).toEqual({
      count: 'giftCodes.fields.count.invalid',
      usesPerPlayer: 'giftCodes.fields.usesPerPlayer.invalid',
    });
  });

  it('checks what the schema cannot: date order, an item twice, an unreadable price', () => {
    const twice = checkBatch(
      'lw',
      draft({
        rewards: [
          { key: 1, itemId: '7', count: '1' },
          { key: 2, itemId: '7', count: '2' },
        ],
      }),
      2,
    );
    expect(!twice.ok && twice.errors).toEqual({ grant: 'giftCodes.invalid.duplicateReward' });
    const order = checkBatch('lw', draft({ validUntil: '2026-04-01T10:00' }), 2);
    expect(!order.ok && order.errors).toEqual({ validUntil: 'giftCodes.invalid.validOrder' });
    const price = checkBatch('lw', draft({ shopItemId: '3', price: '6.481' }, 'shopTicket'), 2);
    expect(!price.ok && price.errors).toEqual({ price: 'giftCodes.fields.price.invalid' });
    const noItem = checkBatch('lw', draft({ price: '1' }, 'shopTicket'), 2);
    expect(!noItem.ok && noItem.errors).toEqual({ grant: 'giftCodes.fields.grant.invalid.shopTicket' });
  });

  it('refuses a prefix outside the code alphabet and a date that is not one', () => {
    const r = checkBatch('lw', draft({ prefix: 'O0', validFrom: '2026-02-31T10:00' }), 2);
    expect(!r.ok && r.errors).toEqual({
      prefix: 'giftCodes.fields.prefix.invalid',
      validFrom: 'giftCodes.fields.validFrom.invalid',
    });
  });

  it('adds reward lines with fresh keys', () => {
    const lines = addRewardLine([
      { key: 1, itemId: '7', count: '1' },
      { key: 4, itemId: '', count: '1' },
    ]);
    expect(lines.at(-1)).toEqual({ key: 5, itemId: '', count: '1' });
  });
});
