import { randomInt } from 'node:crypto';
import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import {
  ORDER_KINDS,
  ORDER_STATES,
  PAYMENT_STATUS_STATES,
  PAYMENT_STATUSES,
  type Approval,
  type NoticeOutcome,
  type Order,
  type OrderDetail,
  type OrderEvent,
  type OrderGrant,
  type OrderKind,
  type OrderSort,
  type OrderState,
  type PaymentNotice,
  type PaymentStatus,
  type Provider,
} from '../../shared/api/orders.js';
import type { SortOrder } from '../../shared/api/sorting.js';
import { Codes, type Language } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { pageResult, pageWindow, type PageInput } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import { jsonValue, type Database } from '../db/schema.js';
import type { OrdersTable, PaymentNoticesTable } from './tables.js';
import { problem, type Texts } from '../http/problem.js';
import { THEMES } from '../players/themes/index.js';
import { moneyText } from '../players/themes/theme.js';
import type { DatabaseKind } from '../db/open.js';
import { raiseAlert } from '../serverWatch/port.js';
import { ALERT_AFTER_FAILURES, leaseUntil, retryAt } from './backoff.js';
import { deliveryTargetOf, type DeliveryRequest } from './delivery.js';
import { decide, type OrderAction, type OrderFacts } from './transitions.js';

/**
 * The order ledger: every change of an order, each atomic with its history event (one transaction,
 * or one statement: moveOrder), through the transition table (transitions.ts). server/orders'
 * handlers and server/payments call these; nothing else writes `orders`.
 *
 * Delivery is not part of a payment: `applyPayment` commits paid, then `deliverOrder` asks the
 * game (delivery.ts), which keys the grant by order id. A crash in between leaves the order paid
 * and undelivered, visible as such (the "unhandled" tab); every step that leaves an order paid
 * and undelivered also says when the delivery job tries again (`next_delivery_at`, backoff.ts),
 * so the job (redelivery.ts) delivers it after the crash. A crash after the game granted but
 * before `delivered` was written costs nothing either: the next try is answered "already
 * delivered".
 */

export type OrderRow = Selectable<OrdersTable>;

/** What the ledger needs of a call: its database (a transaction in an audited call) and the root handle. */
export interface LedgerCtx {
  db: Kysely<Database>;
  deps: { db: Kysely<Database>; kind: DatabaseKind };
  lang: Language;
  /** Inside an audited call: runs a job once its transaction has committed (HandlerContext). */
  afterCommit?: ((job: () => Promise<void>) => void) | undefined;
}

/** Manual orders of this many minor units or more need a second ADMIN, unless the game says otherwise. */
export const DEFAULT_APPROVAL_THRESHOLD = 50_000;

export const CRASH_AFTER_PAID_ENV = 'GAMEOPS_TEST_CRASH_AFTER_PAID';

/**
 * A test hook: with GAMEOPS_TEST_CRASH_AFTER_PAID=1 the process kills itself (SIGKILL: nothing
 * closes, nothing flushes) right after a payment was committed, before anything is delivered
 * (server/orders/crash.test.ts). Callers that commit paid in their own transaction
 * (server/payments) call it after their commit.
 */
export function crashPointAfterPaid(): void {
  if (process.env[CRASH_AFTER_PAID_ENV] === '1') process.kill(process.pid, 'SIGKILL');
}

// ------------------------------------------------------------------------------ reading

