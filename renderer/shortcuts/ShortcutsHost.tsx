import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { onAppCommand, runAppCommand } from '../app/commands.js';
import { bridge } from '../bridge/bridge.js';
import { useToasts } from '../components/Toaster.js';
import { matchRoute } from '../routing/guard.js';
import { commandHotkeys } from './keys.js';
import { currentGame, gameOfRoute } from './palette.js';
import { useRoles, useShortcutPrefs } from './prefs.js';
import type { PaletteMode } from './CommandPalette.js';

const CommandPalette = lazy(async () => ({ default: (await import('./CommandPalette.js')).CommandPalette }));

/** Where the last game an operator worked in is remembered, so player search goes back to it. */
const LAST_GAME_KEY = 'gameops.shortcuts.lastGame';

function readLastGame(): GameId | null {
  try {
    return (localStorage.getItem(LAST_GAME_KEY) as GameId | null) ?? null;
  } catch {
    return null;
  }
}

/**
 * The operator's keyboard, mounted once in the top bar: their combos (or the defaults until they
 * load) as Blueprint global hotkeys, each running its app command through the command seam, so
 * the desktop menu, the palette and the keys do the same thing. Carries out the commands that
 * need the router: the palette, player search in the current game, switching games, signing out
 * (through the sign-out page, the session's one way out). The HotkeysProvider comes with the
 * app's BlueprintProvider, and so does its "?" dialog listing these keys.
 */
export function ShortcutsHost() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const location = useLocation();
  const roles = useRoles();
  const { shortcuts, query } = useShortcutPrefs();
  const [palette, setPalette] = useState<PaletteMode | null>(null);
  const [loaded, setLoaded] = useState(false);

  const page = matchRoute(location.pathname);
  const pageGame = gameOfRoute(page);
  const lastGame = useRef<GameId | null>(readLastGame());
  useEffect(() => {
    if (!pageGame) return;
    lastGame.current = pageGame;
    try {
      localStorage.setItem(LAST_GAME_KEY, pageGame);
    } catch {
      // Storage refused (private mode): the game is remembered for this window only.
    }
  }, [pageGame]);
  const game = currentGame(pageGame, lastGame.current, roles);

  const hotkeys = useMemo(
    (): HotkeyConfig[] =>
      commandHotkeys(shortcuts).map((h) => ({
        combo: h.combo,
        global: true,
        group: t('shortcuts.hotkeysGroup'),
        label: t(`shortcuts.command.${h.command}`),
        allowInInput: h.allowInInput,
        preventDefault: true,
        onKeyDown: () => void runAppCommand(h.command),
      })),
    [shortcuts, t],
  );
  useHotkeys(hotkeys);

  // The desktop menu shows the combos beside its items (main/menu.ts): the operator's once they
  // have loaded, the defaults again when this unmounts (signed out).
  const loadedShortcuts = query.data ? shortcuts : null;
  useEffect(() => {
    if (loadedShortcuts)
      void bridge()
        .menu.showShortcuts(loadedShortcuts)
        .catch(() => undefined);
  }, [loadedShortcuts]);
  useEffect(
    () => () =>
      void bridge()
        .menu.showShortcuts(null)
        .catch(() => undefined),
    [],
  );

  // The latest values for handlers registered once.
  const latest = useRef({ game, navigate, toasts, t });
  latest.current = { game, navigate, toasts, t };

  useEffect(() => {
    const open = (mode: PaletteMode) => {
      setLoaded(true);
      setPalette(mode);
    };
    const offs = [
      onAppCommand('commandPalette', () => open('pages')),
      onAppCommand('switchGame', () => open('games')),
      onAppCommand('playerSearch', () => {
        const { game: g, navigate: go, toasts: say, t: tr } = latest.current;
        if (g) void go(gamePagePath(g, 'players'));
        else say.error(tr('shortcuts.noGame'));
      }),
      onAppCommand('signOut', () => void latest.current.navigate('/auth/logout')),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette
        mode={palette ?? 'pages'}
        isOpen={palette !== null}
        onClose={() => setPalette(null)}
        roles={roles}
        game={game}
        page={page}
      />
    </Suspense>
  );
}
