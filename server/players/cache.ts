import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { TabSource } from '../../shared/api/players.js';
import type { Database } from '../db/schema.js';
import { JsonArrayText, type ArrayShape } from '../http/json-text.js';
import { copyMemoOf } from './copy-memo.js';

/**
 * The game's cache of a player's tabs (spec: "many have a cache variant"). A cached read returns
 * the copy when there is one; otherwise, and always for a fresh read, it reads the database and
 * stores the rows as the new copy, in one statement. Tabs without a cache variant always read the database.
 */

export interface CachedRead<T> {
  source: TabSource;
  cachedAt: string | null;
  readAt: string;
  /** The rows as the database holds them: answered as that text (server/http/json-text.ts). */
  rows: JsonArrayText<T>;
}

export interface CacheOptions {
  /** The tab has a cache variant (TAB_DEFS[tab].cache). */
  cached: boolean;
  /** read=fresh: skip the copy and refresh it. */
  fresh: boolean;
  now: Date;
}

/**
 * Where a tab's rows come from when the copy is not used: `prepare` makes sure the player's rows
 * exist (see materialise.ts), `rows` is an SQL expression of the rows as one JSON array's text
 * (null for none). One expression, not rows read into JS: the database joins the array, and a
 * cached tab's new copy is written by the same statement that reads it, so a 10,000-row tab costs
 * one round trip, and its text is answered as it is, never parsed here (issue 23: the open of a
 * heavy player's equipment). The copy is text too (migration 0004_equipment_docs): stored and read as it is.
 */
export interface TabSourceSql {
  prepare: () => Promise<void>;
  rows: RawBuilder<string | null>;
  /**
   * For a caller that answers the rows' count or first row (equipment's total and top power):
   * both as SQL over the same rows, read with them and stored with the copy (migration
   * 0005_cache_shape), so the text is never scanned for them. Callers sharing a cache key should
   * give the same shape; a copy stored without one is scanned when asked.
   */
  shape?: { count: RawBuilder<number>; first: RawBuilder<string | null> };
}

interface StoredRows {
  data: string | null;
  row_count: number | null;
  first_row: string | null;
}

/** A version of a copy's row that every write of it changes (copy-memo.ts). */
const ROW_VERSION = sql<string>`xmin::text || ':' || ctid::text`;

const shapeOf = (r: StoredRows | undefined): ArrayShape | null =>
  r && r.row_count !== null ? { count: r.row_count, first: r.first_row } : null;

export async function readThroughCache<T>(
  db: Kysely<Database>,
  game: GameId,
  playerId: string,
  key: string,
  opts: CacheOptions,
  source: TabSourceSql,
): Promise<CachedRead<T>> {
  const readAt = opts.now.toISOString();
  const memo = copyMemoOf(db);
  const memoKey = `${game}\u0000${playerId}\u0000${key}`;
  /** Holds a copy read from the database when it is big enough; its bytes, else its text. */
  const keep = (copy: { version: string; data: string | null }) =>
    memo.keep(memoKey, copy.version, copy.data ?? '[]') ?? copy.data;
  if (opts.cached && !opts.fresh) {
    const held = memo.get(memoKey);
    // The text only when the copy is not the one held here (or none is).
    const data = held
      ? sql<string | null>`case when ${ROW_VERSION} = ${held.version} then null else data end`
      : sql<string | null>`data`;
    const copy = await db
      .selectFrom('player_cache')
      .select([data.as('data'), ROW_VERSION.as('version'), 'cached_at', 'row_count', 'first_row'])
      .where('game', '=', game)
      .where('player_id', '=', playerId)
      .where('tab', '=', key)
      .executeTakeFirst();
    if (copy) {
      const text = held && copy.version === held.version ? held.bytes : keep(copy);
      const rows = new JsonArrayText<T>(text, shapeOf(copy));
      return { source: 'cache', cachedAt: copy.cached_at.toISOString(), readAt, rows };
    }
  }
  await source.prepare();
  const rows = sql<string>`coalesce(${source.rows}, '[]')`;
  const count = source.shape ? source.shape.count : sql<number | null>`null::int`;
  const first = source.shape ? source.shape.first : sql<string | null>`null::text`;
  if (!opts.cached) {
    const read = await db
      .selectNoFrom([rows.as('data'), count.as('row_count'), first.as('first_row')])
      .executeTakeFirstOrThrow();
    return { source: 'db', cachedAt: null, readAt, rows: new JsonArrayText<T>(read.data, shapeOf(read)) };
  }
  const stored = await sql<StoredRows & { version: string }>`
    insert into player_cache (game, player_id, tab, data, row_count, first_row, cached_at)
    values (${game}, ${playerId}, ${key}, ${rows}, ${count}, ${first}, ${opts.now})
    on conflict (game, player_id, tab) do update set data = excluded.data, row_count = excluded.row_count,
      first_row = excluded.first_row, cached_at = excluded.cached_at
    returning data, row_count, first_row, ${ROW_VERSION} as version`.execute(db);
  const copy = stored.rows[0];
  // The next cached read finds this version held (written by this statement, in this handle).
  const text = copy ? keep(copy) : null;
  return { source: 'db', cachedAt: null, readAt, rows: new JsonArrayText<T>(text, shapeOf(copy)) };
}
