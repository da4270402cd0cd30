import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIST_PAGE_SIZE } from '../../shared/constants.js';
import type { EndpointId } from '../../shared/api/table.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import * as accessRequestLists from '../accessRequests/lists.js';
import * as giftCodeLists from '../giftCodes/lists.js';
import * as moderationLists from '../moderation/lists.js';
import * as orderLists from '../orders/lists.js';
import * as userLists from '../users/lists.js';
import * as playersApi from '../players/playersApi.js';
import type { ListFilter } from './filters.js';
import { listPrefetch, readList, type ListRead } from './listRead.js';
import { queryKeyOf } from './queryKeys.js';

/** The calls the bridge was asked for; none is answered (the reads stay on their way). */
function stubBridge() {
  const calls: { id: EndpointId; input: Record<string, unknown> }[] = [];
  vi.stubGlobal('window', {
    gameops: {
      call: (id: EndpointId, input: Record<string, unknown>) => {
        calls.push({ id, input });
        return new Promise(() => undefined);
      },
    },
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const at = (client: QueryClient, search: string, params: Record<string, string> = {}) => ({
  client,
  game: 'ymmj' as const,
  params,
  search: new URLSearchParams(search),
});

const t = ((key: string) => key) as never;
const blacklist: ListRead<'blacklist.list'> = moderationLists.blacklistList('ymmj', t);

describe('a list read from its URL', () => {
  it('sends the URL’s filters, sort and page with the fixed input, and leaves the defaults out', () => {
    const reading = readList(blacklist, new URLSearchParams('q=%2010.0.0.1%20&kind=ip&status=all&page=3'));
    expect(reading.input).toEqual({
      game: 'ymmj',
      q: '10.0.0.1',
      kind: 'ip',
      status: 'all',
      page: 3,
      pageSize: LIST_PAGE_SIZE,
    });
    expect(reading.reversed).toBeNull();
  });

  it('drops what the list does not offer: an unknown kind, a sort by a column it cannot sort by, a bad page', () => {
    const reading = readList(blacklist, new URLSearchParams('kind=admin&sort=password&page=-2'));
    expect(reading.input).toEqual({ game: 'ymmj', status: 'all', page: 1, pageSize: LIST_PAGE_SIZE });
    expect(reading.sort).toBeNull();
  });

  it('reads the sort under the list’s own parameters', () => {
    const { read } = orderLists.orderList(
      'ymmj',
      null,
      { paymentStatus: [], state: [], provider: [] },
      'CNY',
    );
    const reading = readList(read, new URLSearchParams('sort=amount&sortOrder=desc&order=ORDER1'));
    expect(reading.sort).toEqual({ column: 'amount', order: 'desc' });
    expect(reading.input).toMatchObject({ game: 'ymmj', sort: 'amount', order: 'desc', page: 1 });
  });

  it('sends the page size a list fixes for itself, and the page under its own parameter', () => {
    const equipment = playersApi.equipmentPageList('lw', '1001');
    const reading = readList(equipment, new URLSearchParams(`${equipment.pageParam}=3&page=9`));
    expect(reading.input).toEqual({ game: 'lw', id: '1001', page: 3, pageSize: 100 });
  });
});

describe('a route’s list prefetch', () => {
  it('starts the page’s read under the key the list’s own query uses, once', () => {
    const calls = stubBridge();
    const client = new QueryClient();
    const search = 'status=active&kind=player&page=2';
    moderationLists.blacklist(at(client, search));
    moderationLists.blacklist(at(client, search));
    const input = readList(blacklist, new URLSearchParams(search)).input;
    expect(client.getQueryState(queryKeyOf('blacklist.list', input))?.fetchStatus).toBe('fetching');
    expect(calls).toEqual([{ id: 'blacklist.list', input }]);
  });

  it('starts both lists of a page that shows two', () => {
    const calls = stubBridge();
    moderationLists.testingPlayers(at(new QueryClient(), 'player=42&rstatus=paid'));
    expect(calls.map((c) => [c.id, c.input])).toEqual([
      ['testingPlayers.list', { game: 'ymmj', page: 1, pageSize: LIST_PAGE_SIZE }],
      [
        'testingPlayers.recharges',
        { game: 'ymmj', playerId: '42', status: 'paid', page: 1, pageSize: LIST_PAGE_SIZE },
      ],
    ]);
  });

  it('reads nothing for a game without the page, a route without a game, or days in the wrong order', () => {
    const calls = stubBridge();
    const client = new QueryClient();
    moderationLists.specialUsers({ ...at(client, ''), game: 'atomicwar' });
    moderationLists.blacklist({ ...at(client, ''), game: undefined });
    orderLists.orderSearch(at(client, 'from=2026-03-02&to=2026-03-01'));
    expect(calls).toEqual([]);
  });

  it('leaves an order search with an amount to the screen, which knows the game’s currency', () => {
    const calls = stubBridge();
    orderLists.orderSearch(at(new QueryClient(), 'amount=2-5'));
    expect(calls).toEqual([]);
  });

  it('reads a pay tab with the tab’s own filter, from the path', () => {
    const calls = stubBridge();
    orderLists.payTabs(at(new QueryClient(), '', { tab: 'unhandled' }));
    orderLists.payTabs(at(new QueryClient(), '', { tab: 'nonsense' }));
    expect(calls.map((c) => c.input['state'] ?? 'none')).toEqual([['paid', 'deliveryFailed'], 'none']);
  });

  it('passes the route’s game, params and query to the declaration', () => {
    stubBridge();
    const seen: unknown[] = [];
    listPrefetch(({ game, params, search }) => {
      seen.push([game, params['id'], search.get('q')]);
      return null;
    })(at(new QueryClient(), 'q=x', { id: '7' }));
    expect(seen).toEqual([['ymmj', '7', 'x']]);
  });
});

describe('the declared lists’ filters', () => {
  it('say every label, placeholder and option in both languages', async () => {
    const zh = flattenKeys(await loadCatalogue('zh-CN'));
    const en = flattenKeys(await loadCatalogue('en'));
    const keys: string[] = [];
    const record = ((key: string) => {
      keys.push(key);
      return key;
    }) as never;
    const filters: ListFilter[] = [
      moderationLists.bannedHeroesList('lw', record),
      moderationLists.blacklistList('lw', record),
      moderationLists.specialUsersList('lw', record),
      moderationLists.testingPlayersList('lw', record),
      moderationLists.testingRechargesList('lw', record),
      userLists.usersList(record),
      accessRequestLists.accessRequestsList(record),
      giftCodeLists.batchList('lw', 'activeCode', record),
    ].flatMap((read) => read.filters ?? []);
    for (const f of filters) if (f.kind === 'select') for (const o of f.options) f.label(o);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
      expect(en.has(key), `en lacks ${key}`).toBe(true);
    }
  });
});
