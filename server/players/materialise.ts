import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { generatePlayerData, type PlayerData } from './generate.js';
import { seedOf, type PlayerRecord } from './lookup.js';

/**
 * A player's game data lives in the database from their first read on: the seed makes players
 * only (a million players times sixteen tabs would be far too much up front), and the first read
 * of a tab, equipment or logs stores what generate.ts makes for them. From then on reads and
 * actions work on stored rows like any game database would.
 *
 * The marker goes in first with "on conflict do nothing", in the same transaction as the rows:
 * of two concurrent first reads one inserts the marker and the rows, the other waits for it and
 * then finds the marker taken, so nothing is stored twice.
 */

/** Rows per insert statement: large enough to be quick, small enough for one JSON parameter. */
const CHUNK = 2000;

async function insertJson(
  db: Kysely<Database>,
  rows: readonly unknown[],
  insert: (json: string) => RawBuilder<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await insert(JSON.stringify(rows.slice(i, i + CHUNK))).execute(db);
  }
}

async function store(db: Kysely<Database>, game: GameId, id: string, data: PlayerData): Promise<void> {
  const tabRows = Object.entries(data.tabs).flatMap(([tab, rows]) =>
    (rows ?? []).map((row, seq) => ({ tab, seq, data: row })),
  );
  await insertJson(
    db,
    tabRows,
    (json) => sql`
      insert into player_rows (game, player_id, tab, seq, data)
      select ${game}, ${id}, r.tab, r.seq, r.data
      from jsonb_to_recordset(${json}::jsonb) as r(tab text, seq int, data jsonb)`,
  );
  // Each piece keeps its JSON as stored (doc), which the equipment tab joins (equipment.ts).
  await insertJson(
    db,
    data.equipment,
    (json) => sql`
      insert into player_equipment
        (game, player_id, id, eq_id, name, quality, level, power, base_attrs, extra_attrs, suit_attrs, doc)
      select ${game}, ${id}, p->>'id', (p->>'eqID')::int, p->>'name', p->>'quality', (p->>'level')::int,
        (p->>'power')::int, p->'baseAttrs', p->'extraAttrs', p->'suitAttrs', p::text
      from jsonb_array_elements(${json}::jsonb) as p`,
  );
  // Oldest first (log ids then grow with time), in the order generated.
  const logs = data.logs.map((log, seq) => ({ ...log, at: new Date(log.at).toISOString(), seq }));
  await insertJson(
    db,
    logs,
    (json) => sql`
      insert into player_logs (game, player_id, at, kind, detail, ip)
      select ${game}, ${id}, r.at, r.kind, r.detail, r.ip
      from jsonb_to_recordset(${json}::jsonb) as r(seq int, at timestamptz, kind text, detail text, ip text)
      order by r.seq`,
  );
}

/** Makes sure the player's game data is stored; the first call stores it. */
export async function ensurePlayerData(
  db: Kysely<Database>,
  game: GameId,
  player: PlayerRecord,
  now: Date,
): Promise<void> {
  const made = await db
    .selectFrom('player_data_made')
    .select('player_id')
    .where('game', '=', game)
    .where('player_id', '=', player.id)
    .executeTakeFirst();
  if (made) return;

  const make = async (trx: Kysely<Database>): Promise<void> => {
    const marked = await trx
      .insertInto('player_data_made')
      .values({ game, player_id: player.id, made_at: now })
      .onConflict((oc) => oc.columns(['game', 'player_id']).doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    await store(trx, game, player.id, generatePlayerData(game, seedOf(player)));
  };
  // An audited call already runs in a transaction: join it (a second one would wait for it).
  if (db.isTransaction) await make(db);
  else await db.transaction().execute(make);
}
