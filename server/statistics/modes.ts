import type { GameId } from '../../shared/games.js';
import { gameHasPage } from '../../shared/game-pages.js';

/** What a game's matches are played as: its modes and maps (games with match statistics only). */
export interface MatchKinds {
  modes: readonly string[];
  maps: readonly string[];
}

const KINDS: Partial<Record<GameId, MatchKinds>> = {
  ymmj: {
    modes: ['dungeon', 'arena', 'boss'],
    maps: ['Misty Peak', 'Jade Cave', 'Lotus Pond', 'Ghost Market'],
  },
  lw: {
    modes: ['siege', 'skirmish', 'conquest'],
    maps: ['Iron Keep', 'Red Valley', 'North March', 'Salt Flats'],
  },
};

/** The game's match kinds; none for a game whose registry entry has no match statistics. */
export function matchKindsOf(game: GameId): MatchKinds | null {
  return gameHasPage(game, 'matchStats') ? (KINDS[game] ?? null) : null;
}
