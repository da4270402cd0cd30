import { Codes } from '../../shared/codes.js';
import type { BlacklistEntry, BlacklistKind, moderationEndpoints } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { containsPattern, listPage } from '../db/paging.js';
import type { BlacklistTable } from './tables.js';
import { gameOf, auditedResult, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { expiredAt, hasExpired, notExpired } from './active.js';
import {
  addEntry,
  deleteEntry,
  futureExpiry,
  mustExist,
  mustFindPlayer,
  playerNameContains,
  stampOf,
  type WithPlayerName,
} from './scope.js';

/**
 * The blacklist: a player (by id) or an IP address barred from the game, for good or until an
 * expiry. An expired entry stays listed (status expired) but no longer applies: it does not
 * mark the player banned and does not stand in the way of a new entry for the same value.
 */

type BlacklistEndpoints = Pick<
  typeof moderationEndpoints,
  'blacklist.list' | 'blacklist.create' | 'blacklist.delete'
>;

type EntryRow = WithPlayerName<BlacklistTable>;

const ENTRY = { en: 'blacklist entry', zh: '黑名单记录' };

function toEntry(row: EntryRow, now: Date): BlacklistEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    playerName: row.player_name,
    ...stampOf(row),
    status: expiredAt(row.expires_at, now) ? 'expired' : 'active',
  };
}

function entriesOf(ctx: HandlerContext, game: GameId) {
  return ctx.db.selectFrom('blacklist as b').where('b.game', '=', game);
}

/** The entries' columns with the player's name for player entries (null for IPs or a player who is gone). */
function withPlayerName(q: ReturnType<typeof entriesOf>) {
  return q
    .leftJoin('players as p', (join) =>
      join.onRef('p.game', '=', 'b.game').onRef('p.id', '=', 'b.value').on('b.kind', '=', 'player'),
    )
    .selectAll('b')
    .select('p.name as player_name');
}

/**
 * One spelling per address, so "the same value" means the same address: IPv6 in its compressed
 * lower-case form (2001:DB8:0::1 and 2001:db8::1 are one address). IPv4 is validated as dotted
 * decimal without leading zeros, so it has one spelling already.
 */
export function canonicalValue(kind: BlacklistKind, value: string): string {
  if (kind === 'ip' && value.includes(':')) return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  return value;
}

export const blacklistHandlers: HandlerMap<BlacklistEndpoints> = {
  'blacklist.list': async (input, ctx) => {
    const game = gameOf(ctx);
    const now = ctx.now;
    let q = entriesOf(ctx, game);
    if (input.kind) q = q.where('b.kind', '=', input.kind);
    if (input.status === 'active') q = q.where(notExpired('b', now));
    else if (input.status === 'expired') q = q.where(hasExpired('b', now));
    if (input.q) {
      const text = input.q;
      q = q.where((eb) =>
        eb.or([
          eb('b.value', 'ilike', containsPattern(text)),
          eb.and([eb('b.kind', '=', 'player'), playerNameContains(text, 'b.game', 'b.value')]),
        ]),
      );
    }
    const ordered = withPlayerName(q).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc');
    return listPage(q, ordered, input, (r) => toEntry(r, now));
  },

  'blacklist.create': async (input, ctx) => {
    const game = gameOf(ctx);
    const value = canonicalValue(input.kind, input.value);
    ctx.audit.target = value;
    ctx.audit.before = null;
    const expiresAt = futureExpiry(input.expiresAt, ctx.now);
    const player = input.kind === 'player' ? await mustFindPlayer(ctx, game, value) : null;

    const row = await addEntry(ctx, {
      reason: input.reason,
      expiresAt,
      key: `blacklist:${game}:${input.kind}:${value}`,
      active: () =>
        entriesOf(ctx, game)
          .select(['b.id', 'b.expires_at'])
          .where('b.kind', '=', input.kind)
          .where('b.value', '=', value)
          .where(notExpired('b', ctx.now))
          .executeTakeFirst(),
      conflict: (existing, until) => {
        const what = input.kind === 'player' ? `Player ${value}` : `The IP address ${value}`;
        const whatZh = input.kind === 'player' ? `玩家 ${value}` : `IP 地址 ${value}`;
        return problem(
          Codes.CONFLICT,
          `${what} is already blacklisted ${until.en} (entry ${existing.id}); delete that entry first to change it`,
          `${whatZh}已在黑名单中，${until.zh}（记录 ${existing.id}）；如需修改请先删除该记录`,
        );
      },
      insert: (stamp) =>
        ctx.db
          .insertInto('blacklist')
          .values({ game, kind: input.kind, value, ...stamp })
          .returningAll()
          .executeTakeFirstOrThrow(),
    });
    return auditedResult(ctx, toEntry({ ...row, player_name: player?.name ?? null }, ctx.now));
  },

  'blacklist.delete': async (input, ctx) => {
    const game = gameOf(ctx);
    ctx.audit.target = `blacklist:${input.entryId}`;
    const found = await withPlayerName(entriesOf(ctx, game))
      .where('b.id', '=', input.entryId)
      .executeTakeFirst();
    const row = mustExist(found, ENTRY, input.entryId, game);
    ctx.audit.target = row.value;
    ctx.audit.before = toEntry(row, ctx.now);
    return deleteEntry(ctx, 'blacklist', ENTRY, row.id, game);
  },
};
