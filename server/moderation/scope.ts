import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { containsPattern } from '../db/paging.js';
import { signedInOf, type HandlerContext } from '../http/context.js';
import { problem, type Problem } from '../http/problem.js';
import { findPlayer } from '../players/lookup.js';

/**
 * What every moderation handler needs: the game it acts in, who acts, the player it names, and
 * the small rules (expiry in the future, search by player, missing and deleted entries) that all
 * lists and actions share.
 */

/** The game of a game-scoped call; the endpoint layer always sets it for these endpoints. */

/** A text in both languages: a game's name, what an entry is called. */
export interface Label {
  en: string;
  zh: string;
}

export function gameName(game: GameId): Label {
  return { en: GAMES[game].names.en, zh: GAMES[game].names['zh-CN'] };
}

/** The operator name stored on entries (kept as text, so entries outlive the account). */
export function operatorName(ctx: HandlerContext): string {
  return signedInOf(ctx).operator.name;
}

/** What every ban and blacklist entry records: why, who made it and when, and until when. */
export interface EntryStamp {
  reason: string;
  operator: string;
  created_at: Date;
  expires_at: Date | null;
}

/** An entry's stamp as the contract reads it. */
export function stampOf(row: EntryStamp) {
  return {
    reason: row.reason,
    operator: row.operator,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
  };
}

/** A ban or blacklist entry to add, unless an active one for the same key is in the way. */
export interface NewEntry<R> {
  reason: string;
  expiresAt: Date | null;
  /** What two operators must not add at once: a hero's ban for a player, a blacklisted value. */
  key: string;
  /** The active entry of that key, if there is one. */
  active(): Promise<{ id: number; expires_at: Date | null } | undefined>;
  /** The 40900 that names the entry in the way, saying how long it applies. */
  conflict(entry: { id: number }, until: Label): Problem;
  /** Writes the entry, stamped. */
  insert(stamp: EntryStamp): Promise<R>;
}

/**
 * Adds a ban or blacklist entry: the check for an active one and the insert are serialised on the
 * entry's key, so two operators pressing "ban" together cannot both pass the check.
 */
export async function addEntry<R>(ctx: HandlerContext, entry: NewEntry<R>): Promise<R> {
  await lockKey(ctx, entry.key);
  const existing = await entry.active();
  if (existing) throw entry.conflict(existing, untilText(existing.expires_at));
  return entry.insert({
    reason: entry.reason,
    operator: operatorName(ctx),
    created_at: ctx.now,
    expires_at: entry.expiresAt,
  });
}

/** A row of a moderation table with its player's name (null for none, or a player who is gone). */
export type WithPlayerName<Table> = Selectable<Table> & { player_name: string | null };

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
  const row = await findPlayer(ctx.db, game, playerId);
  if (row) return { id: row.id, name: row.name };
  const name = gameName(game);
  throw problem(
    Codes.NOT_FOUND,
    `${name.en} has no player ${playerId}; check the id on the player search page`,
    `${name.zh}没有 ID 为 ${playerId} 的玩家，请在玩家搜索页核对 ID`,
    [{ path: 'playerId', message: 'no such player in this game' }],
  );
}

/** An entry id that this game does not have (missing, deleted, or another game's): 40400. */
export function entryNotFound(what: Label, id: number, game: GameId) {
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

/** The entry of table `alias` names a player whose id or name contains `q` (the lists' search box). */
export function playerIdOrNameContains(q: string, alias: string): RawBuilder<SqlBool> {
  const id = `${alias}.player_id`;
  return sql<SqlBool>`(${sql.ref(id)} like ${containsPattern(q)} or ${playerNameContains(q, `${alias}.game`, id)})`;
}

export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** How long an entry that is in the way applies, for the conflict messages. */
function untilText(expiresAt: Date | null): { en: string; zh: string } {
  if (!expiresAt) return { en: 'with no expiry', zh: '永久' };
  const at = expiresAt.toISOString();
  return { en: `until ${at}`, zh: `至 ${at}` };
}

/**
 * Serialises the check-then-insert of one key within the audited call's transaction; the lock
 * ends with the transaction.
 */
async function lockKey(ctx: HandlerContext, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(ctx.db);
}

/** A unique index refused the row: the same race as above, for keys the schema enforces. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

/** The entry the handler read, or 40400 when this game has no entry with that id. */
export function mustExist<T>(row: T | undefined, what: Label, id: number, game: GameId): T {
  if (!row) throw entryNotFound(what, id, game);
  return row;
}

/**
 * Removes entry `id` of this game, which the handler has read (and put in the audit's before);
 * 40400 when it is gone meanwhile.
 */
export async function deleteEntry(
  ctx: HandlerContext,
  table: 'banned_heroes' | 'blacklist' | 'special_users',
  what: Label,
  id: number,
  game: GameId,
): Promise<{ deleted: true }> {
  ctx.audit.after = null;
  const res = await ctx.db.deleteFrom(table).where('id', '=', id).where('game', '=', game).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw entryNotFound(what, id, game);
  return { deleted: true };
}
