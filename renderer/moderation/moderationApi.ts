import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { GameId } from '../../shared/games.js';
import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import { bridge } from '../bridge/bridge.js';
import { unwrap } from '../bridge/result.js';

/** The moderation endpoints as queries; every read and write goes through the bridge. */

export const MODERATION_PAGE_SIZE = 20;

/** The games that have special users / testing players, by the endpoints' own `game` field. */
export type SpecialGame = InputOf<'specialUsers.list'>['game'];
export type TestingGame = InputOf<'testing.list'>['game'];

export function asSpecialGame(game: GameId): SpecialGame | null {
  const r = ENDPOINTS['specialUsers.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

export function asTestingGame(game: GameId): TestingGame | null {
  const r = ENDPOINTS['testing.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

/** A list's filters and page: the endpoint's input without the game and the fixed page size. */
type ListParams<I> = Omit<I, 'game' | 'pageSize'>;
export type BansParams = ListParams<InputOf<'bannedHeroes.list'>>;
export type BlacklistParams = ListParams<InputOf<'blacklist.list'>>;
export type SpecialParams = ListParams<InputOf<'specialUsers.list'>>;
export type TestingParams = ListParams<InputOf<'testing.list'>>;
export type RechargesParams = ListParams<InputOf<'testing.recharges'>>;

export const moderationKeys = {
  game: (game: GameId) => ['moderation', game] as const,
  heroes: (game: GameId) => ['moderation', game, 'heroes'] as const,
  bans: (game: GameId) => ['moderation', game, 'bans'] as const,
  bansList: (game: GameId, p: BansParams) => ['moderation', game, 'bans', p] as const,
  blacklist: (game: GameId) => ['moderation', game, 'blacklist'] as const,
  blacklistList: (game: GameId, p: BlacklistParams) => ['moderation', game, 'blacklist', p] as const,
  special: (game: GameId) => ['moderation', game, 'special'] as const,
  specialList: (game: GameId, p: SpecialParams) => ['moderation', game, 'special', p] as const,
  testing: (game: GameId) => ['moderation', game, 'testing'] as const,
  testingPlayers: (game: GameId, p: TestingParams) => ['moderation', game, 'testing', 'players', p] as const,
  recharges: (game: GameId, p: RechargesParams) => ['moderation', game, 'testing', 'recharges', p] as const,
};

/**
 * The players feature's queries of one game (renderer/players, playersKeys.game) start with this
 * key. A ban, a blacklist entry, a special-user mark or a refund changes what a player's page
 * shows (state tags, orders), so those refetch after each change here.
 */
export const playersOfGame = (game: GameId) => ['players', game] as const;

/** Drops undefined and empty-text filters, so the query key and the call match what was asked. */
function present<T extends Record<string, unknown>>(p: T): T {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as T;
}

export function useHeroes(game: GameId, enabled = true) {
  return useQuery({
    queryKey: moderationKeys.heroes(game),
    queryFn: async () => unwrap(await bridge().call('heroes.list', { game })),
    // The catalogue changes with game releases, not while a dialog is open.
    staleTime: 10 * 60 * 1000,
    enabled,
  });
}

export function useBannedHeroes(game: GameId, p: BansParams) {
  const params = present(p);
  return useQuery({
    queryKey: moderationKeys.bansList(game, params),
    queryFn: async () =>
      unwrap(await bridge().call('bannedHeroes.list', { game, ...params, pageSize: MODERATION_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function useBlacklist(game: GameId, p: BlacklistParams) {
  const params = present(p);
  return useQuery({
    queryKey: moderationKeys.blacklistList(game, params),
    queryFn: async () =>
      unwrap(await bridge().call('blacklist.list', { game, ...params, pageSize: MODERATION_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function useSpecialUsers(game: SpecialGame, p: SpecialParams) {
  const params = present(p);
  return useQuery({
    queryKey: moderationKeys.specialList(game, params),
    queryFn: async () =>
      unwrap(await bridge().call('specialUsers.list', { game, ...params, pageSize: MODERATION_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function useTestingPlayers(game: TestingGame, p: TestingParams) {
  const params = present(p);
  return useQuery({
    queryKey: moderationKeys.testingPlayers(game, params),
    queryFn: async () =>
      unwrap(await bridge().call('testing.list', { game, ...params, pageSize: MODERATION_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

export function useTestingRecharges(game: TestingGame, p: RechargesParams) {
  const params = present(p);
  return useQuery({
    queryKey: moderationKeys.recharges(game, params),
    queryFn: async () =>
      unwrap(await bridge().call('testing.recharges', { game, ...params, pageSize: MODERATION_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
}

function refreshAfter(qc: QueryClient, game: GameId, key: readonly unknown[]) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: key }),
    qc.invalidateQueries({ queryKey: playersOfGame(game) }),
  ]);
}

export function useBanHero(game: GameId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'bannedHeroes.create'>) =>
      unwrap(await bridge().call('bannedHeroes.create', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.bans(game)),
  });
}

export function useUnbanHero(game: GameId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'bannedHeroes.unban'>) =>
      unwrap(await bridge().call('bannedHeroes.unban', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.bans(game)),
  });
}

export function useDeleteBan(game: GameId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'bannedHeroes.deleteItem'>) =>
      unwrap(await bridge().call('bannedHeroes.deleteItem', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.bans(game)),
  });
}

export function useCreateBlacklistEntry(game: GameId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'blacklist.create'>) =>
      unwrap(await bridge().call('blacklist.create', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.blacklist(game)),
  });
}

export function useDeleteBlacklistEntry(game: GameId) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'blacklist.delete'>) =>
      unwrap(await bridge().call('blacklist.delete', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.blacklist(game)),
  });
}

export function useCreateSpecialUser(game: SpecialGame) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'specialUsers.create'>) =>
      unwrap(await bridge().call('specialUsers.create', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.special(game)),
  });
}

export function useDeleteSpecialUser(game: SpecialGame) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'specialUsers.delete'>) =>
      unwrap(await bridge().call('specialUsers.delete', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.special(game)),
  });
}

/** A refund changes the record and the player's totals in the testing list: both refetch. */
export function useRefundTesting(game: TestingGame) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<'testing.refund'>) =>
      unwrap(await bridge().call('testing.refund', input)),
    onSuccess: () => refreshAfter(qc, game, moderationKeys.testing(game)),
  });
}
