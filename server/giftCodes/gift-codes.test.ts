import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_RANDOM_LENGTH,
  type CodeBatch,
  type CodeInfo,
} from '../../shared/api/giftCodes.js';
import { planRequest } from '../../shared/api/endpoint.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { SERVICE_BASE_PATHS, type GameId } from '../../shared/games.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { expectSortedBothWays } from '../../tests/support/sorting.js';
import { NO_SECRETS_KEY } from '../platform/secrets-key.js';
import { SimulatedGameServer } from '../simulated/game-server.js';
import { EXPORT_HEADER } from './handlers.js';
import { gameServerKey } from './game-server-key.js';
import { addRedeemRoute } from './sim-redeem.js';
import { TEST_SECRETS_KEY, signedRedeemInput, testSecrets } from './test-kit.js';

/**
 * Activation codes and shop tickets over HTTP on both databases: making batches (and refusing bad
 * ones clearly), listing, looking codes up as players type them, switching batches and codes off
 * and on, the game server's signed redemption with every limit, 50 clients racing for one
 * single-use code, the CSV export and the audit entries.
 */

const GAME: GameId = 'ymmj';
const HOUR = 3_600_000;
const CODE_RE = (prefix: string) => new RegExp(`^${prefix}[${CODE_ALPHABET}]{${CODE_RANDOM_LENGTH}}$`);

interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

