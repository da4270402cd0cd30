import { sql, type Kysely } from 'kysely';
import {
  PAYMENT_STATUS_STATES,
  type Approval,
  type Order,
  type OrderKind,
  type OrderSort,
  type OrderState,
  type PaymentStatus,
  type Provider,
} from '../../../shared/api/orders.js';
import type { SortOrder } from '../../../shared/api/sorting.js';
import type { Language } from '../../../shared/codes.js';
import type { GameId } from '../../../shared/games.js';
import { countOnce, pageResult, pageWindow, type PageInput } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { sortedBy } from '../../db/sorting.js';
import { toOrder } from './read.js';

/** The orders list's search: filters, paging and a capped count. */

export interface OrderFilters extends PageInput {
  /** Absent: every game (payOrders.list). */
  game?: GameId | undefined;
  orderId?: string | undefined;
  playerId?: string | undefined;
  providerRef?: string | undefined;
  state?: readonly OrderState[] | undefined;
  paymentStatus?: readonly PaymentStatus[] | undefined;
  provider?: readonly Provider[] | undefined;
  kind?: OrderKind | undefined;
  approval?: Approval | undefined;
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  /** Created at or after (ISO). */
  from?: string | undefined;
  /** Created before (ISO). */
  to?: string | undefined;
  /** Paid at or after (ISO): only orders with a payment. */
  paidFrom?: string | undefined;
  /** Paid before (ISO). */
  paidTo?: string | undefined;
  /** A column to sort by, and its direction; without it newest first. */
  sort?: OrderSort | undefined;
  order?: SortOrder | undefined;
}

/** The sort keys' columns: each leads an index after the game (orders migration 0003_sorts). */
const SORT_COLUMNS: Record<OrderSort, string> = { createdAt: 'created_at', amount: 'amount', state: 'state' };

/** Past this many matches the count stops (counting ten million rows for a page header is waste). */
export const SEARCH_COUNT_CAP = 10_000;

/** Orders matching every given filter, newest first, with a count capped at SEARCH_COUNT_CAP. */
export async function searchOrders(
  db: Kysely<Database>,
  f: OrderFilters,
  lang: Language = 'en',
): Promise<{ items: Order[]; total: number; page: number; pageSize: number; totalCapped: boolean }> {
  let q = db.selectFrom('orders');
  if (f.game) q = q.where('game', '=', f.game);
  if (f.orderId) q = q.where('order_id', '=', f.orderId);
  if (f.playerId) q = q.where('player_id', '=', f.playerId);
  if (f.providerRef) q = q.where('provider_ref', '=', f.providerRef);
  if (f.state && f.state.length > 0) q = q.where('state', 'in', [...f.state]);
  if (f.paymentStatus && f.paymentStatus.length > 0)
    q = q.where('state', 'in', [...new Set(f.paymentStatus.flatMap((s) => PAYMENT_STATUS_STATES[s]))]);
  if (f.provider && f.provider.length > 0) q = q.where('provider', 'in', [...f.provider]);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.approval) q = q.where('approval', '=', f.approval);
  if (f.amountMin !== undefined) q = q.where('amount', '>=', f.amountMin);
  if (f.amountMax !== undefined) q = q.where('amount', '<=', f.amountMax);
  if (f.from) q = q.where('created_at', '>=', new Date(f.from));
  if (f.to) q = q.where('created_at', '<', new Date(f.to));
  if (f.paidFrom) q = q.where('paid_at', '>=', new Date(f.paidFrom));
  if (f.paidTo) q = q.where('paid_at', '<', new Date(f.paidTo));

  const { limit, offset } = pageWindow(f);
  const ordered = () =>
    sortedBy(
      q.selectAll(),
      f,
      SORT_COLUMNS,
      (n) => n.orderBy('created_at', 'desc').orderBy('order_id', 'desc'),
      'order_id',
    );
  if (f.orderId) {
    // An order id is the primary key: one row or none, so its count is the row itself.
    const hit = await ordered().limit(1).execute();
    const items = offset === 0 ? hit.map((r) => toOrder(r, lang)) : [];
    return { ...pageResult(items, hit.length, f), totalCapped: false };
  }
  const [n, rows] = await Promise.all([
    countOnce(f, async () => {
      const counted = await db
        .selectFrom(
          q
            .select(sql`1`.as('one'))
            .limit(SEARCH_COUNT_CAP + 1)
            .as('m'),
        )
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(counted.n);
    }),
    ordered().limit(limit).offset(offset).execute(),
  ]);
  const capped = n > SEARCH_COUNT_CAP;
  return {
    ...pageResult(
      rows.map((r) => toOrder(r, lang)),
      capped ? SEARCH_COUNT_CAP : n,
      f,
    ),
    totalCapped: capped,
  };
}
