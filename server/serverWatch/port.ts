import type { Kysely } from 'kysely';
import type { AlertDelivery } from '../../shared/api/serverWatch.js';
import type { GameId } from '../../shared/games.js';
import type { DatabaseKind } from '../db/open.js';
import { jsonValue, type Database } from '../db/schema.js';
import { alertHubOf, lockAlertLog } from './hub.js';

/**
 * Server watch's port for the other features: an alert they raise goes into the same log as the
 * watched servers' (main long-polls it, raises the native notification, the bell lists it), to
 * every SUPER and ADMIN of the game, muted by an operator's "mute all". The only alert so far is
 * a paid order whose deliveries keep failing (server/orders/redelivery.ts).
 */

export interface RaisedAlert {
  kind: 'delivery';
  game: GameId;
  delivery: AlertDelivery;
}

/**
 * Appends `alert` in one transaction with `claim`, the caller's own guarded write (it answers
 * whether this is the first time, e.g. by marking its row): the alert is raised exactly when the
 * claim commits, so once whatever crashes or races. `db` is the caller's handle (its transaction,
 * which this joins, or the root), `root` the backend's root handle. Returns whether it was raised.
 */
export async function raiseAlert(
  where: { db: Kysely<Database>; root: Kysely<Database>; kind: DatabaseKind },
  at: Date,
  alert: RaisedAlert,
  claim: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<boolean> {
  const hub = alertHubOf(where.root, where.kind === 'postgres');
  const append = async (trx: Kysely<Database>): Promise<number> => {
    if (!(await claim(trx))) return 0;
    await lockAlertLog(trx);
    const row = await trx
      .insertInto('server_watch_events')
      .values({
        at,
        kind: alert.kind,
        game: alert.game,
        server_id: null,
        // An alert names its subject: a server's name, here the order's id.
        server_name: alert.delivery.orderId,
        incident_id: null,
        down_since: null,
        duration_sec: null,
        error: alert.delivery.error.en,
        notice: null,
        delivery: jsonValue(alert.delivery) ?? null,
        notify: true,
        audience: null,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    // Announced in the appending transaction: the long-polls of every backend are woken once the
    // caller's transaction commits (the hubs read the log before they wake anyone).
    await hub.announce(trx, Number(row.seq));
    return Number(row.seq);
  };
  if (where.db.isTransaction) return (await append(where.db)) > 0;
  const seq = await where.db.transaction().execute(append);
  if (seq > 0) hub.appended(seq);
  return seq > 0;
}

/** A game's watched servers by state, and those down with an alert raised (an open incident). */
export interface ServerStates {
  up: number;
  down: number;
  other: number;
  openIncidents: number;
}

/** Each game's watched servers by state (the landing page's brief info, server/overview). */
export async function serverStates(
  db: Kysely<Database>,
  games: readonly GameId[],
): Promise<Map<GameId, ServerStates>> {
  const out = new Map<GameId, ServerStates>(
    games.map((g) => [g, { up: 0, down: 0, other: 0, openIncidents: 0 }]),
  );
  if (games.length === 0) return out;
  const rows = await db
    .selectFrom('watched_servers')
    .where('game', 'in', games)
    .select((eb) => [
      'game',
      'state',
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.count<string | number>('open_incident_id').as('open'),
    ])
    .groupBy(['game', 'state'])
    .execute();
  for (const r of rows) {
    const s = out.get(r.game as GameId);
    if (!s) continue;
    const n = Number(r.n);
    if (r.state === 'up') s.up += n;
    else if (r.state === 'down') s.down += n;
    else s.other += n;
    s.openIncidents += Number(r.open);
  }
  return out;
}
