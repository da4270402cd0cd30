import { useState } from 'react';
import type { TFunction } from 'i18next';
import { GAMES, type GameId } from '../../shared/games.js';
import type { BlacklistEntry } from '../../shared/api/moderation.js';
import { playerLabel } from '../components/playerLabel.js';
import { useLanguage } from '../i18n/i18n.js';

/** Whom a hero ban applies to. */
export function scopeLabel(t: TFunction, playerId: string | null, playerName: string | null): string {
  return playerId === null
    ? t('moderation.scope.all')
    : t('moderation.scope.player', { player: playerLabel(playerId, playerName) });
}

/** What a blacklist entry names: "player Name (123)" or "IP 10.0.0.1". */
export function blacklistTarget(
  t: TFunction,
  e: Pick<BlacklistEntry, 'kind' | 'value' | 'playerName'>,
): string {
  return e.kind === 'player'
    ? t('moderation.blacklist.targetPlayer', { player: playerLabel(e.value, e.playerName) })
    : t('moderation.blacklist.targetIp', { ip: e.value });
}

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
