import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GameId } from '../../shared/games.js';
import { ENDPOINTS, type EndpointId, type InputOf } from '../../shared/api/table.js';
import { bridge } from '../bridge/bridge.js';
import { unwrap } from '../bridge/result.js';

/** The moderation endpoints as queries; every read and write goes through the bridge. */

export const MODERATION_PAGE_SIZE = 20;

/** The games that have special users / testing players, by the endpoints' own `game` field. */
export type SpecialGame = InputOf<'specialUsers.list'>['game'];
export type TestingGame = InputOf<'testingPlayers.list'>['game'];

export function asSpecialGame(game: GameId): SpecialGame | null {
  const r = ENDPOINTS['specialUsers.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

export function asTestingGame(game: GameId): TestingGame | null {
  const r = ENDPOINTS['testingPlayers.list'].input.shape.game.safeParse(game);
  return r.success ? r.data : null;
}

/** A list's filters and page: the endpoint's input without the game and the fixed page size. */
type ListParams<I> = Omit<I, 'game' | 'pageSize'>;
export type BansParams = ListParams<InputOf<'bannedHeroes.list'>>;
export type BlacklistParams = ListParams<InputOf<'blacklist.list'>>;
export type SpecialParams = ListParams<InputOf<'specialUsers.list'>>;
export type TestingParams = ListParams<InputOf<'testingPlayers.list'>>;
export type RechargesParams = ListParams<InputOf<'testingPlayers.recharges'>>;

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

/**
 * Drops undefined and empty-text filters, so the query key and the call match what was asked and
 * the screens can pass their URL's filters as they are.
 */
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

type ListId =
  | 'bannedHeroes.list'
  | 'blacklist.list'
  | 'specialUsers.list'
  | 'testingPlayers.list'
  | 'testingPlayers.recharges';

/** One page of a moderation list; the filters are in the query key, so each filter set caches apart. */
function useList<K extends ListId>(
  endpoint: K,
  game: InputOf<K>['game'],
  key: (params: ListParams<InputOf<K>>) => readonly unknown[],
  p: ListParams<InputOf<K>>,
) {
  const params = present(p);
  return useQuery({
    queryKey: key(params),
    queryFn: async () =>
      unwrap(
        await bridge().call(endpoint, { game, ...params, pageSize: MODERATION_PAGE_SIZE } as InputOf<K>),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useBannedHeroes(game: GameId, p: BansParams) {
  return useList('bannedHeroes.list', game, (x) => moderationKeys.bansList(game, x), p);
}

export function useBlacklist(game: GameId, p: BlacklistParams) {
  return useList('blacklist.list', game, (x) => moderationKeys.blacklistList(game, x), p);
}

export function useSpecialUsers(game: SpecialGame, p: SpecialParams) {
  return useList('specialUsers.list', game, (x) => moderationKeys.specialList(game, x), p);
}

export function useTestingPlayers(game: TestingGame, p: TestingParams) {
  return useList('testingPlayers.list', game, (x) => moderationKeys.testingPlayers(game, x), p);
}

export function useTestingRecharges(game: TestingGame, p: RechargesParams) {
  return useList('testingPlayers.recharges', game, (x) => moderationKeys.recharges(game, x), p);
}

/**
 * A change through one endpoint. Afterwards the lists it touched (`changed`) refetch, and so do
 * the game's player pages, whose state tags and orders a moderation change may alter.
 */
function useChange<K extends EndpointId>(endpoint: K, game: GameId, changed: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: InputOf<K>) => unwrap(await bridge().call(endpoint, input)),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: changed }),
        qc.invalidateQueries({ queryKey: playersOfGame(game) }),
      ]),
  });
}

export function useBanHero(game: GameId) {
  return useChange('bannedHeroes.ban', game, moderationKeys.bans(game));
}

export function useUnbanHero(game: GameId) {
  return useChange('bannedHeroes.unban', game, moderationKeys.bans(game));
}

export function useDeleteBan(game: GameId) {
  return useChange('bannedHeroes.deleteItem', game, moderationKeys.bans(game));
}

export function useCreateBlacklistEntry(game: GameId) {
  return useChange('blacklist.create', game, moderationKeys.blacklist(game));
}

export function useDeleteBlacklistEntry(game: GameId) {
  return useChange('blacklist.delete', game, moderationKeys.blacklist(game));
}

export function useCreateSpecialUser(game: SpecialGame) {
  return useChange('specialUsers.create', game, moderationKeys.special(game));
}

export function useDeleteSpecialUser(game: SpecialGame) {
  return useChange('specialUsers.delete', game, moderationKeys.special(game));
}

/** A refund changes the record and the player's totals in the testing list: both refetch. */
export function useRefundTesting(game: TestingGame) {
  return useChange('testingPlayers.refund', game, moderationKeys.testing(game));
}
