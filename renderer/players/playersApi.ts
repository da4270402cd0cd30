import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import { gamesOf } from '../../shared/api/endpoint.js';
import type { GameId, PlayerTab } from '../../shared/games.js';
import { bridge } from '../bridge/bridge.js';
import { unwrap } from '../bridge/result.js';
import type { SearchKeys } from './searchParams.js';
import type { StatsWindow } from './stats.js';
import type { PlayerAction } from './actions.js';

/** The players endpoints as queries; every read and write goes through the bridge. */

export const SEARCH_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 20;
export const EQUIPMENT_PAGE_SIZE = 100;

export type HistoryKind = 'logs' | 'prelogs';
export type EquipmentGame = InputOf<'players.equipment'>['game'];

const EQUIPMENT_GAMES: readonly GameId[] = gamesOf(ENDPOINTS['players.equipment']);

/** Games whose players have equipment: exactly the games the equipment calls exist for. */
export function hasEquipment(game: GameId): game is EquipmentGame {
  return EQUIPMENT_GAMES.includes(game);
}

/**
 * Keys nest under the player, so one invalidation after an action refreshes the header, every
 * tab and the history together.
 */
export const playersKeys = {
  game: (game: GameId) => ['players', game] as const,
  search: (game: GameId, keys: SearchKeys, page: number) => ['players', game, 'search', keys, page] as const,
  player: (game: GameId, id: string) => ['players', game, 'player', id] as const,
  header: (game: GameId, id: string) => ['players', game, 'player', id, 'header'] as const,
  tab: (game: GameId, id: string, tab: PlayerTab) => ['players', game, 'player', id, 'tab', tab] as const,
  equipment: (game: GameId, id: string) => ['players', game, 'player', id, 'equipment'] as const,
  equipmentPage: (game: GameId, id: string, page: number) =>
    ['players', game, 'player', id, 'eqpage', page] as const,
  logs: (game: GameId, id: string, kind: HistoryKind, filter: string, page: number) =>
    ['players', game, 'player', id, kind, filter, page] as const,
  audit: (game: GameId, id: string, page: number) => ['players', game, 'player', id, 'audit', page] as const,
  stats: (game: GameId, days: StatsWindow) => ['players', game, 'stats', days] as const,
};

export function usePlayerSearch(game: GameId, keys: SearchKeys, page: number, enabled: boolean) {
  return useQuery({
    queryKey: playersKeys.search(game, keys, page),
    queryFn: async () =>
      unwrap(await bridge().call('players.search', { game, ...keys, page, pageSize: SEARCH_PAGE_SIZE })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePlayer(game: GameId, id: string, enabled = true) {
  return useQuery({
    queryKey: playersKeys.header(game, id),
    queryFn: async () => unwrap(await bridge().call('players.get', { game, id })),
    enabled,
  });
}

export function usePlayerTab(game: GameId, id: string, tab: PlayerTab) {
  return useQuery({
    queryKey: playersKeys.tab(game, id, tab),
    queryFn: async () => unwrap(await bridge().call('players.tab', { game, id, tab, read: 'cache' })),
  });
}

/**
 * "Re-read fresh": reads the database (which refreshes the game's cache) and shows that copy in
 * place of the cached one (`key`). The header lists the cached tabs, so it refetches too.
 */
function useFreshRead<T>(game: GameId, id: string, key: readonly unknown[], read: () => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: read,
    onSuccess: (data) => {
      qc.setQueryData(key, data);
      return qc.invalidateQueries({ queryKey: playersKeys.header(game, id) });
    },
  });
}

export function useRefreshTab(game: GameId, id: string, tab: PlayerTab) {
  return useFreshRead(game, id, playersKeys.tab(game, id, tab), async () =>
    unwrap(await bridge().call('players.tab', { game, id, tab, read: 'fresh' })),
  );
}

export function usePlayerEquipment(game: EquipmentGame, id: string) {
  return useQuery({
    queryKey: playersKeys.equipment(game, id),
    queryFn: async () => unwrap(await bridge().call('players.equipment', { game, id, read: 'cache' })),
  });
}

export function useRefreshEquipment(game: EquipmentGame, id: string) {
  return useFreshRead(game, id, playersKeys.equipment(game, id), async () =>
    unwrap(await bridge().call('players.equipment', { game, id, read: 'fresh' })),
  );
}

export function useEquipmentPage(game: EquipmentGame, id: string, page: number) {
  return useQuery({
    queryKey: playersKeys.equipmentPage(game, id, page),
    queryFn: async () =>
      unwrap(await bridge().call('players.equipmentPage', { game, id, page, pageSize: EQUIPMENT_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function usePlayerLogs(game: GameId, id: string, kind: HistoryKind, filter: string, page: number) {
  return useQuery({
    queryKey: playersKeys.logs(game, id, kind, filter, page),
    queryFn: async () => {
      const input = { game, id, page, pageSize: HISTORY_PAGE_SIZE, ...(filter ? { kind: filter } : {}) };
      return unwrap(
        kind === 'logs'
          ? await bridge().call('players.logs', input)
          : await bridge().call('players.prelogs', input),
      );
    },
    placeholderData: keepPreviousData,
  });
}

export function usePlayerAudit(game: GameId, id: string, page: number) {
  return useQuery({
    queryKey: playersKeys.audit(game, id, page),
    queryFn: async () =>
      unwrap(await bridge().call('players.audit', { game, id, page, pageSize: HISTORY_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

async function runAction(action: PlayerAction, input: InputOf<'players.delete'>): Promise<unknown> {
  switch (action) {
    case 'delete':
      return unwrap(await bridge().call('players.delete', input));
    case 'activate':
      return unwrap(await bridge().call('players.activate', input));
    case 'clearCache':
      return unwrap(await bridge().call('players.clearCache', input));
  }
}

/**
 * Delete, activate and clear cache. Success refreshes everything shown about the player (header,
 * tabs, history with the new audit entry) and the game's search results and statistics.
 */
export function usePlayerAction(game: GameId, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: PlayerAction; reason: string }) =>
      runAction(action, { game, id, reason }),
    onSuccess: () => qc.invalidateQueries({ queryKey: playersKeys.game(game) }),
  });
}

export function usePlayerStats(game: GameId, days: StatsWindow) {
  return useQuery({
    queryKey: playersKeys.stats(game, days),
    queryFn: async () => unwrap(await bridge().call('players.stats', { game, days })),
    placeholderData: keepPreviousData,
  });
}
