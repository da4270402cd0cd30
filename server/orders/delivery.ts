import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrderGrant } from '../../shared/api/orders.js';
import type { GameId } from '../../shared/games.js';
import { jsonValue, type Database } from '../db/schema.js';
import type { Texts } from '../http/problem.js';
import type { SimulatedFleet } from '../simulated/fleet.js';
import type { FleetHandlers } from '../simulated/handlers.js';
import type { SimulatedGameServer } from '../simulated/game-server.js';

/**
 * Where a paid order goes: the game. The game's side keys every delivery by order id, so a
 * second delivery of the same order grants nothing and answers "already delivered"; that is what
 * makes delivery exactly once however often the backend retries (server/orders/ledger.ts).
 *
 * Which target a backend uses, first match wins:
 * 1. one set with `setDeliveryTarget(db, target)` (tests inject a failing one, or a real game's
 *    gateway could be plugged in here);
 * 2. the demo's simulated game servers, attached by server watch when it starts them
 *    (`deliverOnFleet`): an HTTP `POST /deliver` to the game's first server that answers;
 * 3. the default: the `game_deliveries` table of the same database, whose primary key is the
 *    order id.
 * Targets are kept per root database handle (a WeakMap), so several backends in one process
 * (the tests) each keep their own.
 */

export interface DeliveryRequest {
  orderId: string;
  game: GameId;
  playerId: string;
  grant: OrderGrant;
  grantLabel: string;
  amount: number;
  currency: string;
}

export type DeliveryResult =
  { ok: true; alreadyDelivered: boolean; by: string } | { ok: false; error: Texts };

export interface DeliveryTarget {
  /** `db` is the caller's handle (a transaction inside an audited call). */
  deliver(db: Kysely<Database>, req: DeliveryRequest, now: Date): Promise<DeliveryResult>;
  /**
   * Only for a game side in the same database (the default table): the grant as one
   * `insert ... on conflict do nothing returning`, which yields a row when it granted and none
   * when the order was granted before. The ledger runs it inside the statement that writes
   * `delivered` (server/orders/ledger.ts, deliverRow): one round trip and one commit instead of
   * two on the notice path, and grant and delivered can no longer be apart. `by` names the side.
   */
  sameDatabaseGrant?(req: DeliveryRequest, now: Date): { statement: RawBuilder<unknown>; by: string };
}

const injected = new WeakMap<Kysely<Database>, DeliveryTarget>();
const fleets = new WeakMap<Kysely<Database>, FleetDelivery>();

/** Sets (or with null, removes) the delivery target of the backend whose root handle is `db`. */
export function setDeliveryTarget(db: Kysely<Database>, target: DeliveryTarget | null): void {
  if (target) injected.set(db, target);
  else injected.delete(db);
}

export function deliveryTargetOf(rootDb: Kysely<Database>): DeliveryTarget {
  return injected.get(rootDb) ?? fleets.get(rootDb) ?? TABLE_TARGET;
}

