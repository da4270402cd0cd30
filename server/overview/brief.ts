import type { Kysely } from 'kysely';
import {
  BRIEF_FIGURES,
  TREND_DAYS,
  type BriefInfo,
  type Compared,
  type GameBrief,
} from '../../shared/api/overview.js';
import { endpointAccess } from '../../shared/api/endpoint.js';
import { reportsEndpoints } from '../../shared/api/reports.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import type { Database } from '../db/schema.js';
import { openDeliveryAlerts } from '../orders/port.js';
import { THEMES } from '../players/themes/index.js';
import { addDays, dayFigures, dayIn, reportTimeZone, type DayFigures } from '../reports/port.js';
import { serverStates } from '../serverWatch/port.js';
import { todoCounts } from '../todo/port.js';

/**
 * Brief info: a handful of reads by key whatever the number of players and orders, each over every
 * game at once: the rollups of the last TREND_DAYS days, the watched servers by state, the open
 * delivery alerts (an index of orders by game and state), the caller's to-do list.
 */

/** The games whose daily report an operator with these roles may read (their games only). */
export function briefGames(roles: readonly string[]): GameId[] {
  return GAME_IDS.filter((g) => canAccess(roles, endpointAccess(reportsEndpoints['reports.daily'], g)));
}

type Values = Record<(typeof BRIEF_FIGURES)[number], number | null>;

const valuesOf = (d: DayFigures | undefined): Values => ({
  active: d?.active ?? 0,
  newPlayers: d?.newPlayers ?? 0,
  revenue: d?.revenue ?? 0,
  payingPlayers: d?.payingPlayers ?? 0,
  arppu: d && d.payingPlayers > 0 ? d.revenue / d.payingPlayers : null,
});

function figuresOf(
  days: readonly DayFigures[],
  pick: { today: string; yesterday: string; lastWeek: string },
) {
  const on = (day: string) => valuesOf(days.find((d) => d.day === day));
  const [today, yesterday, lastWeek] = [on(pick.today), on(pick.yesterday), on(pick.lastWeek)];
  const trendValues = days.map(valuesOf);
  const figures = {} as Record<keyof Values, Compared>;
  const trend = {} as Record<keyof Values, (number | null)[]>;
  for (const f of BRIEF_FIGURES) {
    figures[f] = { today: today[f], yesterday: yesterday[f], lastWeek: lastWeek[f] };
    trend[f] = trendValues.map((v) => v[f]);
  }
  return { figures, trend };
}

export async function briefInfo(
  db: Kysely<Database>,
  caller: { id: number; roles: readonly string[] },
  now: Date,
): Promise<BriefInfo> {
  const games = briefGames(caller.roles);
  const timeZone = await reportTimeZone(db);
  const today = dayIn(timeZone, now);
  const pick = { today, yesterday: addDays(today, -1), lastWeek: addDays(today, -7) };
  const first = addDays(today, -(TREND_DAYS - 1));
  const [figures, servers, deliveries, todo] = await Promise.all([
    dayFigures(db, games, first, today),
    serverStates(db, games),
    openDeliveryAlerts(db, games),
    todoCounts(db, caller.id, now),
  ]);
  const briefs = games.map((game): GameBrief => {
    const s = servers.get(game) ?? { up: 0, down: 0, other: 0, openIncidents: 0 };
    return {
      game,
      currency: THEMES[game].currency,
      ...figuresOf(figures.get(game) ?? [], pick),
      servers: { up: s.up, down: s.down, other: s.other },
      alerts: { serversDown: s.openIncidents, failedDeliveries: deliveries.get(game) ?? 0 },
    };
  });
  const days = (figures.get(games[0] ?? 'atomicwar') ?? []).map((d) => d.day);
  return {
    timeZone,
    asOf: now.toISOString(),
    ...pick,
    days: days.length > 0 ? days : Array.from({ length: TREND_DAYS }, (_, i) => addDays(first, i)),
    games: briefs,
    todo,
  };
}