export function paymentStatusOf(state: OrderState): PaymentStatus {
  for (const s of PAYMENT_STATUSES) if (PAYMENT_STATUS_STATES[s].includes(state)) return s;
  return 'Pending';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function parseJson(v: unknown): unknown {
  return typeof v === 'string' ? JSON.parse(v) : v;
}

function errorText(stored: string | null, lang: Language): string | null {
  if (!stored) return null;
  try {
    const t = JSON.parse(stored) as Partial<Texts>;
    return t[lang] ?? t.en ?? stored;
  } catch {
    return stored;
  }
}

export function toOrder(row: OrderRow, lang: Language = 'en'): Order {
  const state = row.state as OrderState;
  return {
    orderId: row.order_id,
    game: row.game as GameId,
    playerId: row.player_id,
    playerName: row.player_name,
    kind: row.kind,
    grant: parseJson(row.grant) as OrderGrant,
    grantLabel: row.grant_label,
    amount: Number(row.amount),
    currency: row.currency,
    state,
    paymentStatus: paymentStatusOf(state),
    provider: (row.provider as Provider | null) ?? null,
    providerRef: row.provider_ref,
    approval: row.approval as Approval,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    paidAt: iso(row.paid_at),
    deliveredAt: iso(row.delivered_at),
    deliveryError: state === 'deliveryFailed' ? errorText(row.delivery_error, lang) : null,
    deliveryAttempts: row.delivery_attempts,
    nextDeliveryAt: state === 'paid' || state === 'deliveryFailed' ? iso(row.next_delivery_at) : null,
    deliveryAlertedAt: iso(row.delivery_alerted_at),
  };
}

const factsOf = (row: OrderRow): OrderFacts => ({
  orderId: row.order_id,
  state: row.state as OrderState,
  kind: row.kind as OrderKind,
  approval: row.approval as Approval,
  createdBy: row.created_by,
});

function notFound(orderId: string, game?: GameId) {
  return game
    ? problem(
        Codes.NOT_FOUND,
        `${GAMES[game].names.en} has no order ${orderId}; check the id (GO + game letter + date + 10 characters)`,
        `${GAMES[game].names['zh-CN']}没有订单 ${orderId}；请检查订单号（GO + 游戏字母 + 日期 + 10 位字符）`,
      )
    : problem(
        Codes.NOT_FOUND,
        `There is no order ${orderId}; check the id (GO + game letter + date + 10 characters)`,
        `没有订单 ${orderId}；请检查订单号（GO + 游戏字母 + 日期 + 10 位字符）`,
      );
}

async function findRow(db: Kysely<Database>, orderId: string, lock = false): Promise<OrderRow | undefined> {
  let q = db.selectFrom('orders').selectAll().where('order_id', '=', orderId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

async function mustFindRow(
  db: Kysely<Database>,
  orderId: string,
  game?: GameId,
  lock = false,
): Promise<OrderRow> {
  const row = await findRow(db, orderId, lock);
  if (!row || (game && row.game !== game)) throw notFound(orderId, game);
  return row;
}

/** One order with its history and notices; 40400 when it is not there (or not in `game`). */
export async function orderDetail(
  db: Kysely<Database>,
  orderId: string,
  lang: Language,
  game?: GameId,
): Promise<OrderDetail> {
  return detailOf(db, await mustFindRow(db, orderId, game), lang);
}

async function detailOf(db: Kysely<Database>, row: OrderRow, lang: Language): Promise<OrderDetail> {
  const [events, notices] = await Promise.all([
    db
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', row.order_id)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_notices')
      .select(['id', 'provider', 'order_id', 'provider_ref', 'received_at', 'outcome', 'detail', 'resent'])
      .where('order_id', '=', row.order_id)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    ...toOrder(row, lang),
    reason: row.reason,
    approvedBy: row.approved_by,
    history: events.map((e): OrderEvent => ({
      at: e.at.toISOString(),
      from: (e.from_state as OrderState | null) ?? null,
      to: e.to_state as OrderState,
      by: e.by,
      action: e.action,
      reason: e.reason,
      detail: e.detail,
    })),
    notices: notices.map((n): PaymentNotice => ({
      id: n.id,
      provider: n.provider as Provider,
      orderId: n.order_id,
      providerRef: n.provider_ref,
      receivedAt: n.received_at.toISOString(),
      outcome: n.outcome as NoticeOutcome,
      detail: n.detail,
      resent: n.resent,
    })),
  };
}

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
  /** A column to sort by, and its direction; without it newest first. */
  sort?: OrderSort | undefined;
  order?: SortOrder | undefined;
}

/** The sort keys' columns: each leads an index after the game (migration 0040). */
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
  const [counted, rows] = await Promise.all([
    db
      .selectFrom(
        q
          .select(sql`1`.as('one'))
          .limit(SEARCH_COUNT_CAP + 1)
          .as('m'),
      )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    ordered().limit(limit).offset(offset).execute(),
  ]);
  const n = Number(counted.n);
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

// ------------------------------------------------------------------------------ settings

export interface OrderSettings {
  game: GameId;
  currency: string;
  approvalThreshold: number;
  updatedBy: string;
  updatedAt: string;
}

export async function orderSettings(db: Kysely<Database>, game: GameId, now: Date): Promise<OrderSettings> {
  const row = await db.selectFrom('order_settings').selectAll().where('game', '=', game).executeTakeFirst();
  return {
    game,
    currency: THEMES[game].currency,
    approvalThreshold: row?.approval_threshold ?? DEFAULT_APPROVAL_THRESHOLD,
    updatedBy: row?.updated_by ?? 'system',
    updatedAt: (row?.updated_at ?? now).toISOString(),
  };
}

export async function saveOrderSettings(
  db: Kysely<Database>,
  game: GameId,
  approvalThreshold: number,
  by: string,
  now: Date,
): Promise<OrderSettings> {
  await db
    .insertInto('order_settings')
    .values({ game, approval_threshold: approvalThreshold, updated_by: by, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('game')
        .doUpdateSet({ approval_threshold: approvalThreshold, updated_by: by, updated_at: now }),
    )
    .execute();
  return orderSettings(db, game, now);
}

// ------------------------------------------------------------------------------ writing

/** Runs `fn` in a transaction, or in the caller's when `db` already is one. */
export async function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

const ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** "GO" + the game's letter + yyyymmdd (UTC) + 10 random characters. */
export function newOrderId(game: GameId, now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  let tail = '';
  for (let i = 0; i < 10; i++) tail += ID_CHARS[randomInt(ID_CHARS.length)];
  return `GO${game[0]?.toUpperCase() ?? 'X'}${day}${tail}`;
}

interface EventInput {
  orderId: string;
  at: Date;
  from: OrderState | null;
  to: OrderState;
  by: string;
  action: string;
  reason?: string;
  detail?: string;
}

async function addEvent(db: Kysely<Database>, e: EventInput): Promise<void> {
  await db
    .insertInto('order_events')
    .values({
      order_id: e.orderId,
      at: e.at,
      from_state: e.from,
      to_state: e.to,
      by: e.by,
      action: e.action,
      reason: e.reason ?? '',
      detail: e.detail ?? '',
    })
    .execute();
}

/** Columns a step sets: values, or SQL computed from the row (an attempt counter). */
type StepSet = { [K in keyof OrderRow]?: OrderRow[K] | RawBuilder<unknown> };

/** A payment notice written with the payment it applies (server/payments), in the same statement. */
export type NoticeValues = Insertable<PaymentNoticesTable>;

/**
 * One step of an order as ONE statement: the update, guarded by the state the step was decided
 * on, and its history event (and, for a payment, its notice) as data-modifying CTEs of it. One
 * statement is atomic on its own, so the step needs no transaction: one round trip instead of
 * begin, lock, update, insert, commit (five, and on the embedded database's single connection,
 * five turns of holding it). The guard stands in for the row lock: when another writer moved the
 * order first, nothing is written and the caller reads the order again and decides anew.
 * A notice whose key was stored meanwhile makes the whole statement fail (unique violation), the
 * payment with it: see isNoticeKeyConflict.
 */
async function moveOrder(
  db: Kysely<Database>,
  from: OrderRow,
  ...step: StepArgs
): Promise<{ row: OrderRow; noticeId: number | null } | undefined> {
  const r = await stepStatement(db, from, ...step);
  return r.row ? { row: r.row, noticeId: r.noticeId } : undefined;
}

/**
 * An order a payment notice can pay without reading it first: in a state and of a kind the
 * transition table lets a notice pay, of this amount and currency, and (with a key) not paid by
 * this notice before.
 */
interface PayableOrder {
  orderId: string;
  amount: number;
  currency: string;
  noticeKey: string | null;
}

/** The (state, kind) pairs a payment notice moves to paid, from the transition table. */
const NOTICE_PAYS = ORDER_STATES.flatMap((state) =>
  ORDER_KINDS.filter(
    (kind) =>
      decide({ orderId: '', state, kind, approval: 'notNeeded', createdBy: '' }, 'notice', '').kind ===
      'move',
  ).map((kind) => [state, kind] as const),
);

/** What a step writes: the columns, its event, and the notice or grant written with it. */
type StepArgs = [
  set: StepSet,
  e: Omit<EventInput, 'orderId' | 'from'>,
  notice?: NoticeValues,
  grant?: StepGrant,
];

async function stepStatement(
  db: Kysely<Database>,
  from: OrderRow | PayableOrder,
  ...[set, e, notice, grant]: StepArgs
): Promise<{ row: OrderRow | null; noticeId: number | null; seenNotice: number | null }> {
  const assignments = Object.entries(set).map(([col, v]) => sql`${sql.id(col)} = ${v}`);
  const payable = 'noticeKey' in from ? from : null;
  const orderId = payable ? payable.orderId : (from as OrderRow).order_id;
  // A payable order's state is read in the statement (p) for its event; the update's guard
  // still compares it, so a writer that moved the order meanwhile makes this write nothing.
  const fromState = payable ? sql`(select state from p)` : sql`cast(${(from as OrderRow).state} as text)`;
  const guard = payable
    ? sql`state = (select state from p)
        and (state, kind) in (${sql.join(NOTICE_PAYS.map(([st, k]) => sql`(${st}, ${k})`))})
        and amount = ${payable.amount} and currency = ${payable.currency}
        ${payable.noticeKey === null ? sql`` : sql`and not exists (select 1 from payment_notices where notice_key = ${payable.noticeKey})`}`
    : sql`state = ${(from as OrderRow).state}`;
  const lead = sql.join(
    [
      ...(payable ? [sql`p as (select state from orders where order_id = ${orderId})`] : []),
      ...(grant ? [sql`g as (${grant.statement})`] : []),
    ],
    sql`, `,
  );
  // The grant runs first in the statement; the event says whether it granted or found it granted.
  const detail = grant
    ? sql`case when exists (select 1 from g) then cast(${grant.granted} as text) else cast(${grant.already} as text) end`
    : sql`cast(${e.detail ?? ''} as text)`;
  // Parameters in a SELECT list have no type to infer: each is cast to its column's.
  const noticeCte = notice
    ? sql`, n as (
        insert into payment_notices (provider, order_id, provider_ref, notice_key, received_at, outcome, detail, raw, resent)
        select cast(${notice.provider} as text), cast(${notice.order_id ?? null} as text),
          cast(${notice.provider_ref ?? null} as text), cast(${notice.notice_key ?? null} as text),
          cast(${notice.received_at} as timestamptz), cast(${notice.outcome} as text),
          cast(${notice.detail ?? ''} as text), cast(${notice.raw} as jsonb), cast(${notice.resent ?? false} as boolean)
        from u returning id)`
    : sql``;
  // A payable order that was not paid still answers one row: whether this notice was seen before.
  const seen =
    payable?.noticeKey != null
      ? sql`(select id from payment_notices where notice_key = ${payable.noticeKey})`
      : sql`cast(null as integer)`;
  const { rows } = await sql<OrderRow & { notice_id: number | null; seen_notice: number | null }>`
    with ${lead}${payable || grant ? sql`, ` : sql``}u as (
      update orders set ${sql.join(assignments)}
      where order_id = ${orderId} and ${guard}
      returning *
    ), e as (
      insert into order_events (order_id, "at", from_state, to_state, "by", action, reason, detail)
      select order_id, cast(${e.at} as timestamptz), ${fromState}, cast(${e.to} as text),
        cast(${e.by} as text), cast(${e.action} as text), cast(${e.reason ?? ''} as text), ${detail}
      from u
    )${noticeCte}
    select u.*, ${notice ? sql`(select id from n)` : sql`cast(null as integer)`} as notice_id,
      ${seen} as seen_notice
    from ${payable ? sql`(select 1) as one left join u on true` : sql`u`}`.execute(db);
  const hit = rows[0];
  if (!hit) return { row: null, noticeId: null, seenNotice: null };
  const { notice_id: noticeId, seen_notice: seenNotice, ...row } = hit;
  return {
    // The left join's row of nulls: nothing was paid.
    row: row.order_id === null ? null : row,
    noticeId: noticeId === null ? null : Number(noticeId),
    seenNotice: seenNotice === null ? null : Number(seenNotice),
  };
}

/** A same-database grant written in a step's statement, with the event's detail for either answer. */
interface StepGrant {
  statement: RawBuilder<unknown>;
  granted: string;
  already: string;
}

/** Whether `err` is the unique violation of a payment notice's key (the same notice applied meanwhile). */
export function isNoticeKeyConflict(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  const where = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return where.includes('notice_key');
}

/** How often a guarded step is tried again after another writer moved the order first. */
const STEP_TRIES = 5;

/** Refuses with the table's code and message, or says whether anything is to change. */
function decideOrThrow(row: OrderRow, action: OrderAction, actor: string): OrderState | null {
  const d = decide(factsOf(row), action, actor);
  if (d.kind === 'refuse') throw problem(d.code, d.texts.en, d.texts['zh-CN']);
  return d.kind === 'move' ? d.to : null;
}

async function playerOf(db: Kysely<Database>, game: GameId, playerId: string): Promise<{ name: string }> {
  const p = await db
    .selectFrom('players')
    .select(['name', 'state'])
    .where('game', '=', game)
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (!p)
    throw problem(
      Codes.NOT_FOUND,
      `${GAMES[game].names.en} has no player ${playerId}; check the id`,
      `${GAMES[game].names['zh-CN']}没有玩家 ${playerId}；请检查玩家 ID`,
    );
  if (p.state === 'deleted')
    throw problem(
      Codes.CONFLICT,
      `Player ${playerId} was deleted; an order cannot be made for them`,
      `玩家 ${playerId} 已被删除，不能为其创建订单`,
    );
  return { name: p.name };
}

/** The recharge pack, or 40400 naming the game's packs. */
function rechargePack(game: GameId, productId: number) {
  const theme = THEMES[game];
  const pack = theme.recharge.find((p) => p.id === productId);
  if (pack) return pack;
  const ids = theme.recharge.map((p) => p.id).join(', ');
  throw problem(
    Codes.NOT_FOUND,
    `${GAMES[game].names.en} has no recharge pack ${productId}; its packs are ${ids}`,
    `${GAMES[game].names['zh-CN']}没有充值档位 ${productId}；可选档位为 ${ids}`,
  );
}

/** What a grant is called in the game's catalogue, and what it costs (a pack has its own price). */
export function grantLabelOf(
  game: GameId,
  grant: OrderGrant,
  amount: number,
): { label: string; amount: number } {
  const theme = THEMES[game];
  switch (grant.kind) {
    case 'recharge': {
      const pack = rechargePack(game, grant.productId);
      return { label: pack.name, amount: pack.price };
    }
    case 'amount':
      return { label: moneyText(amount, theme.currency), amount };
    case 'items': {
      const names = grant.rewards.map((r) => {
        const item = theme.items.find((i) => i.id === r.itemId);
        if (!item)
          throw problem(
            Codes.VALIDATION,
            `${GAMES[game].names.en} has no item ${r.itemId}; pick items from the game's catalogue`,
            `${GAMES[game].names['zh-CN']}没有物品 ${r.itemId}；请从游戏物品目录中选择`,
          );
        return `${item.name} ×${r.count}`;
      });
      return { label: names.join(', '), amount };
    }
  }
}

interface NewOrder {
  game: GameId;
  playerId: string;
  kind: OrderKind;
  grant: OrderGrant;
  amount: number;
  requestId: string | null;
  reason: string;
  by: string;
  now: Date;
  approval: Approval;
}

/**
 * Inserts a created order with its first event, or returns the one this operator already made
 * with this request id (a double submit). `same` says whether it was there already.
 */
async function insertOrder(db: Kysely<Database>, o: NewOrder): Promise<{ row: OrderRow; same: boolean }> {
  if (o.requestId) {
    const earlier = await db
      .selectFrom('orders')
      .selectAll()
      .where('created_by', '=', o.by)
      .where('request_id', '=', o.requestId)
      .executeTakeFirst();
    if (earlier) return { row: sameRequest(earlier, o), same: true };
  }
  const player = await playerOf(db, o.game, o.playerId);
  const { label, amount } = grantLabelOf(o.game, o.grant, o.amount);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('orders')
      .values({
        order_id: newOrderId(o.game, o.now),
        game: o.game,
        player_id: o.playerId,
        player_name: player.name,
        kind: o.kind,
        grant: jsonValue(o.grant) ?? '{}',
        grant_label: label,
        amount,
        currency: THEMES[o.game].currency,
        state: 'created',
        approval: o.approval,
        request_id: o.requestId,
        reason: o.reason,
        created_by: o.by,
        created_at: o.now,
        updated_at: o.now,
      })
      .onConflict((oc) =>
        oc.columns(['created_by', 'request_id']).where('request_id', 'is not', null).doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      // A concurrent double submit won the race: answer with its order.
      const earlier = await trx
        .selectFrom('orders')
        .selectAll()
        .where('created_by', '=', o.by)
        .where('request_id', '=', o.requestId)
        .executeTakeFirstOrThrow();
      return { row: sameRequest(earlier, o), same: true };
    }
    await addEvent(trx, {
      orderId: row.order_id,
      at: o.now,
      from: null,
      to: 'created',
      by: o.by,
      action: 'create',
      reason: o.reason,
      detail: `${o.kind === 'manual' ? 'manual order' : 'purchase'}: ${label}, ${moneyText(amount, row.currency)}`,
    });
    return { row, same: false };
  });
}

/** A request id used again must be for the same order; otherwise it is a mistake worth saying. */
function sameRequest(row: OrderRow, o: NewOrder): OrderRow {
  if (
    row.game === o.game &&
    row.player_id === o.playerId &&
    JSON.stringify(parseJson(row.grant)) === JSON.stringify(o.grant)
  )
    return row;
  throw problem(
    Codes.CONFLICT,
    `Request id ${o.requestId ?? ''} already made order ${row.order_id} (player ${row.player_id}); a new order needs a new request id`,
    `请求 ID ${o.requestId ?? ''} 已用于订单 ${row.order_id}（玩家 ${row.player_id}）；新订单需要新的请求 ID`,
  );
}

/** A player's purchase of a recharge pack (pay.order): created, priced from the game's catalogue. */
export async function createPurchaseOrder(
  db: Kysely<Database>,
  a: { game: GameId; playerId: string; productId: number; requestId: string; by: string; now: Date },
  lang: Language = 'en',
): Promise<OrderDetail> {
  const { row } = await insertOrder(db, {
    game: a.game,
    playerId: a.playerId,
    kind: 'purchase',
    grant: { kind: 'recharge', productId: a.productId },
    amount: 0,
    requestId: a.requestId,
    reason: '',
    by: a.by,
    now: a.now,
    approval: 'notNeeded',
  });
  return detailOf(db, row, lang);
}

/** created → paying with a provider; the same provider again changes nothing. */
export async function startPaying(
  db: Kysely<Database>,
  a: { orderId: string; provider: Provider; providerRef: string; now: Date },
  lang: Language = 'en',
): Promise<OrderDetail> {
  const row = await inTransaction(db, async (trx) => {
    const row = await mustFindRow(trx, a.orderId, undefined, true);
    const to = decideOrThrow(row, 'pay', `provider:${a.provider}`);
    if (to === null && row.provider === a.provider) return row;
    const updated = await trx
      .updateTable('orders')
      .set({ state: 'paying', provider: a.provider, provider_ref: a.providerRef, updated_at: a.now })
      .where('order_id', '=', a.orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      orderId: a.orderId,
      at: a.now,
      from: row.state as OrderState,
      to: 'paying',
      by: `provider:${a.provider}`,
      action: 'pay',
      detail:
        row.provider && row.provider !== a.provider
          ? `checkout moved from ${row.provider} to ${a.provider} (${a.providerRef})`
          : `checkout opened with ${a.provider} (${a.providerRef})`,
    });
    return updated;
  });
  return detailOf(db, row, lang);
}

