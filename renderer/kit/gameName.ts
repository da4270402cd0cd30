import { useState } from 'react';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';

/** The game's name in the operator's language, for confirmations that must name the game. */
export function useGameName(game: GameId): string {
  return GAMES[game].names[useLanguage()];
}

/**
 * The last non-null value: a dialog keeps naming its target while it closes, after the page has
 * already cleared the target.
 */
export function useRetained<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
