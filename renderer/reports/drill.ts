import { type GameId } from '../../shared/games.js';
import { gameHasPage, gamePagePath } from '../../shared/game-pages.js';
import { ORDER_PARAMS } from '../orders/filters.js';
import { PLAYER_REGISTERED_PARAMS } from '../players/searchParams.js';
import { ACTIVITY_SERIES } from './charts.js';

/**
 * Where a report's figure leads: the rows behind it, on the screens that list them, through their
 * URL filters (so the operator lands on an ordinary list they can refine, share and come back to).
 */

/**
 * The orders behind a day's revenue (of one provider, when given): the game's player purchases
 * whose payment stands (paid or delivered; refunded and failed ones are not revenue) paid on that
 * studio day, the day the report counts them on, so the list holds exactly the figure's orders.
 */
export function ordersOfDay(game: GameId, day: string, zone: string, provider?: string): string | null {
  if (!gameHasPage(game, 'orderRetrieve')) return null;
  const q = new URLSearchParams({
    ...(provider ? { [ORDER_PARAMS.provider]: provider } : {}),
    [ORDER_PARAMS.kind]: 'purchase',
    [ORDER_PARAMS.state]: 'paid,delivered',
    [ORDER_PARAMS.paidFrom]: day,
    [ORDER_PARAMS.paidTo]: day,
    [ORDER_PARAMS.zone]: zone,
  });
  return `${gamePagePath(game, 'orderRetrieve')}?${q.toString()}`;
}

/**
 * The players registered on a studio day (a day's new players, a cohort), in the studio's zone;
 * with `activeOn`, those of them who signed in on that day (a cohort's cell of day k).
 */
export function playersOfDay(game: GameId, day: string, zone: string, activeOn?: string): string | null {
  if (!gameHasPage(game, 'players')) return null;
  const q = new URLSearchParams({
    [PLAYER_REGISTERED_PARAMS.day]: day,
    ...(activeOn ? { [PLAYER_REGISTERED_PARAMS.active]: activeOn } : {}),
    [PLAYER_REGISTERED_PARAMS.zone]: zone,
  });
  return `${gamePagePath(game, 'players')}?${q.toString()}`;
}

/** Where a click on the activity chart leads: revenue to the orders, new players to the players. */
export function activityDrill(game: GameId, seriesIndex: number, day: string, zone: string): string | null {
  const series = ACTIVITY_SERIES[seriesIndex];
  if (series === 'revenue') return ordersOfDay(game, day, zone);
  if (series === 'newPlayers') return playersOfDay(game, day, zone);
  return null;
}