export type ApplyOutcome = Extract<
  NoticeOutcome,
  'applied' | 'duplicate' | 'amountMismatch' | 'wrongState' | 'unknownOrder'
>;

export interface PaymentInput {
  orderId: string;
  provider: Provider;
  providerRef: string;
  amount: number;
  currency: string;
  now: Date;
  by: string;
}

/**
 * A verified payment for an order, without rebuilding its detail (server/payments' notice path):
 * created/paying → paid with its event, and `notice` (when given) stored with it, all in one
 * statement (moveOrder). The same payment again (same provider reference) is a duplicate and
 * changes nothing. `row` is the order as it is afterwards (or as it was found). With a keyed
 * notice, the order is read together with the notice already stored under that key, if any
 * (`seenNotice`: then nothing is applied), which saves the caller a round trip of its own.
 * Does not deliver, and does not call crashPointAfterPaid: the caller does, once paid is
 * committed.
 */
export async function applyPaymentRow(
  db: Kysely<Database>,
  a: PaymentInput,
  notice?: NoticeValues,
): Promise<{
  outcome: ApplyOutcome;
  row: OrderRow | null;
  noticeId: number | null;
  seenNotice: number | null;
}> {
  const key = notice?.notice_key ?? null;
  const set: StepSet = {
    state: 'paid',
    provider: a.provider,
    provider_ref: a.providerRef,
    paid_at: a.now,
    updated_at: a.now,
    next_delivery_at: leaseUntil(a.now),
  };
  const event = {
    at: a.now,
    to: 'paid',
    by: a.by,
    action: 'notice',
    detail: `${moneyText(a.amount, a.currency)} paid with ${a.provider} (${a.providerRef})`,
  } as const;
  // The usual notice (an order at its checkout, this amount, a key not seen) is applied in one
  // statement without reading the order first; a replay is known by the same statement.
  // Anything else goes the long way below: read, decide by the table, guarded step.
  const fast = await stepStatement(
    db,
    { orderId: a.orderId, amount: a.amount, currency: a.currency, noticeKey: key },
    set,
    event,
    notice,
  );
  if (fast.row) return { outcome: 'applied', row: fast.row, noticeId: fast.noticeId, seenNotice: null };
  if (fast.seenNotice !== null)
    return { outcome: 'duplicate', row: null, noticeId: null, seenNotice: fast.seenNotice };
  for (let attempt = 1; ; attempt++) {
    const found = await db
      .selectFrom('orders')
      .selectAll('orders')
      .select((eb) =>
        (key === null
          ? sql<number | null>`cast(null as integer)`
          : eb.selectFrom('payment_notices').select('id').where('notice_key', '=', key)
        ).as('seen_notice'),
      )
      .where('order_id', '=', a.orderId)
      .executeTakeFirst();
    // An order that is not there cannot have been paid by any notice: none can have been seen.
    if (!found) return { outcome: 'unknownOrder', row: null, noticeId: null, seenNotice: null };
    const { seen_notice: seen, ...row } = found;
    if (seen !== null && seen !== undefined)
      return { outcome: 'duplicate', row, noticeId: null, seenNotice: Number(seen) };
    const d = decide(factsOf(row), 'notice', a.by);
    if (d.kind === 'refuse') return { outcome: 'wrongState', row, noticeId: null, seenNotice: null };
    if (d.kind === 'same')
      return {
        outcome: row.provider_ref === a.providerRef ? 'duplicate' : 'wrongState',
        row,
        noticeId: null,
        seenNotice: null,
      };
    if (Number(row.amount) !== a.amount || row.currency !== a.currency)
      return { outcome: 'amountMismatch', row, noticeId: null, seenNotice: null };
    const moved = await moveOrder(db, row, set, event, notice);
    if (moved) return { outcome: 'applied', row: moved.row, noticeId: moved.noticeId, seenNotice: null };
    // Another writer moved it between our read and our update: read it again and decide anew.
    if (attempt >= STEP_TRIES)
      throw new Error(`order ${a.orderId} kept changing while a payment was applied`);
  }
}

