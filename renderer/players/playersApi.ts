import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import { gamesOf } from '../../shared/api/endpoint.js';
import type { GameId, PlayerTab } from '../../shared/games.js';
import type { QueryClient } from '@tanstack/react-query';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { prefetchEndpoint, useEndpointMutation, useEndpointQuery, useEndpointReread } from '../kit/data.js';
import { prefetchList, type ListRead } from '../kit/listRead.js';
import { endpointFilter } from '../kit/queryKeys.js';
import { isPlayerId, resolveTab } from './detailParams.js';
import { EQUIPMENT_PAGE_PARAM, EQUIPMENT_VIEW_PARAM, parseEquipmentView } from './equipment.js';
import type { StatsWindow } from './stats.js';
import type { PlayerAction } from './actions.js';

/**
 * The players endpoints on the kit's data layer. Every read of a game's players is under the
 * 'players' capability of that game, so one invalidation after an action refreshes the header,
 * every tab, the history, the search results and the statistics together.
 */

export const EQUIPMENT_PAGE_SIZE = 100;

export type HistoryKind = 'logs' | 'prelogs';
export type EquipmentGame = InputOf<'players.equipment'>['game'];

const EQUIPMENT_GAMES: readonly GameId[] = gamesOf(ENDPOINTS['players.equipment']);

/** Games whose players have equipment: exactly the games the equipment calls exist for. */
export function hasEquipment(game: GameId): game is EquipmentGame {
  return EQUIPMENT_GAMES.includes(game);
}

export function usePlayer(game: GameId, id: string, enabled = true) {
  return useEndpointQuery('players.get', { game, id }, { enabled });
}

/** What a tab shows first: the copy in the game's cache ("re-read fresh" asks the database). */
function tabInput(game: GameId, id: string, tab: PlayerTab): InputOf<'players.tab'> {
  return { game, id, tab, read: 'cache' };
}

export function usePlayerTab(game: GameId, id: string, tab: PlayerTab) {
  return useEndpointQuery('players.tab', tabInput(game, id, tab));
}

/**
 * "Re-read fresh": reads the database (which refreshes the game's cache) and shows that copy in
 * place of the cached one. The header lists the cached tabs, so it refetches too.
 */
export function useRefreshTab(game: GameId, id: string, tab: PlayerTab) {
  return useEndpointReread(
    'players.tab',
    { fresh: { game, id, tab, read: 'fresh' }, shown: { game, id, tab, read: 'cache' } },
    [endpointFilter('players.get', { game, id })],
  );
}

export function usePlayerEquipment(game: EquipmentGame, id: string) {
  return useEndpointQuery('players.equipment', { game, id, read: 'cache' });
}

/** The paged view of a player's equipment, as its panel and its route's prefetch read it. */
export function equipmentPageList(game: EquipmentGame, id: string): ListRead<'players.equipmentPage'> {
  return {
    endpoint: 'players.equipmentPage',
    input: { game, id },
    pageParam: EQUIPMENT_PAGE_PARAM,
    pageSize: EQUIPMENT_PAGE_SIZE,
  };
}

export function useRefreshEquipment(game: EquipmentGame, id: string) {
  return useEndpointReread(
    'players.equipment',
    { fresh: { game, id, read: 'fresh' }, shown: { game, id, read: 'cache' } },
    [endpointFilter('players.get', { game, id })],
  );
}

/**
 * Delete, activate and clear cache. Success refreshes everything shown about the player (header,
 * tabs, history with the new audit entry) and the game's search results and statistics: all of
 * them are reads of the 'players' capability, which each of these changes invalidates.
 */
export function usePlayerAction(game: GameId, id: string) {
  const del = useEndpointMutation('players.delete');
  const activate = useEndpointMutation('players.activate');
  const clearCache = useEndpointMutation('players.clearCache');
  const calls = { delete: del, activate, clearCache } as const;
  return {
    mutateAsync: ({ action, reason }: { action: PlayerAction; reason: string }): Promise<unknown> =>
      calls[action].mutateAsync({ game, id, reason }),
  };
}

export function usePlayerStats(game: GameId, days: StatsWindow) {
  return useEndpointQuery('players.stats', { game, days }, { keepPrevious: true });
}

/**
 * The player page's first reads, from its URL alone: the header and the tab the URL names (for
 * equipment, the view it names), asked together as the navigation starts. The page itself would
 * ask for the tab only once the header had come and the page had mounted.
 */
export function prefetchPlayerPage(
  client: QueryClient,
  game: GameId,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): void {
  const id = params['id'] ?? '';
  if (!isPlayerId(id)) return;
  prefetchEndpoint(client, 'players.get', { game, id });
  const tab = resolveTab(game, params['tab']);
  if (tab === undefined) return;
  if (TAB_DEFS[tab].kind !== 'equipment' || !hasEquipment(game)) {
    prefetchEndpoint(client, 'players.tab', tabInput(game, id, tab));
  } else if (parseEquipmentView(search.get(EQUIPMENT_VIEW_PARAM)) === 'all') {
    prefetchEndpoint(client, 'players.equipment', { game, id, read: 'cache' });
  } else {
    prefetchList(client, equipmentPageList(game, id), search);
  }
}
