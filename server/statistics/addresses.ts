import { sql, type Kysely } from 'kysely';
import {
  MAX_ADDRESS_ACCOUNTS,
  SHARED_ADDRESS_ACCOUNTS,
  type AddressAccounts,
  type AddressFigures,
  type SignIn,
} from '../../shared/api/statistics.js';
import type { SortOrder } from '../../shared/api/sorting.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { listPage, pageResult, pageWindow, type Page, type PageInput } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';
import { dayEnd, dayStart } from './matches.js';

/**
 * IP statistics and client IPs. The per-address figures are read from `ip_addresses` (kept by the
 * sign-ins' trigger), each sort served by its index; a player's or an address's sign-ins are read
 * from `sign_ins` by its key (player) or its address index, a page at a time.
 */

const iso = (d: Date) => new Date(d).toISOString();

const ADDRESS_COLUMNS = { accounts: 'accounts', signIns: 'sign_ins', lastAt: 'last_at' } as const;

export async function addressList(
  db: Kysely<Database>,
  a: {
    game: GameId;
    q?: string | undefined;
    show: 'all' | 'shared';
    sort?: keyof typeof ADDRESS_COLUMNS | undefined;
    order?: SortOrder | undefined;
  } & PageInput,
): Promise<Page<AddressFigures> & { threshold: number }> {
  let q = db.selectFrom('ip_addresses').where('game', '=', a.game);
  if (a.show === 'shared') q = q.where('accounts', '>=', SHARED_ADDRESS_ACCOUNTS);
  if (a.q) q = q.where('ip', 'like', `${a.q.toLowerCase()}%`);
  const ordered = sortedBy(
    q.selectAll(),
    a,
    ADDRESS_COLUMNS,
    (x) => x.orderBy('accounts', 'desc').orderBy('ip', 'desc'),
    'ip',
  );
  const page = await listPage(q, ordered, a, (r) => ({
    ip: r.ip,
    accounts: r.accounts,
    signIns: r.sign_ins,
    firstAt: iso(r.first_at),
    lastAt: iso(r.last_at),
    shared: r.accounts >= SHARED_ADDRESS_ACCOUNTS,
  }));
  return { ...page, threshold: SHARED_ADDRESS_ACCOUNTS };
}

export async function addressAccounts(
  db: Kysely<Database>,
  a: { game: GameId; ip: string },
): Promise<AddressAccounts> {
  const address = await db
    .selectFrom('ip_addresses')
    .select('accounts')
    .where('game', '=', a.game)
    .where('ip', '=', a.ip)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('ip_accounts as i')
    .leftJoin('players as p', (j) => j.onRef('p.game', '=', 'i.game').onRef('p.id', '=', 'i.player_id'))
    .select(['i.player_id', 'p.name', 'i.sign_ins', 'i.first_at', 'i.last_at'])
    .where('i.game', '=', a.game)
    .where('i.ip', '=', a.ip)
    .orderBy('i.sign_ins', 'desc')
    .orderBy('i.player_id')
    .limit(MAX_ADDRESS_ACCOUNTS)
    .execute();
  const total = address?.accounts ?? 0;
  return {
    ip: a.ip,
    total,
    shared: total >= SHARED_ADDRESS_ACCOUNTS,
    accounts: rows.map((r) => ({
      playerId: r.player_id,
      playerName: r.name,
      signIns: r.sign_ins,
      firstAt: iso(r.first_at),
      lastAt: iso(r.last_at),
    })),
  };
}

export async function signInsOf(
  db: Kysely<Database>,
  a: {
    game: GameId;
    start: string;
    end: string;
    zone: string;
    playerId?: string | undefined;
    ip?: string | undefined;
  } & PageInput,
): Promise<Page<SignIn>> {
  const who = a.playerId !== undefined ? sql`s.player_id = ${a.playerId}` : sql`s.ip = ${a.ip ?? ''}`;
  const where = sql`s.game = ${a.game} and ${who}
    and s."at" >= ${dayStart(a.start, a.zone)} and s."at" < ${dayEnd(a.end, a.zone)}`;
  const { rows: count } = await sql<{
    n: number;
  }>`select count(*)::int as n from sign_ins as s where ${where}`.execute(db);
  const { limit, offset } = pageWindow(a);
  const { rows } = await sql<{
    player_id: string;
    name: string | null;
    ip: string;
    at: Date;
    seconds: number;
  }>`
    select s.player_id, p.name, s.ip, s."at", s.seconds
    from sign_ins as s left join players as p on p.game = s.game and p.id = s.player_id
    where ${where} order by s."at" desc, s.player_id desc limit ${limit} offset ${offset}`.execute(db);
  return pageResult(
    rows.map((r) => ({
      playerId: r.player_id,
      playerName: r.name,
      ip: r.ip,
      at: iso(r.at),
      seconds: r.seconds,
    })),
    count[0]?.n ?? 0,
    a,
  );
}