/**
 * A verified payment for an order: created/paying → paid, with its event, atomically.
 * The same payment again (same provider reference) is a duplicate and changes nothing. Does not
 * deliver: the caller calls deliverOrder once this has committed.
 */
export async function applyPayment(
  db: Kysely<Database>,
  a: PaymentInput,
): Promise<{ outcome: ApplyOutcome; order: OrderDetail | null }> {
  const result = await applyPaymentRow(db, a);
  // Paid is committed (unless the caller's transaction holds it): the crash test stops here.
  if (result.outcome === 'applied' && !db.isTransaction) crashPointAfterPaid();
  return { outcome: result.outcome, order: result.row ? await detailOf(db, result.row, 'en') : null };
}

/**
 * Delivers a paid (or failed) order to the game, which grants it once per order id; a delivered
 * order is left as it is. Success → delivered; refused, unreachable or timed out → deliveryFailed
 * with the reason. The game is asked outside any lock the caller does not already hold, so a
 * slow game does not stall the embedded database; the answer is written in one guarded statement.
 */
export async function deliverOrder(
  ctx: LedgerCtx,
  orderId: string,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderDetail> {
  const row = await mustFindRow(ctx.db, orderId);
  return detailOf(ctx.db, await deliverRow(ctx, row, by, now, opts), ctx.lang);
}

/**
 * deliverRow, unless the caller's transaction would be held while a game across the network
 * answers (the embedded database has one connection: every other request would wait, up to the
 * delivery timeout per order). Then the delivery runs once that transaction has committed
 * (`ctx.afterCommit`), on the root handle, and `later` gets the order as it is afterwards. A step
 * the table refuses is refused now, inside the transaction. Returns the order as it is now.
 */
export async function deliverWhenFree(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
  later?: (after: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  const remote = !deliveryTargetOf(ctx.deps.db).sameDatabaseGrant;
  if (!remote || !ctx.db.isTransaction || !ctx.afterCommit) return deliverRow(ctx, row, by, now, opts);
  if (decideOrThrow(row, 'deliver', by) === null) return row;
  const root: LedgerCtx = { db: ctx.deps.db, deps: ctx.deps, lang: ctx.lang };
  ctx.afterCommit(async () => {
    const cur = await mustFindRow(root.db, row.order_id);
    // The step that made it deliverable was rolled back after all (a bulk row): nothing to do.
    if (decide(factsOf(cur), 'deliver', by).kind !== 'move') return;
    const after = await deliverRow(root, cur, by, now, opts);
    await later?.(after);
  });
  return row;
}

/**
 * deliverWhenFree, answered as the order's detail: when the delivery runs after the commit, the
 * same detail object is brought up to date before the call answers.
 */
async function deliverAndDetail(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderDetail> {
  // Runs after the commit, long after `detail` below is set.
  const current = await deliverWhenFree(ctx, row, by, now, opts, async (after) => {
    Object.assign(detail, await detailOf(ctx.deps.db, after, ctx.lang));
  });
  const detail = await detailOf(ctx.db, current, ctx.lang);
  return detail;
}

/**
 * deliverOrder for an order the caller has just read or written (`row`), without reading it
 * again or rebuilding its detail: the notice path, approvals and resends. Returns the order as it
 * is afterwards.
 */
export async function deliverRow(
  ctx: LedgerCtx,
  row: OrderRow,
  by: string,
  now: Date,
  opts: DeliverOpts = {},
): Promise<OrderRow> {
  const db = ctx.db;
  if (decideOrThrow(row, 'deliver', by) === null) return row;
  const target = deliveryTargetOf(ctx.deps.db);
  const req: DeliveryRequest = {
    orderId: row.order_id,
    game: row.game as GameId,
    playerId: row.player_id,
    grant: parseJson(row.grant) as OrderGrant,
    grantLabel: row.grant_label,
    amount: Number(row.amount),
    currency: row.currency,
  };
  if (target.sameDatabaseGrant)
    return deliverInStatement(db, row, target.sameDatabaseGrant(req, now), by, now, opts);
  const result = await target.deliver(db, req, now);
  const action = opts.action ?? 'deliver';
  let cur = row;
  for (let attempt = 1; ; attempt++) {
    const d = decide(factsOf(cur), result.ok ? 'deliver' : 'deliveryFailed', by);
    // Someone else delivered it meanwhile (or it changed state): what the game said changes nothing.
    if (d.kind !== 'move') return cur;
    const moved = await moveOrder(
      db,
      cur,
      result.ok
        ? {
            state: 'delivered',
            delivered_at: now,
            delivery_error: null,
            updated_at: now,
            delivery_attempts: sql`delivery_attempts + 1`,
            next_delivery_at: null,
          }
        : {
            state: 'deliveryFailed',
            delivery_error: JSON.stringify(result.error),
            updated_at: now,
            delivery_attempts: sql`delivery_attempts + 1`,
            // Every attempt of a failed order failed: its attempts are its failures in a row.
            next_delivery_at: retryAt(now, cur.delivery_attempts + 1),
          },
      {
        at: now,
        to: d.to,
        by,
        action: result.ok ? action : 'deliveryFailed',
        reason: opts.reason ?? '',
        detail: result.ok
          ? result.alreadyDelivered
            ? `${result.by} had granted it already; nothing was granted again`
            : `granted by ${result.by}: ${cur.grant_label}`
          : result.error.en,
      },
    );
    if (moved) {
      if (!result.ok) return alertIfFailing(ctx, moved.row, result.error, now);
      return moved.row;
    }
    if (attempt >= STEP_TRIES) throw new Error(`order ${row.order_id} kept changing while it was delivered`);
    cur = await mustFindRow(db, row.order_id);
  }
}

/**
 * After a failed delivery: once an order has failed ALERT_AFTER_FAILURES times, it raises an
 * alert through server watch and is marked, in one transaction, so the alert is raised once per
 * order however many backends or retries see it fail. Returns the order as it is afterwards.
 */
async function alertIfFailing(ctx: LedgerCtx, row: OrderRow, error: Texts, now: Date): Promise<OrderRow> {
  if (row.delivery_attempts < ALERT_AFTER_FAILURES || row.delivery_alerted_at !== null) return row;
  let marked: OrderRow | undefined;
  await raiseAlert(
    { db: ctx.db, root: ctx.deps.db, kind: ctx.deps.kind },
    now,
    {
      kind: 'delivery',
      game: row.game as GameId,
      delivery: { orderId: row.order_id, attempts: row.delivery_attempts, error },
    },
    async (trx) => {
      marked = await trx
        .updateTable('orders')
        .set({ delivery_alerted_at: now })
        .where('order_id', '=', row.order_id)
        .where('state', '=', 'deliveryFailed')
        .where('delivery_alerted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return marked !== undefined;
    },
  );
  return marked ?? row;
}

/**
 * deliverRow for a game side in the same database: grant, delivered and its event in one guarded
 * statement (moveOrder). Such a grant cannot fail short of the database failing, which fails the
 * whole statement and leaves the order as it was (paid, to resend).
 */
async function deliverInStatement(
  db: Kysely<Database>,
  row: OrderRow,
  grant: { statement: RawBuilder<unknown>; by: string },
  by: string,
  now: Date,
  opts: DeliverOpts,
): Promise<OrderRow> {
  let cur = row;
  for (let attempt = 1; ; attempt++) {
    const d = decide(factsOf(cur), 'deliver', by);
    // Someone else delivered it meanwhile (or it changed state): nothing more to write.
    if (d.kind !== 'move') return cur;
    const moved = await moveOrder(
      db,
      cur,
      {
        state: 'delivered',
        delivered_at: now,
        delivery_error: null,
        updated_at: now,
        delivery_attempts: sql`delivery_attempts + 1`,
        next_delivery_at: null,
      },
      { at: now, to: d.to, by, action: opts.action ?? 'deliver', reason: opts.reason ?? '' },
      undefined,
      {
        statement: grant.statement,
        granted: `granted by ${grant.by}: ${cur.grant_label}`,
        already: `${grant.by} had granted it already; nothing was granted again`,
      },
    );
    if (moved) return moved.row;
    if (attempt >= STEP_TRIES) throw new Error(`order ${row.order_id} kept changing while it was delivered`);
    cur = await mustFindRow(db, row.order_id);
  }
}

/** How a delivery is recorded: the payment's own (deliver), an operator's (resend), the job's (retry). */
export interface DeliverOpts {
  action?: 'deliver' | 'resend' | 'retry';
  reason?: string;
}

interface OperatorStep {
  orderId: string;
  game?: GameId | undefined;
  by: string;
  reason: string;
  now: Date;
}

/** Delivers a paid or failed order again (resend); a delivered one is returned unchanged. */
export async function resendOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await mustFindRow(ctx.db, a.orderId, a.game);
  return deliverAndDetail(ctx, row, a.by, a.now, { action: 'resend', reason: a.reason });
}

/** A state change made by an operator, checked by the table, with its event. */
async function operatorStep(
  ctx: LedgerCtx,
  a: OperatorStep,
  action: 'refund' | 'cancel' | 'approve' | 'reject',
  detail: (row: OrderRow, trx: Kysely<Database>) => string | Promise<string>,
): Promise<OrderRow> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await mustFindRow(trx, a.orderId, a.game, true);
    const to = decideOrThrow(row, action, a.by);
    if (to === null) return row;
    // Before the order changes: a step outside it (the provider's refund) may still refuse.
    const text = await detail(row, trx);
    const approval =
      action === 'approve'
        ? { approval: 'approved', approved_by: a.by }
        : action === 'reject'
          ? { approval: 'rejected', approved_by: a.by }
          : {};
    const updated = await trx
      .updateTable('orders')
      .set({
        state: to,
        updated_at: a.now,
        ...approval,
        ...(to === 'paid' ? { paid_at: a.now } : {}),
        // Paid: the job delivers it if the delivery after this does not; any other step leaves the queue.
        next_delivery_at: to === 'paid' ? leaseUntil(a.now) : null,
      })
      .where('order_id', '=', a.orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      orderId: a.orderId,
      at: a.now,
      from: row.state as OrderState,
      to,
      by: a.by,
      action,
      reason: a.reason,
      detail: text,
    });
    return updated;
  });
}