/** The default: the game's side is a table of the same database; exactly once by its primary key. */
export const TABLE_TARGET: DeliveryTarget = {
  async deliver(db, req, now) {
    const inserted = await db
      .insertInto('game_deliveries')
      .values({
        order_id: req.orderId,
        game: req.game,
        player_id: req.playerId,
        grant: jsonValue(req.grant) ?? '{}',
        at: now,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .returning('order_id')
      .executeTakeFirst();
    return { ok: true, alreadyDelivered: inserted === undefined, by: 'game' };
  },
  sameDatabaseGrant(req, now) {
    return {
      statement: sql`insert into game_deliveries (order_id, game, player_id, "grant", "at")
        values (${req.orderId}, ${req.game}, ${req.playerId}, cast(${jsonValue(req.grant) ?? '{}'} as jsonb), ${now})
        on conflict (order_id) do nothing returning order_id`,
      by: 'game',
    };
  },
};

// ---------------------------------------------------------------- the demo's simulated servers

/** How long the backend waits for a game server's acknowledgement. */
export const DELIVERY_TIMEOUT_MS = 5000;

/** What a simulated game has granted, by order id (shared by the game's servers, like a real game's database). */
export interface GrantRecord {
  orderId: string;
  playerId: string;
  grant: OrderGrant;
  at: string;
  server: string;
  /** Delivery requests the game received for this order (every one after the first granted nothing). */
  requests: number;
}

class FleetDelivery implements DeliveryTarget {
  readonly fleet: SimulatedFleet;
  /** Per game: order id → what was granted. In memory, as the simulated servers are. */
  readonly books = new Map<GameId, Map<string, GrantRecord>>();

  constructor(fleet: SimulatedFleet) {
    this.fleet = fleet;
    for (const server of fleet.servers) {
      let book = this.books.get(server.spec.game);
      if (!book) this.books.set(server.spec.game, (book = new Map()));
      installDeliverRoute(server, book);
    }
  }

  async deliver(_db: Kysely<Database>, req: DeliveryRequest): Promise<DeliveryResult> {
    const servers = this.fleet.servers.filter((s) => s.spec.game === req.game);
    let error: Texts = {
      en: `${req.game} has no game server to deliver to`,
      'zh-CN': `${req.game} 没有可发货的游戏服务器`,
    };
    // The game's servers share one book, so trying the next after a failure cannot grant twice.
    for (const server of servers) {
      const r = await postDelivery(server, req);
      if (r.ok) return r;
      error = r.error;
    }
    return { ok: false, error };
  }
}

async function postDelivery(server: SimulatedGameServer, req: DeliveryRequest): Promise<DeliveryResult> {
  const where = `${server.spec.name} (${server.url})`;
  let res: Response;
  try {
    res = await fetch(`${server.url}/deliver`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': req.orderId },
      body: JSON.stringify(req),
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      ok: false,
      error: timedOut
        ? {
            en: `the game server ${where} did not answer within ${DELIVERY_TIMEOUT_MS / 1000} s`,
            'zh-CN': `游戏服务器 ${where} 在 ${DELIVERY_TIMEOUT_MS / 1000} 秒内没有应答`,
          }
        : {
            en: `the game server ${where} could not be reached (connection refused or dropped)`,
            'zh-CN': `无法连接游戏服务器 ${where}（连接被拒绝或中断）`,
          },
    };
  }
  const body = (await res.json().catch(() => null)) as { status?: unknown; message?: unknown } | null;
  if (res.ok && (body?.status === 'delivered' || body?.status === 'alreadyDelivered'))
    return { ok: true, alreadyDelivered: body.status === 'alreadyDelivered', by: `game:${server.key}` };
  const said = typeof body?.message === 'string' ? `: ${body.message}` : '';
  return {
    ok: false,
    error: {
      en: `the game server ${where} refused the delivery (HTTP ${res.status}${said})`,
      'zh-CN': `游戏服务器 ${where} 拒绝了发货（HTTP ${res.status}${said}）`,
    },
  };
}

function installDeliverRoute(server: SimulatedGameServer, book: Map<string, GrantRecord>): void {
  server.route('POST', '/deliver', (req, res) => {
    void readJson(req).then((body) => {
      const orderId = typeof body?.['orderId'] === 'string' ? body['orderId'] : '';
      const key = req.headers['idempotency-key'];
      if (!orderId || (key !== undefined && key !== orderId))
        return send(res, 400, { status: 'error', message: 'orderId missing or not the idempotency key' });
      if (body?.['game'] !== server.spec.game)
        return send(res, 400, { status: 'error', message: `this is a ${server.spec.game} server` });
      const known = book.get(orderId);
      if (known) {
        known.requests++;
        return send(res, 200, { status: 'alreadyDelivered', orderId });
      }
      book.set(orderId, {
        orderId,
        playerId: String(body['playerId']),
        grant: body['grant'] as OrderGrant,
        at: new Date().toISOString(),
        server: server.key,
        requests: 1,
      });
      return send(res, 200, { status: 'delivered', orderId });
    });
  });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    const v: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(text);
}

/**
 * Orders' side of the demo's simulated servers: they take the deliveries (POST /deliver) of the
 * backend whose root handle is `db` while they run, and stop taking them when they stop.
 */
export const deliverOnFleet: FleetHandlers = (fleet, { db }) => {
  fleets.set(db, new FleetDelivery(fleet));
  return () => void fleets.delete(db);
};

/** What the simulated game granted for an order, or undefined (tests). */
export function fleetGrantOf(db: Kysely<Database>, game: GameId, orderId: string): GrantRecord | undefined {
  return fleets.get(db)?.books.get(game)?.get(orderId);
}

/** Whether this backend delivers to simulated servers (tests pick how to count deliveries). */
export function usesFleet(db: Kysely<Database>): boolean {
  return fleets.has(db) && !injected.has(db);
}
