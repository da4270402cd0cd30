import type { Insertable, Kysely } from 'kysely';
import { PROVIDERS, type OrderGrant, type OrderState, type Provider } from '../../shared/api/orders.js';
import type { GameId } from '../../shared/games.js';
import type { GameSeed } from '../feature.js';
import { jsonValue, type Database } from '../db/schema.js';
import type { OrderEventsTable, OrdersTable } from './tables.js';
import { Rng } from '../players/prng.js';
import { THEMES } from '../players/themes/index.js';
import { moneyText } from '../players/themes/theme.js';
import { playerIdOf, playerNameOf } from '../seed/players.js';
import { DEFAULT_APPROVAL_THRESHOLD } from './ledger/settings.js';

/**
 * The seed's orders of one game: players' purchases of the game's recharge packs over the 60 days
 * before the anchor, through the four providers, most delivered, some refunded, cancelled,
 * unhandled (paid, or delivery failed) or still open; and a few operators' manual orders, some
 * waiting for approval. Each order has the events of its life. Deterministic (ids and draws come
 * from the game and the order's number) and idempotent (existing ids are skipped).
 */

/** One order per ten players, at least 20, at most 20,000 per game. */
export function seedOrderCount(perGame: number): number {
  return Math.min(20_000, Math.max(20, Math.floor(perGame / 10)));
}

const BATCH = 500;
const DAY_MS = 86_400_000;

const STATE_WEIGHTS: readonly (readonly [OrderState, number])[] = [
  ['delivered', 80],
  ['refunded', 4],
  ['cancelled', 5],
  ['paid', 2],
  ['deliveryFailed', 3],
  ['created', 3],
  ['paying', 3],
];

/** The seed's order ids: GO + letter + the day + 'S' + the order's number (never a random id). */
export function seedOrderId(game: GameId, at: Date, n: number): string {
  const day = at.toISOString().slice(0, 10).replaceAll('-', '');
  return `GO${game[0]?.toUpperCase() ?? 'X'}${day}S${String(n).padStart(9, '0')}`;
}

interface Made {
  order: Insertable<OrdersTable>;
  events: Insertable<OrderEventsTable>[];
}

