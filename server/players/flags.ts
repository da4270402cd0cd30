import { sql, type RawBuilder } from 'kysely';
import type { PlayerRow } from '../../shared/api/players.js';
import { notExpired } from '../moderation/active.js';
import type { PlayerRecord } from './lookup.js';

/**
 * A player's flags as the lists of the moderation screens hold them: banned = an active blacklist
 * entry of kind player (expired ones stop applying: notExpired), testing = on the testing-players
 * list, special = on the special-users list. Written as exists-subqueries over `players as p` so
 * a page of search results gets its flags in the same query.
 */

export function bannedExpr(now: Date): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blacklist as bl where bl.game = p.game and bl.kind = 'player'
    and bl.value = p.id and ${notExpired('bl', now)})`;
}

export const testingExpr = sql<boolean>`exists (select 1 from testing_players as tp
  where tp.game = p.game and tp.player_id = p.id)`;

export const specialExpr = sql<boolean>`exists (select 1 from special_users as su
  where su.game = p.game and su.player_id = p.id)`;

export interface FlagColumns {
  banned: boolean;
  testing: boolean;
  special: boolean;
}

export function toPlayerRow(row: PlayerRecord, flags: FlagColumns): PlayerRow {
  return {
    id: row.id,
    num: row.num,
    name: row.name,
    level: row.level,
    state: row.state as PlayerRow['state'],
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
    flags: { banned: flags.banned, testing: flags.testing, special: flags.special },
  };
}
