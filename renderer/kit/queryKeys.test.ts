import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { EndpointId, InputOf } from '../../shared/api/table.js';
import {
  capabilityOf,
  endpointFilter,
  forgetFilters,
  invalidationFilters,
  queryKeyOf,
  type QueryKeyFilter,
} from './queryKeys.js';

/** A cache holding one settled read per key, as the screens would leave it. */
function cacheWith(keys: readonly (readonly unknown[])[]): QueryClient {
  const qc = new QueryClient();
  for (const k of keys) qc.setQueryData(k, { ok: true });
  return qc;
}

/** Which of `keys` a set of filters reaches, by TanStack's own matching (invalidateQueries). */
async function reached(keys: readonly (readonly unknown[])[], filters: readonly QueryKeyFilter[]) {
  const qc = cacheWith(keys);
  for (const queryKey of filters) await qc.invalidateQueries({ queryKey, refetchType: 'none' });
  return keys.map((k) => qc.getQueryState(k)?.isInvalidated ?? false);
}

const key = <K extends EndpointId>(id: K, input: InputOf<K>) => queryKeyOf(id, input);

describe('query keys', () => {
  it('are [capability, scope, endpoint id, input as sent]', () => {
    expect(capabilityOf('bannedHeroes.list')).toBe('bannedHeroes');
    expect(key('bannedHeroes.list', { game: 'lw', status: 'all', page: 2 })).toEqual([
      'bannedHeroes',
      { game: 'lw' },
      'bannedHeroes.list',
      { game: 'lw', status: 'all', page: 2 },
    ]);
    expect(key('users.get', { phone: '13800000001' })).toEqual([
      'users',
      {},
      'users.get',
      { phone: '13800000001' },
    ]);
  });

  it('treat an empty or absent filter as not given, so one read has one key', () => {
    expect(key('blacklist.list', { game: 'ymmj', q: '', kind: undefined, page: 1 })).toEqual(
      key('blacklist.list', { game: 'ymmj', page: 1 }),
    );
    expect(key('blacklist.list', { game: 'ymmj', q: 'a' })).not.toEqual(
      key('blacklist.list', { game: 'ymmj' }),
    );
  });
});

describe('invalidation', () => {
  const reads = [
    key('bannedHeroes.list', { game: 'lw', status: 'active', page: 1 }),
    key('bannedHeroes.list', { game: 'lw', status: 'all', page: 3 }),
    key('heroes.list', { game: 'lw' }),
    key('bannedHeroes.list', { game: 'ymmj', status: 'active' }),
    key('players.get', { game: 'lw', id: '42' }),
    key('players.search', { game: 'lw', name: 'a' }),
    key('players.get', { game: 'ymmj', id: '42' }),
    key('users.list', { page: 1 }),
  ];

  it("reaches every list of the change's capability in its game, and nothing of other games", async () => {
    const filters = invalidationFilters('bannedHeroes.unban', { game: 'lw', banId: 3, reason: 'wrong hero' });
    expect(await reached(reads, filters)).toEqual([true, true, false, false, false, false, false, false]);
  });

  it("reaches the game's player pages when a moderation change lists them", async () => {
    const filters = invalidationFilters('bannedHeroes.ban', { game: 'lw', heroId: 1, reason: 'exploit' }, [
      'players',
    ]);
    expect(await reached(reads, filters)).toEqual([true, true, false, false, true, true, false, false]);
  });

  it('reaches every read of a capability without games', async () => {
    const filters = invalidationFilters('users.update', { phone: '13800000001', reason: 'moved team' });
    expect(await reached(reads, filters)).toEqual([false, false, false, false, false, false, false, true]);
  });

  it('refreshes both lists of testing players after a refund', async () => {
    const testing = [
      key('testingPlayers.list', { game: 'ymmj', page: 1 }),
      key('testingPlayers.recharges', { game: 'ymmj', playerId: '7', page: 2 }),
      key('testingPlayers.list', { game: 'lw' }),
    ];
    const filters = invalidationFilters('testingPlayers.refund', {
      game: 'ymmj',
      rechargeId: 5,
      reason: 'qa',
    });
    expect(await reached(testing, filters)).toEqual([true, true, false]);
  });
});

describe('forgetting a deleted target', () => {
  it("drops the deleted operator's own reads and keeps everyone else's", async () => {
    const reads = [
      key('users.get', { phone: '13900000123' }),
      key('users.logs', { phone: '13900000123', page: 2 }),
      key('users.get', { phone: '13800000001' }),
      key('users.list', { page: 1 }),
    ];
    const filters = forgetFilters('users.delete', { phone: '13900000123', reason: 'left' }, [
      'users.get',
      'users.logs',
    ]);
    expect(await reached(reads, filters)).toEqual([true, true, false, false]);
  });
});

describe('endpoint filters', () => {
  it("reach one endpoint's reads holding the given input", async () => {
    const reads = [
      key('players.get', { game: 'lw', id: '42' }),
      key('players.tab', { game: 'lw', id: '42', tab: 'items', read: 'cache' }),
      key('players.get', { game: 'lw', id: '43' }),
    ];
    expect(await reached(reads, [endpointFilter('players.get', { game: 'lw', id: '42' })])).toEqual([
      true,
      false,
      false,
    ]);
  });
});
