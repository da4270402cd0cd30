import { sql, type Kysely } from 'kysely';
import type { PlayerDetail } from '../../shared/api/players.js';
import { GAMES, type GameId, type PlayerTab } from '../../shared/games.js';
import { compileOnce } from '../db/compiled.js';
import type { Database } from '../db/schema.js';
import { notExpired } from '../moderation/active.js';
import { testingExpr, toPlayerRow } from './flags.js';
import { playerNotFound, type PlayerRecord } from './lookup.js';

/**
 * The detail page's header: the player with each flag and why it is set (the blacklist entry
 * that bans them, their special-users entry), and which tabs the game holds a cached copy of.
 * One query, as it is what every player link opens first. Actions put this in the audit log as
 * the player's state before and after.
 */

export async function cachedTabsOf(db: Kysely<Database>, game: GameId, id: string): Promise<PlayerTab[]> {
  const rows = await db
    .selectFrom('player_cache')
    .select('tab')
    .where('game', '=', game)
    .where('player_id', '=', id)
    .execute();
  return inRegistryOrder(
    game,
    rows.map((r) => r.tab),
  );
}

function inRegistryOrder(game: GameId, tabs: readonly string[]): PlayerTab[] {
  const set = new Set(tabs);
  return GAMES[game].playerTabs.filter((t) => set.has(t));
}

export interface LoadedPlayer {
  row: PlayerRecord;
  detail: PlayerDetail;
}

/**
 * The header's one query, compiled once (db/compiled.ts): it is what every player link and every
 * player action reads first.
 */
const playerQuery = compileOnce((db, p: { game: GameId; id: string; now: Date }) =>
  db
    .selectFrom('players as p')
    // The newest entry that still applies, when several do.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('blacklist as bl')
          .select([
            'bl.id as ban_id',
            'bl.reason as ban_reason',
            'bl.operator as ban_operator',
            'bl.created_at as ban_created_at',
            'bl.expires_at as ban_expires_at',
          ])
          .whereRef('bl.game', '=', 'p.game')
          .where('bl.kind', '=', 'player')
          .whereRef('bl.value', '=', 'p.id')
          .where(notExpired('bl', p.now))
          .orderBy('bl.id', 'desc')
          .limit(1)
          .as('ban'),
      (join) => join.onTrue(),
    )
    .leftJoin('special_users as su', (join) =>
      join.onRef('su.game', '=', 'p.game').onRef('su.player_id', '=', 'p.id'),
    )
    .selectAll('p')
    .select(['ban.ban_id', 'ban.ban_reason', 'ban.ban_operator', 'ban.ban_created_at', 'ban.ban_expires_at'])
    .select(['su.id as special_id', 'su.category as special_category', 'su.note as special_note'])
    .select(testingExpr.as('testing'))
    .select(
      sql<string[]>`array(select pc.tab from player_cache as pc
        where pc.game = p.game and pc.player_id = p.id)`.as('cached'),
    )
    .where('p.game', '=', p.game)
    .where('p.id', '=', p.id),
);

export async function loadPlayer(
  db: Kysely<Database>,
  game: GameId,
  id: string,
  now: Date,
): Promise<LoadedPlayer | undefined> {
  const [r] = await playerQuery(db, { game, id, now });
  if (!r) return undefined;
  const row: PlayerRecord = {
    game: r.game,
    id: r.id,
    num: r.num,
    name: r.name,
    level: r.level,
    state: r.state,
    created_at: r.created_at,
    last_login_at: r.last_login_at,
    deleted_at: r.deleted_at,
  };
  const banned = r.ban_id !== null && r.ban_id !== undefined;
  const special = r.special_id !== null && r.special_id !== undefined;
  const detail: PlayerDetail = {
    ...toPlayerRow(row, { banned, testing: r.testing, special }),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
    ban:
      banned && r.ban_created_at
        ? {
            entryId: r.ban_id as number,
            reason: r.ban_reason ?? '',
            operator: r.ban_operator ?? '',
            createdAt: r.ban_created_at.toISOString(),
            expiresAt: r.ban_expires_at ? r.ban_expires_at.toISOString() : null,
          }
        : null,
    special: special
      ? { entryId: r.special_id as number, category: r.special_category ?? '', note: r.special_note ?? '' }
      : null,
    cachedTabs: inRegistryOrder(game, r.cached),
  };
  return { row, detail };
}

export async function mustLoadPlayer(
  db: Kysely<Database>,
  game: GameId,
  id: string,
  now: Date,
): Promise<LoadedPlayer> {
  const loaded = await loadPlayer(db, game, id, now);
  if (!loaded) throw playerNotFound(game, id);
  return loaded;
}
