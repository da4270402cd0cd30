import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { signedInOf, type HandlerContext } from '../http/context.js';
import { problem } from '../http/problem.js';

/**
 * What every moderation handler needs: the game it acts in, who acts, the player it names, and
 * the small rules (expiry in the future, paging, literal search) that all lists and actions share.
 */

/** The game of a game-scoped call; the endpoint layer always sets it for these endpoints. */
export function gameOf(ctx: HandlerContext): GameId {
  if (!ctx.game) throw new ApiError(Codes.INTERNAL, 'a moderation call arrived without its game');
  return ctx.game;
}

export function gameName(game: GameId): { en: string; zh: string } {
  return { en: GAMES[game].names.en, zh: GAMES[game].names['zh-CN'] };
}

/** The operator name stored on entries (kept as text, so entries outlive the account). */
export function operatorName(ctx: HandlerContext): string {
  return signedInOf(ctx).operator.name;
}

export interface PlayerRef {
  id: string;
  name: string;
}

/** The player of this game with that id, or 40400 naming the game (the id may be another game's). */
export async function mustFindPlayer(
  ctx: HandlerContext,
  game: GameId,
  playerId: string,
): Promise<PlayerRef> {
  const row = await ctx.db
    .selectFrom('players')
    .select(['id', 'name'])
    .where('game', '=', game)
    .where('id', '=', playerId)
    .executeTakeFirst();
  if (row) return row;
  const name = gameName(game);
  throw problem(
    Codes.NOT_FOUND,
    `${name.en} has no player ${playerId}; check the id on the player search page`,
    `${name.zh}没有 ID 为 ${playerId} 的玩家，请在玩家搜索页核对 ID`,
    [{ path: 'playerId', message: 'no such player in this game' }],
  );
}

/** An entry id that this game does not have (missing, deleted, or another game's): 40400. */
export function entryNotFound(what: { en: string; zh: string }, id: number, game: GameId) {
  const name = gameName(game);
  return problem(
    Codes.NOT_FOUND,
    `${name.en} has no ${what.en} with id ${id}; reload the list, it may have been removed`,
    `${name.zh}没有编号为 ${id} 的${what.zh}，请刷新列表，它可能已被删除`,
  );
}

/**
 * The expiry of a new ban or blacklist entry: none, or a moment after the server's clock (an
 * expiry in the past would create an entry that never applies).
 */
export function futureExpiry(expiresAt: string | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) {
    const message = `must be later than the server's current time ${now.toISOString()}`;
    throw problem(
      Codes.VALIDATION,
      `expiresAt: ${message}; leave it empty for no expiry`,
      `expiresAt：过期时间须晚于服务器当前时间 ${now.toISOString()}；不设过期请留空`,
      [{ path: 'expiresAt', message }],
    );
  }
  return at;
}

/** LIKE pattern matching `q` literally anywhere (its % and _ are plain characters). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The player at (`gameRef`, `idRef`) has a name containing `q`. Two forms with one meaning,
 * because the fast one depends on q: from three characters the players' trigram index finds the
 * matching names and the planner probes only those; shorter text has no trigrams, and then
 * looking up each entry's player by primary key (some ten thousand probes for a list at a
 * million players) beats scanning a million names.
 */
export function playerNameContains(q: string, gameRef: string, idRef: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(q);
  const game = sql.ref(gameRef);
  const id = sql.ref(idRef);
  if ([...q].length >= 3) {
    return sql<SqlBool>`exists (select 1 from players as pn
      where pn.game = ${game} and pn.id = ${id} and pn.name ilike ${pattern})`;
  }
  return sql<SqlBool>`coalesce((select pn.name from players as pn
    where pn.game = ${game} and pn.id = ${id} limit 1) ilike ${pattern}, false)`;
}

export interface PageInput {
  page: number;
  pageSize: number;
}

export function pageWindow(input: PageInput): { limit: number; offset: number } {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

export function pageResult<T>(items: T[], total: number, input: PageInput) {
  return { items, total, page: input.page, pageSize: input.pageSize };
}

export const countAll = sql<number>`count(*)::int`;

export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/**
 * Serialises the check-then-insert of one key (a ban of a hero, a blacklisted value) within the
 * audited call's transaction, so two operators pressing "ban" together cannot both pass the
 * "already active" check. The lock ends with the transaction.
 */
export async function lockKey(ctx: HandlerContext, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(ctx.db);
}

/** A unique index refused the row: the same race as above, for keys the schema enforces. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}
