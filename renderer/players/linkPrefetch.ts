import { useMemo, type SyntheticEvent } from 'react';
import { matchPath } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerDetailScreen } from './detailScreen.js';
import { prefetchPlayerPage } from './playersApi.js';

/** The link an event happened in, if any. */
function linkOf(target: EventTarget | null): HTMLAnchorElement | null {
  return target instanceof Element ? target.closest('a[href]') : null;
}

/** The player page a link leads to (its path params and query), or null for any other link. */
export function playerLinkTarget(
  game: GameId,
  href: string,
): { params: Record<string, string | undefined>; search: URLSearchParams } | null {
  const hash = href.slice(href.indexOf('#') + 1);
  const [path = '', query = ''] = hash.split('?', 2);
  for (const page of ['playerTab', 'player'] as const) {
    const match = matchPath(gamePagePath(game, page), path);
    if (match) return { params: match.params, search: new URLSearchParams(query) };
  }
  return null;
}

/**
 * Props for a box of links to a game's players. Pointing at a link, or reaching it by keyboard,
 * loads the player page's code in case the idle warm-up has not yet; pressing it starts the
 * page's first reads, before the navigation renders anything.
 */
export function usePlayerLinkPrefetch(game: GameId) {
  const client = useQueryClient();
  return useMemo(() => {
    const warm = (event: SyntheticEvent) => {
      if (linkOf(event.target)) playerDetailScreen.preload().catch(() => undefined);
    };
    const start = (event: SyntheticEvent) => {
      const link = linkOf(event.target);
      const target = link && playerLinkTarget(game, link.getAttribute('href') ?? '');
      if (target) prefetchPlayerPage(client, game, target.params, target.search);
    };
    return { onPointerOver: warm, onFocus: warm, onPointerDown: start, onClickCapture: start };
  }, [client, game]);
}
