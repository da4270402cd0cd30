import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameId } from '../../shared/games.js';
import { postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { migrateToLatest } from '../db/migrations.js';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import type { Database } from '../db/schema.js';
import { playerIdOf, seedPlayers } from '../seed/players.js';
import { readRank, readTop, type BoardAt } from './board-reads.js';
import { seedLeaderboards } from './seed.js';

/**
 * The top 100 and a rank as prepared statements on PostgreSQL: planned once per connection for
 * every value (a generic plan), not afresh on each call, and answering the same under that plan
 * as under one made for the call's own values. A limit or a game bound as a parameter made the
 * generic plan look dearer (never chosen: a plan per call), or, forced, read every player.
 */

const GAME: GameId = 'lw';
const PLAYERS = 3000;

describe.skipIf(!postgresUrl())('leaderboard reads as prepared statements on PostgreSQL', () => {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let opened: OpenedDatabase | undefined;
  let url = '';
  const databaseUrl = () => url;
  const at = (): BoardAt => ({ game: GAME, board: 'player', now: new Date() });
  const players = [1, 17, 400, 1500, 2999].map((n) => playerIdOf(GAME, n));

  beforeAll(async () => {
    url = await createDatabase(postgresUrl(), dbName);
    opened = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await migrateToLatest(opened.db);
    const anchor = new Date();
    await seedPlayers(opened.db, GAME, PLAYERS, anchor, () => Promise.resolve());
    await seedLeaderboards(opened.db, GAME, PLAYERS, anchor);
    await sql`analyze`.execute(opened.db);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await dropDatabase(postgresUrl(), dbName);
  });

  /** The top 100 and the players' ranks, read on `db` with its plan cache mode. */
  async function readAll(db: Kysely<Database>, mode: string) {
    await sql.raw(`set plan_cache_mode = ${mode}`).execute(db);
    const top = await readTop(db, at(), 100);
    const ranks = [];
    for (const id of players) {
      const found = await readRank(db, at(), id, 2);
      const read = found?.read;
      ranks.push(
        read && read.player !== 'none' && read.own ? [read.rank, read.around.map((r) => r.id)] : read,
      );
    }
    return { total: top?.total, top: top?.read.map((r) => [r.id, r.player_name]), ranks };
  }

  it('plans each read once for every value, and answers as a plan for the call would', async () => {
    const custom = await opened!.db.connection().execute(async (conn) => {
      const asked = await readAll(conn, 'force_custom_plan');
      expect(await readAll(conn, 'force_generic_plan')).toEqual(asked);
      return asked;
    });
    expect(custom.top).toHaveLength(100);
    expect(custom.ranks.every((r) => Array.isArray(r))).toBe(true);
    // PostgreSQL's own choice on a connection of its own: it plans the first five calls for their
    // values, then compares.
    const fresh = await openDatabase({ databaseUrl: databaseUrl(), poolSize: 1 });
    try {
      await fresh.db.connection().execute(async (conn) => {
        for (let i = 0; i < 8; i++) expect(await readAll(conn, 'auto')).toEqual(custom);
        const { rows } = await sql<{ statement: string; generic_plans: string }>`
          select statement, generic_plans from pg_prepared_statements
          where statement like '%leaderboard_records%'`.execute(conn);
        const top = rows.find((r) => r.statement.includes('left join lateral'));
        const rank = rows.find((r) => r.statement.includes('around as'));
        expect(Number(top?.generic_plans)).toBeGreaterThan(0);
        expect(Number(rank?.generic_plans)).toBeGreaterThan(0);
      });
    } finally {
      await fresh.close();
    }
  });
});
