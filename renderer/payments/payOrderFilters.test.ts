import { describe, expect, it } from 'vitest';
import { readOrderFilters } from '../orders/filters.js';
import { dayRange } from './dayRange.js';
import { payOrdersInput } from './payOrderFilters.js';

const TODAY = new Date(2026, 2, 10, 15, 30);
const read = (q: string) => readOrderFilters(new URLSearchParams(q), true);

describe("the pay orders' filters", () => {
  it("are the order drawer's, with a game and the last 7 days by default", () => {
    const { range, input } = payOrdersInput(
      read('game=lw&state=paid,delivered&provider=paypal&kind=purchase'),
      TODAY,
    );
    expect(range).toEqual(dayRange(null, null, TODAY));
    expect(input).toEqual({
      game: 'lw',
      state: ['paid', 'delivered'],
      provider: ['paypal'],
      kind: 'purchase',
      start: range.start,
      end: range.end,
    });
  });

  it('take the days as the range, either way round, and leave out an amount (mixed currencies) and paid days', () => {
    const { range, input } = payOrdersInput(
      read('from=2026-03-05&to=2026-03-01&amount=2-5&player=p9&paidFrom=2026-03-04&paidTo=2026-03-02'),
      TODAY,
    );
    expect([range.from, range.to]).toEqual(['2026-03-01', '2026-03-05']);
    expect(input).toEqual({ playerId: 'p9', start: range.start, end: range.end });
  });

  it('read no game where the list is one game’s', () => {
    expect(readOrderFilters(new URLSearchParams('game=lw')).game).toBeUndefined();
    expect(read('game=chess').game).toBeUndefined();
  });
});
