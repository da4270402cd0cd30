import { GAMES, type GameId, type PlayerTab } from '../../shared/games.js';
import { FIRST_TAB } from '../../shared/player-tabs.js';
import { ID_MAX_DIGITS } from './searchParams.js';

/** The detail page's URL params: `steamplayer/:id` and `steamplayer/:id/:tab`. */

const PLAYER_ID = new RegExp(`^[0-9]{1,${ID_MAX_DIGITS}}$`);

/** Player ids are digits (64-bit Steam-style ids, kept as text); anything else is a broken link. */
export function isPlayerId(id: string): boolean {
  return PLAYER_ID.test(id);
}

/** The tab to show: the first when the URL names none, undefined when the game has no such tab. */
export function resolveTab(game: GameId, tab: string | undefined): PlayerTab | undefined {
  if (tab === undefined || tab === '') return FIRST_TAB;
  const tabs: readonly string[] = GAMES[game].playerTabs;
  return tabs.includes(tab) ? (tab as PlayerTab) : undefined;
}
