import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import { gamesOf } from '../../shared/api/endpoint.js';
import type { GameId, PlayerTab } from '../../shared/games.js';
import { useEndpointMutation, useEndpointQuery, useEndpointReread } from '../kit/data.js';
import { endpointFilter } from '../kit/queryKeys.js';
import type { StatsWindow } from './stats.js';
import type { PlayerAction } from './actions.js';

/**
 * The players endpoints on the kit's data layer. Every read of a game's players is under the
 * 'players' capability of that game, so one invalidation after an action refreshes the header,
 * every tab, the history, the search results and the statistics together.
 */

export const HISTORY_PAGE_SIZE = 20;
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

export function usePlayerTab(game: GameId, id: string, tab: PlayerTab) {
  return useEndpointQuery('players.tab', { game, id, tab, read: 'cache' });
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

export function useRefreshEquipment(game: EquipmentGame, id: string) {
  return useEndpointReread(
    'players.equipment',
    { fresh: { game, id, read: 'fresh' }, shown: { game, id, read: 'cache' } },
    [endpointFilter('players.get', { game, id })],
  );
}

export function useEquipmentPage(game: EquipmentGame, id: string, page: number) {
  return useEndpointQuery(
    'players.equipmentPage',
    { game, id, page, pageSize: EQUIPMENT_PAGE_SIZE },
    { keepPrevious: true },
  );
}

export function usePlayerLogs(game: GameId, id: string, kind: HistoryKind, filter: string, page: number) {
  const input = { game, id, page, pageSize: HISTORY_PAGE_SIZE, ...(filter ? { kind: filter } : {}) };
  return useEndpointQuery(kind === 'logs' ? 'players.logs' : 'players.prelogs', input, {
    keepPrevious: true,
  });
}

export function usePlayerAudit(game: GameId, id: string, page: number) {
  return useEndpointQuery(
    'players.audit',
    { game, id, page, pageSize: HISTORY_PAGE_SIZE },
    { keepPrevious: true },
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
