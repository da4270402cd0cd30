import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  filtersPatch,
  fixedFields,
  parseAmountRange,
  readOrderFilters,
  searchInput,
  withoutFilter,
  type OrderFilters,
} from './filters.js';
import { localDayStart } from '../kit/dates.js';
import { applyPatch } from '../kit/listParams.js';

const read = (q: string) => readOrderFilters(new URLSearchParams(q));

describe('order filters in the URL', () => {
  it('reads every filter and drops what is not one of its options', () => {
    const f = read(
      'status=Completed,Nope,Pending&state=paid,paid&provider=paypal,visa&kind=manual&approval=pending' +
        '&amount=2-5&from=2026-01-02&to=2026-02-30&player=%2042%20&ref=R-1&orderId=goa20261123k7q4m9tx2c',
    );
    expect(f).toEqual({
      paymentStatus: ['Completed', 'Pending'],
      state: ['paid'],
      provider: ['paypal'],
      kind: 'manual',
      approval: 'pending',
      amount: [2, 5],
      from: '2026-01-02',
      playerId: '42',
      providerRef: 'R-1',
      orderId: 'GOA20261123K7Q4M9TX2C',
    });
    expect(read('orderId=no!&kind=gift&approval=x&amount=5-2').orderId).toBeUndefined();
    expect(read('kind=gift').kind).toBeUndefined();
  });

  it('keeps the amount range inside the slider', () => {
    expect(parseAmountRange('1-20')).toEqual([1, 20]);
    expect(parseAmountRange('0-5')).toBeUndefined();
    expect(parseAmountRange('3-21')).toBeUndefined();
    expect(parseAmountRange('5-2')).toBeUndefined();
    expect(parseAmountRange('abc')).toBeUndefined();
  });

  it('round-trips through the URL and drops the open order on a change', () => {
    const f: OrderFilters = {
      paymentStatus: ['Completed'],
      state: [],
      provider: ['wechat', 'alipay'],
      amount: [3, 7],
      playerId: 'p1',
      to: '2026-03-01',
    };
    const next = applyPatch(new URLSearchParams('page=3&order=GOA1234567&tab=x'), filtersPatch(f), 'page');
    expect(next.get('page')).toBeNull();
    expect(next.get('order')).toBeNull();
    expect(next.get('status')).toBe('Completed');
    expect(next.get('provider')).toBe('wechat,alipay');
    expect(next.get('amount')).toBe('3-7');
    expect(next.has('state')).toBe(false);
    expect(readOrderFilters(next)).toEqual(f);
  });

  it('lists active filters as tags and removes one at a time', () => {
    const f = read('status=Completed,Pending&kind=purchase&amount=2-5');
    const tags = activeFilters(f);
    expect(tags).toEqual([
      { field: 'paymentStatus', value: 'Completed' },
      { field: 'paymentStatus', value: 'Pending' },
      { field: 'kind' },
      { field: 'amount' },
    ]);
    const less = withoutFilter(f, { field: 'paymentStatus', value: 'Completed' });
    expect(less.paymentStatus).toEqual(['Pending']);
    expect(f.paymentStatus).toEqual(['Completed', 'Pending']);
    expect(withoutFilter(less, { field: 'amount' }).amount).toBeUndefined();
  });

  it('makes the call: minor units, day instants, the tab fixed', () => {
    const f = read('status=Completed&approval=approved&amount=2-5&from=2026-01-02&to=2026-01-03');
    const input = searchInput(f, null, 'CNY');
    expect(input).toEqual({
      paymentStatus: ['Completed'],
      approval: 'approved',
      amountMin: 200_000,
      amountMax: 500_000,
      from: localDayStart('2026-01-02')?.toISOString(),
      to: localDayStart('2026-01-04')?.toISOString(),
    });
    // The tab's filter wins over the URL's for what it fixes.
    const unhandled = searchInput(f, 'unhandled', 'CNY');
    expect(unhandled).toMatchObject({ state: ['paid', 'deliveryFailed'], approval: 'approved' });
    expect(unhandled).not.toHaveProperty('paymentStatus');
    expect(searchInput(f, 'awaitingApproval', 'CNY')).toMatchObject({ approval: 'pending' });
    expect(fixedFields('refunds')).toEqual(new Set(['state', 'paymentStatus']));
    expect(fixedFields(null).size).toBe(0);
  });

  it('says when the days run backwards', () => {
    expect(searchInput(read('from=2026-02-01&to=2026-01-01'), null, 'CNY')).toBe('reversed');
    expect(searchInput(read('from=2026-02-01&to=2026-02-01'), null, 'CNY')).not.toBe('reversed');
  });
});

describe('days of a named time zone (a report leads to the list)', () => {
  it('reads a known zone, drops one that does not exist, and keeps it in the URL patch', () => {
    expect(read('from=2026-03-01&to=2026-03-01&zone=Asia/Shanghai').zone).toBe('Asia/Shanghai');
    expect(read('from=2026-03-01&zone=Mars/Olympus').zone).toBeUndefined();
    const f: OrderFilters = { paymentStatus: [], state: [], provider: ['wechat'], zone: 'UTC' };
    expect(filtersPatch(f)['zone']).toBe('UTC');
    expect(activeFilters(f)).toContainEqual({ field: 'zone' });
    expect(withoutFilter(f, { field: 'zone' }).zone).toBeUndefined();
  });

  it("asks for that zone's days, whatever the operator's own zone", () => {
    const input = searchInput(read('from=2026-03-01&to=2026-03-02&zone=Asia/Shanghai'), null, 'CNY');
    // Shanghai is 8 hours ahead of UTC all year.
    expect(input).toMatchObject({ from: '2026-02-28T16:00:00.000Z', to: '2026-03-02T16:00:00.000Z' });
    expect(searchInput(read('from=2026-03-02&to=2026-03-01&zone=UTC'), null, 'CNY')).toBe('reversed');
  });
});

describe('days the orders were paid (a day of revenue leads to the list)', () => {
  it('reads, writes back and removes the paid days like the created ones', () => {
    const f = read('paidFrom=2026-03-01&paidTo=2026-02-31&zone=UTC');
    expect(f).toMatchObject({ paidFrom: '2026-03-01', zone: 'UTC' });
    expect(f.paidTo).toBeUndefined();
    const both: OrderFilters = { ...f, paidTo: '2026-03-01' };
    expect(applyPatch(new URLSearchParams(), filtersPatch(both)).toString()).toBe(
      'paidFrom=2026-03-01&paidTo=2026-03-01&zone=UTC',
    );
    expect(activeFilters(both)).toEqual([{ field: 'paidFrom' }, { field: 'paidTo' }, { field: 'zone' }]);
    expect(withoutFilter(both, { field: 'paidFrom' }).paidFrom).toBeUndefined();
  });

  it('asks for payments in those days of the zone, apart from the creation days, and says when they run backwards', () => {
    const input = searchInput(
      read('from=2026-02-28&to=2026-03-01&paidFrom=2026-03-01&paidTo=2026-03-01&zone=Asia/Shanghai'),
      null,
      'CNY',
    );
    expect(input).toMatchObject({
      from: '2026-02-27T16:00:00.000Z',
      to: '2026-03-01T16:00:00.000Z',
      paidFrom: '2026-02-28T16:00:00.000Z',
      paidTo: '2026-03-01T16:00:00.000Z',
    });
    expect(searchInput(read('paidFrom=2026-03-02&paidTo=2026-03-01'), null, 'CNY')).toBe('reversed');
  });
});
