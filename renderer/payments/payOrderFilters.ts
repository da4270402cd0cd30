import type { InputOf } from '../../shared/api/table.js';
import type { FilterField, OrderFilters } from '../orders/filters.js';
import { searchInput } from '../orders/filters.js';
import { dayRange, type DayRange } from './dayRange.js';

/**
 * /pay/orders filters every game's orders with the game order lists' drawer: the same URL
 * parameters and the same call, plus a game and with the range of days the spec's call takes
 * (start and end; the last 7 days unless the URL says otherwise).
 */

/**
 * What the drawer does not offer here: an amount range is in thousands of one game's currency,
 * and this list mixes the games' currencies; the paid days are a game report's drill-down.
 */
export const PAY_ORDERS_FIXED: ReadonlySet<FilterField> = new Set(['amount', 'paidFrom', 'paidTo']);

export type PayOrdersInput = Omit<InputOf<'payOrders.list'>, 'page' | 'pageSize'>;

export function payOrdersInput(f: OrderFilters, today: Date): { range: DayRange; input: PayOrdersInput } {
  const range = dayRange(f.from ?? null, f.to ?? null, today);
  const rest: OrderFilters = { ...f };
  delete rest.from;
  delete rest.to;
  delete rest.amount;
  delete rest.paidFrom;
  delete rest.paidTo;
  // Without days the search's filters are never a range given backwards.
  const search = searchInput(rest, null, null);
  const input: PayOrdersInput = {
    ...(search === 'reversed' ? {} : search),
    start: range.start,
    end: range.end,
  };
  if (f.game) input.game = f.game;
  return { range, input };
}
