import { sql, type RawBuilder } from 'kysely';
import type { GameId } from '../../shared/games.js';
import { playerNumOf } from '../seed/players.js';

/**
 * The seeded players who play a season, as the boards' seed and the stages' seed both read them:
 * `x.g` (the seed row), `x.lvl` (their level then, lower in older seasons), `x.since` (when they
 * could first score in it), `x.t` (a Weyl fraction of the row, shifted by `phase` per season, for
 * the moment they scored), and who is left out (deleted, joined after it, one in back + 1 of an
 * older season). Whole seconds, so both databases store the same instants.
 */
export interface SeasonRows {
  game: GameId;
  season: { id: number; startsAt: Date; endsAt: Date };
  /** Seasons before the current one (0: the current). */
  back: number;
  from: number;
  to: number;
  anchor: Date;
  phase: number;
}

export function seasonRows(r: SeasonRows): {
  until: Date;
  lateral: RawBuilder<unknown>;
  where: RawBuilder<unknown>;
} {
  const base = playerNumOf(r.game, 0);
  const k = r.season.id;
  const until = new Date(Math.min(r.season.endsAt.getTime(), Math.floor(r.anchor.getTime() / 1000) * 1000));
  const lateral = sql`cross join lateral (
      select (p.num - ${base})::bigint as g,
        greatest(1, p.level - ${r.back * 5})::int as lvl,
        greatest(date_trunc('second', p.created_at), ${r.season.startsAt}::timestamptz) as since,
        ((p.num - ${base}) * 0.6180339887498949::float8 + ${k} * ${r.phase}::float8)
          - floor((p.num - ${base}) * 0.6180339887498949::float8 + ${k} * ${r.phase}::float8) as t
    ) as x`;
  const where = sql`p.game = ${r.game}
      and p.num between ${base + r.from} and ${base + r.to}
      and p.state <> 'deleted'
      and p.created_at < ${until}::timestamptz
      and (${r.back} = 0 or x.g % (${r.back} + 1) <> 0)`;
  return { until, lateral, where };
}