function makeOrder(game: GameId, n: number, perGame: number, anchor: Date): Made {
  const r = new Rng(`orders:${game}:${n}`);
  const theme = THEMES[game];
  const g = 1 + (n % Math.max(1, perGame));
  const created = new Date(anchor.getTime() - r.int(60_000, 60 * DAY_MS));
  const manual = r.chance(0.05);
  let grant: OrderGrant;
  let label: string;
  let amount: number;
  const pack = r.pick(theme.recharge);
  if (manual && r.chance(0.5)) {
    const item = r.pick(theme.items);
    const count = r.int(1, 10);
    grant = { kind: 'items', rewards: [{ itemId: item.id, count }] };
    label = `${item.name} ×${count}`;
    amount = r.int(1, 800) * 100;
  } else {
    grant = { kind: 'recharge', productId: pack.id };
    label = pack.name;
    amount = pack.price;
  }
  let state: OrderState = r.weighted(STATE_WEIGHTS);
  const pending =
    manual && amount >= DEFAULT_APPROVAL_THRESHOLD && (state === 'created' || state === 'paying');
  if (manual && state === 'paying') state = 'created';
  const provider: Provider | null = manual ? null : r.pick(PROVIDERS);
  const providerRef = provider && state !== 'created' ? `${provider.toUpperCase()}-${game}-${n}` : null;
  const orderId = seedOrderId(game, created, n);
  const by = manual ? r.pick(['admin', 'service', 'atomicwar', 'ymmj']) : 'pay-server';
  const approver = manual ? (by === 'admin' ? 'ymmj' : 'admin') : null;
  const events: Insertable<OrderEventsTable>[] = [];
  let at = created;
  let from: OrderState | null = null;
  const step = (to: OrderState, action: string, who: string, detail: string, afterMs: number) => {
    at = new Date(at.getTime() + afterMs);
    events.push({ order_id: orderId, at, from_state: from, to_state: to, by: who, action, detail });
    from = to;
    return at;
  };
  step(
    'created',
    'create',
    by,
    `${manual ? 'manual order' : 'purchase'}: ${label}, ${moneyText(amount, theme.currency)}`,
    0,
  );
  let paidAt: Date | null = null;
  let deliveredAt: Date | null = null;
  let error: string | null = null;
  let attempts = 0;
  if (!manual && state !== 'created' && !(state === 'cancelled' && r.chance(0.5)))
    step(
      'paying',
      'pay',
      `provider:${provider ?? ''}`,
      `checkout opened with ${provider ?? ''} (${providerRef ?? ''})`,
      r.int(5, 120) * 1000,
    );
  if (['paid', 'delivered', 'deliveryFailed', 'refunded'].includes(state)) {
    paidAt = manual
      ? step(
          'paid',
          'approve',
          approver ?? 'admin',
          `approved by ${approver ?? 'admin'}`,
          r.int(60, 7200) * 1000,
        )
      : step(
          'paid',
          'notice',
          `provider:${provider ?? ''}`,
          `${moneyText(amount, theme.currency)} paid with ${provider ?? ''} (${providerRef ?? ''})`,
          r.int(20, 300) * 1000,
        );
    if (state === 'deliveryFailed') {
      attempts = 1;
      error = JSON.stringify({
        en: `the game server ${game}-1 could not be reached (connection refused or dropped)`,
        'zh-CN': `无法连接游戏服务器 ${game}-1（连接被拒绝或中断）`,
      });
      step(
        'deliveryFailed',
        'deliveryFailed',
        'system',
        `the game server ${game}-1 could not be reached (connection refused or dropped)`,
        1000,
      );
    } else if (state !== 'paid') {
      attempts = 1;
      deliveredAt = step('delivered', 'deliver', 'system', `granted by game:${game}-1: ${label}`, 1000);
    }
    if (state === 'refunded')
      step(
        'refunded',
        'refund',
        'admin',
        `${moneyText(amount, theme.currency)} refunded`,
        r.int(1, 72) * 3600_000,
      );
  } else if (state === 'cancelled') {
    step(
      'cancelled',
      manual ? 'reject' : 'cancel',
      manual ? (approver ?? 'admin') : 'system',
      manual ? 'rejected' : 'checkout abandoned',
      r.int(10, 600) * 60_000,
    );
  }
  const approval = !manual
    ? 'notNeeded'
    : pending
      ? 'pending'
      : amount < DEFAULT_APPROVAL_THRESHOLD
        ? 'notNeeded'
        : state === 'cancelled'
          ? 'rejected'
          : 'approved';
  return {
    order: {
      order_id: orderId,
      game,
      player_id: playerIdOf(game, g),
      player_name: playerNameOf(g),
      kind: manual ? 'manual' : 'purchase',
      grant: jsonValue(grant) ?? '{}',
      grant_label: label,
      amount,
      currency: theme.currency,
      state,
      provider,
      provider_ref: providerRef,
      approval,
      request_id: null,
      reason: manual
        ? r.pick(['compensation for server outage', 'event prize', 'support ticket refund in kind'])
        : '',
      created_by: by,
      created_at: created,
      updated_at: at,
      paid_at: paidAt,
      delivered_at: deliveredAt,
      delivery_error: error,
      delivery_attempts: attempts,
      approved_by: approval === 'approved' || approval === 'rejected' ? approver : null,
    },
    events,
  };
}

export async function seedOrders(db: Kysely<Database>, seed: GameSeed): Promise<number> {
  const { game, perGame, anchor } = seed;
  const total = seedOrderCount(perGame);
  let added = 0;
  // The game's settings row, so that the settings screen says who set the threshold and when.
  await db
    .insertInto('order_settings')
    .values({
      game,
      approval_threshold: DEFAULT_APPROVAL_THRESHOLD,
      updated_by: 'system',
      updated_at: anchor,
    })
    .onConflict((oc) => oc.column('game').doNothing())
    .execute();
  for (let first = 0; first < total; first += BATCH) {
    const made = Array.from({ length: Math.min(BATCH, total - first) }, (_, i) =>
      makeOrder(game, first + i, perGame, anchor),
    );
    const existing = new Set(
      (
        await db
          .selectFrom('orders')
          .select('order_id')
          .where(
            'order_id',
            'in',
            made.map((m) => m.order.order_id),
          )
          .execute()
      ).map((r) => r.order_id),
    );
    const fresh = made.filter((m) => !existing.has(m.order.order_id));
    if (fresh.length === 0) continue;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('orders')
        .values(fresh.map((m) => m.order))
        .execute();
      await trx
        .insertInto('order_events')
        .values(fresh.flatMap((m) => m.events))
        .execute();
    });
    added += fresh.length;
    await seed.afterBatch?.();
  }
  return added;
}
