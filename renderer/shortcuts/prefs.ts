import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SHORTCUTS, type AppCommand } from '../../shared/commands.js';
import { GAMES } from '../../shared/games.js';
import type { RouteDef } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { useSession } from '../session/SessionContext.js';
import { isMacPlatform } from './keys.js';

/** Preferences change only when the operator saves them (which refetches them at once). */
const PREFS_STALE_MS = 5 * 60_000;

/**
 * The signed-in operator's shortcut preferences: the top bar, the hotkeys and the page read the
 * same query, so a save reaches all of them. Until the first answer (or when it fails) the
 * defaults apply and nothing is pinned, so the keyboard works from the first paint.
 */
export function useShortcutPrefs() {
  const query = useEndpointQuery('shortcuts.get', {}, { staleTime: PREFS_STALE_MS });
  const shortcuts: Readonly<Record<AppCommand, string | null>> =
    (query.data?.shortcuts as Record<AppCommand, string | null> | undefined) ?? DEFAULT_SHORTCUTS;
  const pinned: readonly string[] = query.data?.pinned ?? [];
  return { query, shortcuts, pinned };
}

/** The signed-in operator's roles (none while signed out). */
export function useRoles(): readonly string[] {
  const { state } = useSession();
  return state?.signedIn ? state.user.role : [];
}

/** Whether "mod" means Cmd here, as Blueprint decides it. */
export function useIsMac(): boolean {
  return isMacPlatform(typeof navigator === 'undefined' ? undefined : navigator.platform);
}

/** A route's title as the palette and the top bar show it: a game page names its game. */
export function useRouteTitle(): (route: RouteDef) => string {
  const { t } = useTranslation();
  const lang = useLanguage();
  return useCallback(
    (route: RouteDef) =>
      route.game ? `${t(route.titleKey)} · ${GAMES[route.game].names[lang]}` : t(route.titleKey),
    [t, lang],
  );
}
