import type { TFunction } from 'i18next';
import type { BlacklistEntry } from '../../shared/api/moderation.js';
import { playerLabel } from '../components/playerLabel.js';

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