/**
 * The provider's refund of a paid order (server/payments/refunds.ts), given by the caller so the
 * ledger does not depend on the payment modules. It runs in the order's transaction, after the
 * state check and before any change, and answers the provider's refund reference, or throws
 * (a live provider: 50300) and the order is left as it was.
 */
export type ProviderRefund = (
  row: OrderRow & { provider: string },
  trx: Kysely<Database>,
) => Promise<{ refundRef: string; status: string }>;

/**
 * Refunds a paid, delivered or failed order. A purchase is refunded through its provider first
 * (the event names the provider, the payment and the provider's refund reference); a manual
 * order is written back. A delivered grant stays with the player (games take back nothing),
 * which the event says so support knows.
 */
export async function refundOrder(
  ctx: LedgerCtx,
  a: OperatorStep,
  providerRefund?: ProviderRefund,
): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'refund', async (r, trx) => {
    const money = moneyText(Number(r.amount), r.currency);
    let what = `${money} written back (manual order)`;
    if (r.provider) {
      if (!providerRefund) throw new Error(`refundOrder: no provider refund step for ${r.provider}`);
      const done = await providerRefund({ ...r, provider: r.provider }, trx);
      what = `${money} refunded through ${r.provider} (payment ${r.provider_ref ?? ''}; refund ${done.refundRef}, ${done.status})`;
    }
    return [
      what,
      r.state === 'delivered' ? 'the grant already delivered stays with the player' : 'nothing was delivered',
    ].join('; ');
  });
  return detailOf(ctx.db, row, ctx.lang);
}

