import { describe, expect, it } from 'vitest';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { checkBound, fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import {
  EMPTY_DRAFT,
  GRANT_KINDS,
  createOrderForm,
  draftAmount,
  needsApproval,
  newRequestId,
  thresholdForm,
  type CreateDraft,
  type PackEntry,
} from './createForm.js';

const E = 'orders.create.fields';
const check = (
  game: 'atomicwar' | 'lw',
  d: CreateDraft,
  currency: string,
  requestId: string,
  packs?: readonly PackEntry[],
) => checkBound(createOrderForm(game, requestId, currency, packs), d);
const errorsOf = (r: ReturnType<typeof check>) => (r.ok ? {} : r.errors);

describe('the create-order form', () => {
  it('makes one request id per form, letters and digits only', () => {
    const a = newRequestId();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newRequestId()).not.toBe(a);
  });

  it('sends the amount in minor units with the request id', () => {
    const r = check(
      'atomicwar',
      { ...EMPTY_DRAFT, playerId: ' 42 ', amount: '6000.5', reason: 'lost gems' },
      'CNY',
      'req12345',
    );
    expect(r).toEqual({
      ok: true,
      input: {
        game: 'atomicwar',
        playerId: '42',
        grant: { kind: 'amount' },
        amount: 600050,
        requestId: 'req12345',
        reason: 'lost gems',
      },
    });
  });

  it('sends items with their counts', () => {
    const r = check(
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
    expect(r.ok && r.input.grant).toEqual({
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
    expect(check('atomicwar', draft, 'USD', 'req12345', packs)).toEqual({
      ok: true,
      input: {
        game: 'atomicwar',
        playerId: '42',
        grant: { kind: 'recharge', productId: 12002 },
        amount: 999,
        requestId: 'req12345',
        reason: 'lost purchase',
      },
    });
    // No pack chosen, or the packs not loaded yet: the pack is what is missing, not the amount.
    const pack = { grant: `${E}.grant.invalid.pack` };
    expect(check('atomicwar', { ...draft, packId: '' }, 'USD', 'req12345', packs)).toEqual({
      ok: false,
      errors: pack,
    });
    expect(errorsOf(check('atomicwar', draft, 'USD', 'req12345'))).toEqual(pack);
    expect(errorsOf(check('atomicwar', { ...draft, packId: '99' }, 'USD', 'req12345', packs))).toEqual(pack);
    // Back to an amount, the typed amount counts again.
    expect(draftAmount({ ...draft, kind: 'amount' }, 'USD', packs)).toBe(600000);
  });

  it('says what is wrong', () => {
    const base = { ...EMPTY_DRAFT, playerId: '1', amount: '1', reason: 'ok reason' };
    expect(errorsOf(check('lw', { ...EMPTY_DRAFT }, 'CNY', 'r1234567'))).toEqual({
      playerId: `${E}.playerId.invalid`,
      amount: `${E}.amount.invalid.format`,
      reason: `${E}.reason.invalid`,
    });
    const amount = (text: string) =>
      errorsOf(check('lw', { ...base, amount: text }, 'CNY', 'r1234567')).amount;
    expect(amount('0')).toBe(`${E}.amount.invalid.min`);
    expect(amount('1.234')).toBe(`${E}.amount.invalid.format`);
    expect(amount('12abc')).toBe(`${E}.amount.invalid.format`);
    expect(amount('2000000')).toBe(`${E}.amount.invalid.max`);
    expect(errorsOf(check('lw', { ...base, playerId: 'x'.repeat(33) }, 'CNY', 'r1234567'))).toEqual({
      playerId: `${E}.playerId.invalid`,
    });
    const items = (lines: { itemId: string; count: string }[]) =>
      errorsOf(check('lw', { ...base, kind: 'items', items: lines }, 'CNY', 'r1234567')).grant;
    expect(items([])).toBe(`${E}.grant.invalid.empty`);
    expect(items(Array.from({ length: 21 }, (_, i) => ({ itemId: String(i + 1), count: '1' })))).toBe(
      `${E}.grant.invalid.many`,
    );
    expect(items([{ itemId: '', count: '1' }])).toBe(`${E}.grant.invalid.choose`);
    expect(items([{ itemId: '2', count: '0' }])).toBe(`${E}.grant.invalid.count`);
    expect(items([{ itemId: '2', count: '1.5' }])).toBe(`${E}.grant.invalid.count`);
    expect(
      items([
        { itemId: '2', count: '1' },
        { itemId: '2', count: '3' },
      ]),
    ).toBe(`${E}.grant.invalid.twice`);
  });

  it('marks the fields a refusal names by the same texts as its own check', () => {
    const form = createOrderForm('lw', 'r1234567', 'CNY', []);
    expect(fieldsOf(form)).toEqual(['playerId', 'kind', 'items', 'packId', 'amount', 'reason', 'grant']);
    expect(invalidKeyOf(form, 'grant', { ...EMPTY_DRAFT, kind: 'recharge' })).toBe(`${E}.grant.invalid.pack`);
    expect(invalidKeyOf(form, 'amount', { ...EMPTY_DRAFT, amount: '0' })).toBe(`${E}.amount.invalid.min`);
  });

  it('warns at or above the threshold', () => {
    expect(needsApproval(500_000, 500_000)).toBe(true);
    expect(needsApproval(499_999, 500_000)).toBe(false);
    expect(needsApproval(null, 500_000)).toBe(false);
    expect(needsApproval(500_000, undefined)).toBe(false);
  });
});

describe('the approval threshold form', () => {
  it('sends the threshold in minor units with the reason, and refuses what is not an amount', () => {
    const form = thresholdForm('lw', 'CNY', '5000.00');
    expect(checkBound(form, { approvalThreshold: ' 6000.5 ', reason: ' raised ' })).toEqual({
      ok: true,
      input: { game: 'lw', approvalThreshold: 600050, reason: 'raised' },
    });
    for (const bad of ['', '0', 'x', '1.234', '2000000'])
      expect(checkBound(form, { approvalThreshold: bad, reason: 'raised' })).toEqual({
        ok: false,
        errors: { approvalThreshold: 'orders.settings.fields.approvalThreshold.invalid' },
      });
    expect(checkBound(form, { approvalThreshold: '1', reason: 'x' })).toEqual({
      ok: false,
      errors: { reason: 'orders.settings.fields.reason.invalid' },
    });
  });
});

const zh = flattenKeys(await loadCatalogue('zh-CN'));
const en = flattenKeys(await loadCatalogue('en'));

describe('the order forms’ texts', () => {
  const both = (key: string) => {
    expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
    expect(en.has(key), `en lacks ${key}`).toBe(true);
  };

  it('say every field and every error the forms can show', () => {
    for (const f of ['playerId', 'amount', 'reason']) both(`${E}.${f}.label`);
    for (const p of ['pack', 'empty', 'many', 'choose', 'count', 'twice']) both(`${E}.grant.invalid.${p}`);
    for (const p of ['format', 'min', 'max']) both(`${E}.amount.invalid.${p}`);
    for (const kind of GRANT_KINDS) {
      const form = createOrderForm('lw', 'r1234567', 'CNY', []);
      const draft = { ...EMPTY_DRAFT, kind };
      for (const f of ['playerId', 'amount', 'reason', 'grant'] as const) both(invalidKeyOf(form, f, draft));
    }
    const threshold = thresholdForm('lw', 'CNY', '1');
    for (const f of fieldsOf(threshold)) {
      both(`orders.settings.fields.${f}.label`);
      both(invalidKeyOf(threshold, f, threshold.initial));
    }
  });
});