describe.each(backendKinds())('gift codes on %s', (kind) => {
  let t: TestBackend;
  let admin = '';
  const db = () => t.backend.database.db;
  const iso = (offsetMs: number) => new Date(t.clock.now + offsetMs).toISOString();

  beforeAll(async () => {
    t = await startTestBackend(kind, { secretsKey: testSecrets() });
    admin = (await t.api.login('admin')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(
    id: EndpointId,
    input: Record<string, unknown>,
    token: string | undefined = admin,
  ) => t.api.call<T>(ENDPOINTS[id], input, token);
  async function ok<T>(id: EndpointId, input: Record<string, unknown>, token?: string): Promise<T> {
    const r = await call<T>(id, input, token);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  async function fails(id: EndpointId, input: Record<string, unknown>, code: number, token?: string) {
    const r = await call(id, input, token);
    expect(r.body.Status.Code, `${id}: ${r.body.Status.Message ?? ''}`).toBe(code);
    return r.body.Status.Message ?? '';
  }

  const itemsGrant = {
    kind: 'items',
    rewards: [
      { itemId: 20001, count: 100 },
      { itemId: 20003, count: 2 },
    ],
  };
  function batchInput(over: Record<string, unknown> = {}) {
    return {
      game: GAME,
      name: 'Spring gift',
      count: 5,
      prefix: 'PRX',
      channel: 'spring',
      grant: itemsGrant,
      validFrom: iso(-HOUR),
      validUntil: iso(30 * 24 * HOUR),
      usesPerCode: 1,
      usesPerPlayer: 1,
      reason: 'spring event',
      ...over,
    };
  }
  const create = (over: Record<string, unknown> = {}) => ok<CodeBatch>('giftCodes.create', batchInput(over));
  async function codesOf(batchId: number, id: EndpointId = 'giftCodes.codes'): Promise<string[]> {
    const page = await ok<Page<CodeInfo>>(id, { game: GAME, batchId, pageSize: 200 });
    return page.items.map((c) => c.code);
  }
  const redeemInput = (code: string, player: string, opts: Parameters<typeof signedRedeemInput>[4] = {}) =>
    signedRedeemInput(GAME, code, player, t.clock.now, opts);
  const redeem = (code: string, player: string, opts: Parameters<typeof signedRedeemInput>[4] = {}) =>
    call('giftCodes.redeem', redeemInput(code, player, opts), undefined);
  const status = (code: string) => ok<CodeInfo>('giftCodes.status', { game: GAME, code });
  /** Moves the test clock, and signs in again (a session does not outlive a long jump). */
  async function advance(seconds: number) {
    t.clock.advance(seconds);
    admin = (await t.api.login('admin')).authToken;
  }

  it("lists the game's items and shop items from its catalogue", async () => {
    const items = await ok<{ items: { id: number; name: string }[] }>('catalogue.items', { game: GAME });
    expect(items.items[0]).toEqual({ id: 20001, name: '灵石' });
    const shop = await ok<{ items: { id: number; price: number }[]; currency: string }>(
      'catalogue.shopItems',
      {
        game: GAME,
      },
    );
    expect(shop.currency).toBe('CNY');
    expect(shop.items[0]).toMatchObject({ id: 21001, name: '每日礼包', price: 600, currency: 'CNY' });
  });

  it("lists the game's recharge packs with their prices, for orders that grant a pack", async () => {
    const packs = await ok<{ items: { id: number; name: string; price: number }[]; currency: string }>(
      'catalogue.rechargePacks',
      { game: GAME },
    );
    expect(packs.currency).toBe('CNY');
    expect(packs.items[0]).toEqual({ id: 22001, name: '60 仙玉', price: 600, currency: 'CNY' });
    expect(packs.items.every((p) => Number.isInteger(p.price) && p.price > 0)).toBe(true);
    // Another game, its own packs; a stray field is refused, named.
    const aw = await ok<{ items: { id: number }[]; currency: string }>('catalogue.rechargePacks', {
      game: 'atomicwar',
    });
    expect(aw.items[0]?.id).toBe(12001);
    expect(await fails('catalogue.rechargePacks', { game: GAME, productId: 1 }, Codes.VALIDATION)).toContain(
      'productId',
    );
  });

  it('makes a batch of unique random codes of the alphabet after the prefix', async () => {
    const batch = await create({ count: 150, prefix: 'ac' });
    expect(batch).toMatchObject({
      kind: 'activeCode',
      prefix: 'AC',
      total: 150,
      used: 0,
      state: 'active',
      enabled: true,
      createdBy: 'admin',
      grantNames: { '20001': '灵石', '20003': '聚灵丹' },
    });
    const codes = await codesOf(batch.id);
    expect(codes).toHaveLength(150);
    expect(new Set(codes).size).toBe(150);
    for (const c of codes) expect(c).toMatch(CODE_RE('AC'));
    const rows = await db()
      .selectFrom('gift_codes')
      .select('code')
      .where('batch_id', '=', batch.id)
      .execute();
    expect(rows).toHaveLength(150);
  });

  it('makes a batch of the largest size, every code unique', async () => {
    const batch = await create({ name: 'Largest', prefix: 'M', count: 100_000 });
    expect(batch.total).toBe(100_000);
    const { n, distinct } = await db()
      .selectFrom('gift_codes')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('code').distinct().as('distinct'),
      ])
      .where('batch_id', '=', batch.id)
      .executeTakeFirstOrThrow();
    expect([Number(n), Number(distinct)]).toEqual([100_000, 100_000]);
  });

  it('refuses bad batches with a clear message naming the field', async () => {
    let msg = await fails('giftCodes.create', batchInput({ validUntil: iso(-2 * HOUR) }), Codes.VALIDATION);
    expect(msg).toContain('validUntil');
    expect(msg).toContain('after');
    msg = await fails(
      'giftCodes.create',
      batchInput({ grant: { kind: 'items', rewards: [{ itemId: 99999, count: 1 }] } }),
      Codes.VALIDATION,
    );
    expect(msg).toContain('99999');
    expect(msg).toContain('grant.rewards.0.itemId');
    msg = await fails('giftCodes.create', batchInput({ prefix: 'O1' }), Codes.VALIDATION);
    expect(msg).toContain('look-alikes');
    msg = await fails(
      'giftCodes.create',
      batchInput({ grant: { kind: 'shopItem', shopItemId: 21001, price: 0 } }),
      Codes.VALIDATION,
    );
    expect(msg).toContain('activation code grants items');
    msg = await fails(
      'shopTickets.create',
      batchInput({ grant: { kind: 'shopItem', shopItemId: 4242, price: 0 } }),
      Codes.VALIDATION,
    );
    expect(msg).toContain('4242');
    await fails('giftCodes.create', batchInput({ count: 0 }), Codes.VALIDATION);
    await fails('giftCodes.create', batchInput({ count: 100_001 }), Codes.VALIDATION);
    await fails('giftCodes.create', batchInput({ reason: '' }), Codes.VALIDATION);
    // Nothing of the refused batches was kept.
    const named = await db()
      .selectFrom('gift_code_batches')
      .select('id')
      .where('prefix', 'in', ['O1', 'PRX'])
      .execute();
    expect(named).toHaveLength(0);
  });

  it('lists batches newest first, by name or prefix, state and channel, in pages', async () => {
    const a = await create({ name: 'Filter alpha', prefix: 'FA', channel: 'filters' });
    t.clock.advance(1);
    const b = await create({ name: 'Filter beta', prefix: 'FD', channel: 'filters' });
    t.clock.advance(1);
    const c = await create({
      name: 'Filter later',
      prefix: 'FC',
      channel: 'filters',
      validFrom: iso(24 * HOUR),
      validUntil: iso(48 * HOUR),
    });
    await ok('giftCodes.setBatchEnabled', { game: GAME, batchId: b.id, enabled: false, reason: 'paused' });

    const all = await ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, channel: 'filters' });
    expect(all.items.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.items.map((x) => x.state)).toEqual(['notYetValid', 'disabled', 'active']);
    const byName = await ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, q: 'alpha' });
    expect(byName.items.map((x) => x.id)).toEqual([a.id]);
    const byPrefix = await ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, q: 'FD' });
    expect(byPrefix.items.map((x) => x.id)).toEqual([b.id]);
    for (const [state, id] of [
      ['disabled', b.id],
      ['notYetValid', c.id],
      ['active', a.id],
    ] as const) {
      const page = await ok<Page<CodeBatch>>('giftCodes.batches', {
        game: GAME,
        channel: 'filters',
        state,
      });
      expect(
        page.items.map((x) => x.id),
        state,
      ).toEqual([id]);
    }
    const p2 = await ok<Page<CodeBatch>>('giftCodes.batches', {
      game: GAME,
      channel: 'filters',
      page: 2,
      pageSize: 2,
    });
    expect(p2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.items.map((x) => x.id)).toEqual([a.id]);
    // Activation codes and shop tickets are separate lists.
    const tickets = await ok<Page<CodeBatch>>('shopTickets.batches', { game: GAME, channel: 'filters' });
    expect(tickets.total).toBe(0);
  });

  it('sorts batches by creation, name or end both ways; equal names keep one order across pages; an unknown column is refused', async () => {
    for (const [name, days] of [
      ['sorted c', 3],
      ['sorted a', 5],
      ['sorted b', 2],
      ['sorted a', 4],
      ['sorted c', 3],
    ] as const) {
      t.clock.advance(1);
      await create({ name, channel: 'sorting', validUntil: iso(days * 24 * HOUR) });
    }
    const read = (f: Record<string, unknown>) =>
      ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, channel: 'sorting', ...f });
    expect((await read({})).total).toBe(5);
    await expectSortedBothWays(
      read,
      'name',
      (b) => b.name,
      (b) => b.id,
    );
    await expectSortedBothWays(
      read,
      'validUntil',
      (b) => b.validUntil,
      (b) => b.id,
    );
    await expectSortedBothWays(
      read,
      'createdAt',
      (b) => b.createdAt,
      (b) => b.id,
    );
    await fails('giftCodes.batches', { game: GAME, sort: 'used' }, Codes.VALIDATION);
    await fails('shopTickets.batches', { game: GAME, sort: 'name', order: 'sideways' }, Codes.VALIDATION);
  });

  it('has seeded demo batches', async () => {
    const page = await ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, q: 'Launch gift' });
    expect(page.items[0]).toMatchObject({ name: 'Launch gift', total: 30, used: 8 });
    const expired = await ok<Page<CodeBatch>>('giftCodes.batches', { game: GAME, state: 'expired' });
    expect(expired.items.map((x) => x.name)).toContain('Stream giveaway');
    const tickets = await ok<Page<CodeBatch>>('shopTickets.batches', { game: GAME });
    expect(tickets.items.map((x) => x.name)).toEqual(
      expect.arrayContaining(['Weekend half price', 'VIP preview']),
    );
    const seeded = await db().selectFrom('gift_codes').select('code').where('game', '=', GAME).execute();
    for (const { code } of seeded) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]+$`));
  });

  it('looks a code up as typed: with dashes, spaces, lower case', async () => {
    const batch = await create({ name: 'Lookup', prefix: 'KY' });
    const [code = ''] = await codesOf(batch.id);
    const typed = code
      .toLowerCase()
      .replace(/(.{4})/g, '$1-')
      .replace(/-$/, '');
    expect(typed).toContain('-');
    const info = await status(` ${typed} `);
    expect(info).toMatchObject({
      code,
      batchId: batch.id,
      batchName: 'Lookup',
      uses: 0,
      state: 'unused',
      redemptions: [],
    });
    const missing = await fails('giftCodes.status', { game: GAME, code: 'ZZZZ-ZZZZ' }, Codes.NOT_FOUND);
    expect(missing).toContain('ZZZZZZZZ');
    // A shop ticket is not found among activation codes, and the message says where it is.
    const ticket = await ok<CodeBatch>('shopTickets.create', {
      ...batchInput({ name: 'Ticket', prefix: 'TK' }),
      grant: { kind: 'shopItem', shopItemId: 21002, price: 500 },
    });
    const [tcode = ''] = await codesOf(ticket.id, 'shopTickets.codes');
    const other = await fails('giftCodes.status', { game: GAME, code: tcode }, Codes.NOT_FOUND);
    expect(other).toContain('shop ticket');
    await ok('shopTickets.status', { game: GAME, code: tcode });
  });

  it('redeems a signed code once, and records who and where', async () => {
    const batch = await create({ name: 'Redeem once', prefix: 'RQ' });
    const [code = ''] = await codesOf(batch.id);
    const r = await redeem(code, 'p-100');
    expect(r.body.Status).toEqual({ Code: Codes.OK });
    expect(r.body.Data).toEqual({ code, batchId: batch.id, kind: 'activeCode', grant: itemsGrant, uses: 1 });
    const info = await status(code);
    expect(info).toMatchObject({ uses: 1, state: 'usedUp' });
    expect(info.redemptions).toEqual([{ playerId: 'p-100', serverId: `${GAME}-1`, at: iso(0) }]);
    const again = await redeem(code, 'p-101');
    expect(again.body.Status.Code).toBe(Codes.CONFLICT);
    expect(again.body.Status.Message).toContain('used up');
    const b = await ok<CodeBatch>('giftCodes.batch', { game: GAME, batchId: batch.id });
    expect(b.used).toBe(1);
  });

  it('redeems a shop ticket, giving back its shop item and price', async () => {
    const ticket = await ok<CodeBatch>('shopTickets.create', {
      ...batchInput({ name: 'Ticket redeem', prefix: 'TR' }),
      grant: { kind: 'shopItem', shopItemId: 21003, price: 900 },
    });
    const [code = ''] = await codesOf(ticket.id, 'shopTickets.codes');
    const r = await call('shopTickets.redeem', redeemInput(code, 'p-1'), undefined);
    expect(r.body.Status).toEqual({ Code: Codes.OK });
    expect(r.body.Data).toMatchObject({
      kind: 'shopTicket',
      grant: { kind: 'shopItem', shopItemId: 21003, price: 900 },
    });
    // Under the other root it is not an activation code.
    const wrong = await call('giftCodes.redeem', redeemInput(code, 'p-2'), undefined);
    expect(wrong.body.Status.Code).toBe(Codes.NOT_FOUND);
  });

  it('refuses codes of a disabled batch or a disabled code until they are enabled again', async () => {
    const batch = await create({ name: 'Switch', prefix: 'WW', count: 2 });
    const [c1 = '', c2 = ''] = await codesOf(batch.id);
    const off = await ok<CodeBatch>('giftCodes.setBatchEnabled', {
      game: GAME,
      batchId: batch.id,
      enabled: false,
      reason: 'leaked on a forum',
    });
    expect(off).toMatchObject({ enabled: false, state: 'disabled' });
    expect((await status(c1)).state).toBe('batchDisabled');
    let r = await redeem(c1, 'p-1');
    expect(r.body.Status.Code).toBe(Codes.CONFLICT);
    expect(r.body.Status.Message).toContain('batch "Switch" is disabled');
    await ok('giftCodes.setBatchEnabled', {
      game: GAME,
      batchId: batch.id,
      enabled: true,
      reason: 'fixed',
    });

    const codeOff = await ok<CodeInfo>('giftCodes.setCodeEnabled', {
      game: GAME,
      code: c2.toLowerCase(),
      enabled: false,
      reason: 'reported stolen',
    });
    expect(codeOff).toMatchObject({ code: c2, enabled: false, state: 'disabled' });
    r = await redeem(c2, 'p-2');
    expect(r.body.Status.Code).toBe(Codes.CONFLICT);
    expect(r.body.Status.Message).toContain('it is disabled');
    // zh-CN too.
    const plan = planRequest(ENDPOINTS['giftCodes.redeem'], redeemInput(c2, 'p-2'));
    const zh = await t.api.request(plan.method, `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`, {
      json: plan.body,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Message).toContain('已停用');
    await ok('giftCodes.setCodeEnabled', { game: GAME, code: c2, enabled: true, reason: 'found' });
    expect((await redeem(c1, 'p-1')).body.Status.Code).toBe(Codes.OK);
    expect((await redeem(c2, 'p-2')).body.Status.Code).toBe(Codes.OK);
  });

  it('keeps to uses per code, uses per player, and the validity window', async () => {
    const shared = await create({ name: 'Shared code', prefix: 'HH', count: 1, usesPerCode: 2 });
    const [s = ''] = await codesOf(shared.id);
    expect((await redeem(s, 'a')).body.Status.Code).toBe(Codes.OK);
    expect((await status(s)).state).toBe('used');
    expect((await redeem(s, 'b')).body.Status.Code).toBe(Codes.OK);
    const third = await redeem(s, 'c');
    expect(third.body.Status.Code).toBe(Codes.CONFLICT);
    expect(third.body.Status.Message).toContain('all its 2 use(s)');
    expect((await ok<CodeBatch>('giftCodes.batch', { game: GAME, batchId: shared.id })).state).toBe('usedUp');

    const perPlayer = await create({ name: 'One each', prefix: 'PE', count: 3, usesPerPlayer: 2 });
    const [p1 = '', p2 = '', p3 = ''] = await codesOf(perPlayer.id);
    expect((await redeem(p1, 'greedy')).body.Status.Code).toBe(Codes.OK);
    expect((await redeem(p2, 'greedy')).body.Status.Code).toBe(Codes.OK);
    const limit = await redeem(p3, 'greedy');
    expect(limit.body.Status.Code).toBe(Codes.CONFLICT);
    expect(limit.body.Status.Message).toContain('Player greedy has already redeemed');
    expect((await redeem(p3, 'someone-else')).body.Status.Code).toBe(Codes.OK);

    const later = await create({
      name: 'Window',
      prefix: 'WN',
      count: 1,
      validFrom: iso(HOUR),
      validUntil: iso(3 * HOUR),
    });
    const [w = ''] = await codesOf(later.id);
    let r = await redeem(w, 'p');
    expect(r.body.Status.Code).toBe(Codes.CONFLICT);
    expect(r.body.Status.Message).toContain('not valid yet');
    await advance(4 * 3600);
    expect((await status(w)).state).toBe('expired');
    r = await redeem(w, 'p');
    expect(r.body.Status.Code).toBe(Codes.CONFLICT);
    expect(r.body.Status.Message).toContain('has expired');
    await advance(-2 * 3600);
    expect((await redeem(w, 'p')).body.Status.Code).toBe(Codes.OK);
    await advance(-2 * 3600);
  });

  it('refuses a bad signature, a stale time and a reused nonce, changing nothing', async () => {
    const batch = await create({ name: 'Signed', prefix: 'GG', count: 1 });
    const [code = ''] = await codesOf(batch.id);
    const wrongKey = await redeem(code, 'p', { secretsKey: Buffer.alloc(32, 9) });
    expect(wrongKey.body.Status.Code).toBe(Codes.UNAUTHENTICATED);
    expect(wrongKey.body.Status.Message).toContain('signature does not match');
    // A valid signature over other fields (the player changed on the way).
    const tampered = { ...redeemInput(code, 'p'), playerId: 'someone' };
    expect((await call('giftCodes.redeem', tampered, undefined)).body.Status.Code).toBe(
      Codes.UNAUTHENTICATED,
    );
    const stale = await redeem(code, 'p', { ts: t.clock.now - 6 * 60_000 });
    expect(stale.body.Status.Code).toBe(Codes.UNAUTHENTICATED);
    expect(stale.body.Status.Message).toContain('behind');
    const ahead = await redeem(code, 'p', { ts: t.clock.now + 6 * 60_000 });
    expect(ahead.body.Status.Message).toContain('ahead of');
    const malformed = await call('giftCodes.redeem', { ...redeemInput(code, 'p'), sig: 'xyz' }, undefined);
    expect(malformed.body.Status.Code).toBe(Codes.VALIDATION);

    expect(await status(code)).toMatchObject({ uses: 0, state: 'unused', redemptions: [] });

    const input = redeemInput(code, 'p', { nonce: 'nonce-once-123' });
    expect((await call('giftCodes.redeem', input, undefined)).body.Status.Code).toBe(Codes.OK);
    const replay = await call('giftCodes.redeem', input, undefined);
    expect(replay.body.Status.Code).toBe(Codes.CONFLICT);
    expect(replay.body.Status.Message).toContain('nonce-once-123 was already used');
    expect((await status(code)).uses).toBe(1);
    // Nonces older than the window are pruned (a request that old is refused by its time anyway).
    await advance(10 * 60);
    const other = await create({ name: 'Signed 2', prefix: 'GG', count: 1 });
    const [code2 = ''] = await codesOf(other.id);
    expect((await redeem(code2, 'p')).body.Status.Code).toBe(Codes.OK);
    const left = await db()
      .selectFrom('game_server_nonces')
      .select('nonce')
      .where('nonce', '=', 'nonce-once-123')
      .execute();
    expect(left).toHaveLength(0);
  });

  it('gives exactly one of 50 concurrent redemptions of a single-use code', async () => {
    const batch = await create({ name: 'Race', prefix: 'RC', count: 1 });
    const [code = ''] = await codesOf(batch.id);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('giftCodes.redeem', redeemInput(code, `racer-${i}`), undefined),
      ),
    );
    const byCode = replies.map((r) => r.body.Status.Code);
    expect(byCode.filter((c) => c === Codes.OK)).toHaveLength(1);
    expect(byCode.filter((c) => c === Codes.CONFLICT)).toHaveLength(49);
    const info = await status(code);
    expect(info.uses).toBe(1);
    expect(info.redemptions).toHaveLength(1);
    expect((await ok<CodeBatch>('giftCodes.batch', { game: GAME, batchId: batch.id })).used).toBe(1);
  });

  it('keeps one player to the per-player limit across codes redeemed at once', async () => {
    const batch = await create({ name: 'Race player', prefix: 'RP', count: 10 });
    const codes = await codesOf(batch.id);
    const replies = await Promise.all(
      codes.map((c) => call('giftCodes.redeem', redeemInput(c, 'same'), undefined)),
    );
    expect(replies.filter((r) => r.body.Status.Code === Codes.OK)).toHaveLength(1);
  });

  it('exports a batch as CSV with a header row and each code, and audits it', async () => {
    const batch = await create({ name: 'Export me', prefix: 'EX', count: 3 });
    const codes = await codesOf(batch.id);
    expect((await redeem(codes[1] ?? '', 'p,"quoted"')).body.Status.Code).toBe(Codes.OK);
    const out = await ok<{ filename: string; csv: string; rows: number }>('giftCodes.export', {
      game: GAME,
      batchId: batch.id,
      reason: 'send to the partner',
    });
    expect(out.filename).toBe(`${GAME}-activeCode-${batch.id}.csv`);
    expect(out.rows).toBe(3);
    const lines = out.csv.split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADER.join(','));
    expect(lines[1]).toBe(`${codes[0]},0,1,unused,,`);
    expect(lines[2]).toBe(`${codes[1]},1,1,usedUp,"p,""quoted""",${iso(0)}`);
    expect(lines[4]).toBe('');
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'giftCodes.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator: 'admin',
      reason: 'send to the partner',
      target: `Export me (#${batch.id})`,
    });
    expect(JSON.stringify(entry.after)).not.toContain(codes[0]);
  });

  it('writes audit entries with before and after for switching batches and codes', async () => {
    const batch = await create({ name: 'Audited', prefix: 'AU', count: 1 });
    const [code = ''] = await codesOf(batch.id);
    await ok('giftCodes.setBatchEnabled', {
      game: GAME,
      batchId: batch.id,
      enabled: false,
      reason: 'audit check',
    });
    await ok('giftCodes.setCodeEnabled', { game: GAME, code, enabled: false, reason: 'audit check 2' });
    const rows = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['giftCodes.create', 'giftCodes.setBatchEnabled', 'giftCodes.setCodeEnabled'])
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    const [codeEntry, batchEntry, created] = rows;
    expect(created).toMatchObject({ action: 'giftCodes.create', reason: 'spring event', game: GAME });
    expect(created?.after).toMatchObject({ name: 'Audited', total: 1 });
    expect(JSON.stringify(created?.after)).not.toContain(code);
    expect(batchEntry).toMatchObject({ reason: 'audit check', target: `Audited (#${batch.id})` });
    expect(batchEntry?.before).toMatchObject({ enabled: true });
    expect(batchEntry?.after).toMatchObject({ enabled: false, state: 'disabled' });
    expect(codeEntry).toMatchObject({ reason: 'audit check 2', target: code });
    expect(codeEntry?.before).toMatchObject({ enabled: true });
    expect(codeEntry?.after).toMatchObject({ enabled: false, state: 'batchDisabled' });
  });

  it("redeems through the simulated game server's POST /redeem, signed with the game's key", async () => {
    const server = new SimulatedGameServer(
      { key: `${GAME}-sim`, game: GAME, name: 'sim', peakPlayers: 10, dailyIncome: 100 },
      t.clock.fn,
    );
    addRedeemRoute(server, {
      backendUrl: t.backend.url,
      key: gameServerKey(TEST_SECRETS_KEY, GAME),
      clock: t.clock.fn,
    });
    await server.start(0);
    try {
      const batch = await create({ name: 'Via game server', prefix: 'GX', count: 1 });
      const [code = ''] = await codesOf(batch.id);
      const post = (body: unknown) =>
        fetch(`${server.url}/redeem`, { method: 'POST', body: JSON.stringify(body) }).then(async (r) => ({
          status: r.status,
          body: (await r.json()) as { Status: { Code: number } },
        }));
      const first = await post({ code: code.toLowerCase(), playerId: 'p-9' });
      expect(first.status).toBe(200);
      expect(first.body.Status.Code).toBe(Codes.OK);
      const second = await post({ code, playerId: 'p-10' });
      expect(second).toMatchObject({ status: 409, body: { Status: { Code: Codes.CONFLICT } } });
      expect((await status(code)).redemptions[0]).toMatchObject({ playerId: 'p-9', serverId: `${GAME}-sim` });
    } finally {
      await server.stop();
    }
  });
});

describe('gift codes without a secrets key', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startTestBackend('pglite', { secretsKey: NO_SECRETS_KEY, seedPlayers: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers redeem with 50300 saying how to set the key', async () => {
    const r = await t.api.call(
      ENDPOINTS['giftCodes.redeem'],
      signedRedeemInput(GAME, 'ABCDEFGH', 'p', t.clock.now),
    );
    expect(r.body.Status.Code).toBe(Codes.UNAVAILABLE);
    expect(r.body.Status.Message).toContain('GAMEOPS_SECRETS_KEY');
  });
});