export async function cancelOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'cancel', (r) =>
    r.provider ? `checkout with ${r.provider} abandoned` : 'not paid',
  );
  return detailOf(ctx.db, row, ctx.lang);
}

/** Approves a manual order waiting for it (not its creator's): paid, then delivered. */
export async function approveOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(
    ctx,
    a,
    'approve',
    (r) => `approved by ${a.by} (created by ${r.created_by})`,
  );
  if (row.state !== 'paid') return detailOf(ctx.db, row, ctx.lang);
  return deliverAndDetail(ctx, row, a.by, a.now);
}

export async function rejectOrder(ctx: LedgerCtx, a: OperatorStep): Promise<OrderDetail> {
  const row = await operatorStep(ctx, a, 'reject', (r) => `rejected by ${a.by} (created by ${r.created_by})`);
  return detailOf(ctx.db, row, ctx.lang);
}

/**
 * An operator's manual order. At or above the game's threshold it waits for another ADMIN;
 * below, it is paid at once (no approval needed) and delivered. A repeated request id answers
 * with the order it made.
 */
export async function createManualOrder(
  ctx: LedgerCtx,
  a: {
    game: GameId;
    playerId: string;
    grant: OrderGrant;
    amount: number;
    requestId: string;
    reason: string;
    by: string;
    now: Date;
  },
): Promise<OrderDetail> {
  const settings = await orderSettings(ctx.db, a.game, a.now);
  const { amount } = grantLabelOf(a.game, a.grant, a.amount);
  const needsApproval = amount >= settings.approvalThreshold;
  const { row, same } = await insertOrder(ctx.db, {
    ...a,
    kind: 'manual',
    approval: needsApproval ? 'pending' : 'notNeeded',
  });
  if (same || needsApproval) return detailOf(ctx.db, row, ctx.lang);
  const paid = await inTransaction(ctx.db, async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({ state: 'paid', paid_at: a.now, updated_at: a.now, next_delivery_at: leaseUntil(a.now) })
      .where('order_id', '=', row.order_id)
      .where('state', '=', 'created')
      .returningAll()
      .executeTakeFirstOrThrow();
    await addEvent(trx, {
      orderId: row.order_id,
      at: a.now,
      from: 'created',
      to: 'paid',
      by: a.by,
      action: 'approve',
      reason: a.reason,
      detail: `below the approval threshold of ${moneyText(settings.approvalThreshold, settings.currency)}: no second approval needed`,
    });
    return updated;
  });
  return deliverAndDetail(ctx, paid, a.by, a.now);
}
