import { sql, type Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { THEMES } from '../players/themes/index.js';
import { dayList } from './days.js';

export { reportTimeZone } from './zone.js';
export { addDays, dayIn } from './days.js';

/**
 * Reports' port for the other features: the daily report's figures of a few days, read from the
 * same rollups (report_days and report_day_money by their keys), for the landing page's brief info
 * (server/overview). Counted as the daily report counts them (shared/api/reports.ts).
 */

export interface DayFigures {
  day: string;
  active: number;
  newPlayers: number;
  /** Payments still standing that day, in the game's own currency (minor units). */
  revenue: number;
  payingPlayers: number;
}

/** Each game's figures on every day from start to end (studio days), days without any as zeros. */
export async function dayFigures(
  db: Kysely<Database>,
  games: readonly GameId[],
  start: string,
  end: string,
): Promise<Map<GameId, DayFigures[]>> {
  const out = new Map<GameId, DayFigures[]>();
  if (games.length === 0) return out;
  const currencies = games.map((g) => THEMES[g].currency);
  const { rows } = await sql<{
    game: GameId;
    day: string;
    dau: number;
    new_players: number;
    payers: number;
    revenue: number | null;
  }>`
    select d.game, d.day::text as day, d.dau, d.new_players, d.payers, m.amount::float8 as revenue
    from unnest(${games}::text[], ${currencies}::text[]) as c(game, currency)
      join report_days as d on d.game = c.game and d.day between ${start}::date and ${end}::date
      left join report_day_money as m
        on m.game = d.game and m.day = d.day and m.currency = c.currency and m.outcome = 'settled'`.execute(
    db,
  );
  const found = new Map(rows.map((r) => [`${r.game}/${r.day}`, r]));
  for (const game of games) {
    out.set(
      game,
      dayList(start, end).map((day) => {
        const r = found.get(`${game}/${day}`);
        return {
          day,
          active: r?.dau ?? 0,
          newPlayers: r?.new_players ?? 0,
          revenue: r?.revenue ?? 0,
          payingPlayers: r?.payers ?? 0,
        };
      }),
    );
  }
  return out;
}
