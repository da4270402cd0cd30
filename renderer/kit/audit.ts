import type { TFunction } from 'i18next';
import { ENDPOINTS, ENDPOINT_IDS } from '../../shared/api/table.js';
import type { Language } from '../../shared/codes.js';
import { GAMES, GAME_IDS, type GameId } from '../../shared/games.js';
import { AUDIT_ACTIONS } from '../i18n/catalogue.js';

/**
 * How the audit log names what an operator did. The server records each call under the endpoint's
 * id (audit: true) and a session's events under `auth.*`; every one of these has a name in both
 * languages, in the texts of the feature it belongs to, which the catalogue gathers under
 * `auditActions.<id>` (a unit test checks); anything else a newer server may send is shown as
 * "other action" with its code.
 */
export const SESSION_ACTIONS = ['auth.login', 'auth.logout', 'auth.refreshReuse'] as const;

export const AUDITED_ACTIONS: readonly string[] = [
  ...SESSION_ACTIONS,
  ...ENDPOINT_IDS.filter((id) => (ENDPOINTS[id] as { audit?: true }).audit === true),
];
const KNOWN = new Set(AUDITED_ACTIONS);

export const auditActionKey = (action: string): string => `${AUDIT_ACTIONS}.${action}`;

export function auditActionName(t: TFunction, action: string): string {
  return KNOWN.has(action) ? t(auditActionKey(action)) : t('kit.audit.unknownAction', { action });
}

function isGameId(x: string): x is GameId {
  return (GAME_IDS as readonly string[]).includes(x);
}

/** A game as the operator calls it; an id this console does not know is shown as it came. */
export function gameName(game: string | null, lang: Language): string | null {
  if (game === null) return null;
  return isGameId(game) ? GAMES[game].names[lang] : game;
}
