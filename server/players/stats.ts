import { sql } from 'kysely';
import type { playersEndpoints } from '../../shared/api/players.js';
import { countAll } from '../db/paging.js';
import type { EndpointHandler } from '../http/context.js';
import { notExpired } from '../moderation/active.js';

/**
 * Player statistics of one game at the server's clock: counts by state and flag, sign-up and
 * sign-in activity, level bands, and new players per (UTC) day over the asked window. One pass
 * over the game's players gives the counts and bands; the daily series reads the created_at
 * index for the window only.
 */

type Endpoints = typeof playersEndpoints;

const DAY_MS = 86_400_000;
const BAND = 10;

const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const stats: EndpointHandler<Endpoints['players.stats']> = async (input, ctx) => {
  const game = input.game;
  const now = ctx.now;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const windowStart = new Date(today - (input.days - 1) * DAY_MS);

  const bands = await ctx.db
    .selectFrom('players')
    .where('game', '=', game)
    .select([
      sql<number>`((level - 1) / ${sql.lit(BAND)})::int`.as('band'),
      countAll.as('total'),
      sql<number>`(count(*) filter (where state = 'active'))::int`.as('active'),
      sql<number>`(count(*) filter (where state = 'inactive'))::int`.as('inactive'),
      sql<number>`(count(*) filter (where state = 'deleted'))::int`.as('deleted'),
      sql<number>`(count(*) filter (where created_at >= ${new Date(today)} and created_at <= ${now}))::int`.as(
        'newToday',
      ),
      sql<number>`(count(*) filter (where created_at > ${ago(7)} and created_at <= ${now}))::int`.as('new7d'),
      sql<number>`(count(*) filter (where last_login_at > ${ago(1)} and last_login_at <= ${now}))::int`.as(
        'active1d',
      ),
      sql<number>`(count(*) filter (where last_login_at > ${ago(7)} and last_login_at <= ${now}))::int`.as(
        'active7d',
      ),
      sql<number>`(count(*) filter (where last_login_at > ${ago(30)} and last_login_at <= ${now}))::int`.as(
        'active30d',
      ),
      sql<number>`(count(*) filter (where last_login_at is null))::int`.as('neverSignedIn'),
    ])
    .groupBy(sql`1`)
    .execute();

  const sum = (key: Exclude<keyof (typeof bands)[number], 'band'>) => bands.reduce((n, b) => n + b[key], 0);
  const topBand = bands.reduce((top, b) => Math.max(top, b.band), 0);
  const levels = Array.from({ length: topBand + 1 }, (_, band) => ({
    from: band * BAND + 1,
    to: (band + 1) * BAND,
    count: bands.find((b) => b.band === band)?.total ?? 0,
  }));

  // Days as numbers (days since 1970-01-01, UTC): cheaper than formatting a million dates, and
  // free of the drivers' different readings of a SQL date.
  const daily = await ctx.db
    .selectFrom('players')
    .where('game', '=', game)
    .where('created_at', '>=', windowStart)
    .where('created_at', '<=', now)
    .select([
      sql<number>`((created_at at time zone 'UTC')::date - date '1970-01-01')`.as('day'),
      countAll.as('count'),
    ])
    .groupBy(sql`1`)
    .execute();
  const perDay = new Map(daily.map((d) => [Number(d.day), d.count]));
  const firstDay = windowStart.getTime() / DAY_MS;
  const newPerDay = Array.from({ length: input.days }, (_, i) => ({
    day: dayOf((firstDay + i) * DAY_MS),
    count: perDay.get(firstDay + i) ?? 0,
  }));

  // Flags count players of this game on each list (an entry naming no such player counts not).
  const banned = await ctx.db
    .selectFrom('blacklist as bl')
    .innerJoin('players as p', (j) => j.onRef('p.game', '=', 'bl.game').onRef('p.id', '=', 'bl.value'))
    .where('bl.game', '=', game)
    .where('bl.kind', '=', 'player')
    .where(notExpired('bl', now))
    .select(sql<number>`count(distinct p.id)::int`.as('n'))
    .executeTakeFirstOrThrow();
  const testing = await ctx.db
    .selectFrom('testing_players as l')
    .innerJoin('players as p', (j) => j.onRef('p.game', '=', 'l.game').onRef('p.id', '=', 'l.player_id'))
    .where('l.game', '=', game)
    .select(countAll.as('n'))
    .executeTakeFirstOrThrow();
  const special = await ctx.db
    .selectFrom('special_users as l')
    .innerJoin('players as p', (j) => j.onRef('p.game', '=', 'l.game').onRef('p.id', '=', 'l.player_id'))
    .where('l.game', '=', game)
    .select(countAll.as('n'))
    .executeTakeFirstOrThrow();

  return {
    asOf: now.toISOString(),
    total: sum('total'),
    byState: { active: sum('active'), inactive: sum('inactive'), deleted: sum('deleted') },
    banned: banned.n,
    testing: testing.n,
    special: special.n,
    newToday: sum('newToday'),
    new7d: sum('new7d'),
    active1d: sum('active1d'),
    active7d: sum('active7d'),
    active30d: sum('active30d'),
    neverSignedIn: sum('neverSignedIn'),
    levels,
    newPerDay,
  };
};
