import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DryRun, RepairFunction, RepairJob } from '../../shared/api/batchFix.js';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { playerIdOf } from '../seed/players.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { configureRunner } from './jobs.js';

/**
 * Data repair over HTTP on both databases: the registry, dry runs that change nothing, runs that
 * change what the dry run said (each function on rows the test puts in place), progress batch by
 * batch, cancel, interrupted runs, failures, roles and bad input.
 */

type Who = 'super' | 'admin' | 'ymmj' | 'guest' | 'service';
const WHO: readonly Who[] = ['super', 'admin', 'ymmj', 'guest', 'service'];
const GHOST = '76561190000000099';

/** A gate a test opens by hand: the runner waits at it before the batches of the jobs it holds. */
class Gate {
  private waiting: (() => void)[] = [];
  private open = false;
  reached = 0;
  wait(): Promise<void> {
    this.reached += 1;
    if (this.open) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    this.open = true;
    for (const r of this.waiting.splice(0)) r();
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(backendKinds())('data repair on %s', (kind) => {
  let t: TestBackend;
  const tokens = new Map<Who, string>();
  const db = () => t.backend.database.db;
  const now = () => new Date(t.clock.now);

  const signIn = async () => {
    for (const who of WHO) tokens.set(who, (await t.api.login(who)).authToken);
  };
  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who = 'super') =>
    t.api.call<T>(ENDPOINTS[id], input, tokens.get(who));
  async function ok<T>(id: EndpointId, input: Record<string, unknown>, who: Who = 'super'): Promise<T> {
    const r = await call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  async function fails(id: EndpointId, input: Record<string, unknown>, code: number, who: Who = 'super') {
    const r = await call(id, input, who);
    expect(r.body.Status.Code, `${id}: ${r.body.Status.Message ?? ''}`).toBe(code);
    return r.body.Status.Message ?? '';
  }
  const dry = (game: GameId, name: string) => ok<DryRun>('batchFix.dryRun', { game, name });
  const run = (game: GameId, name: string, reason = 'repair test') =>
    ok<RepairJob>('batchFix.run', { game, name, reason });
  async function ended(game: GameId, id: number): Promise<RepairJob> {
    let job: RepairJob | undefined;
    await until(`job ${id} to end`, async () => {
      job = await ok<RepairJob>('batchFix.job', { game, jobId: id });
      return job.status !== 'queued' && job.status !== 'running';
    });
    return job as RepairJob;
  }

  /** A ban of a test hero on a player, with an expiry (past = expired), or lifted. */
  async function ban(
    game: GameId,
    playerId: string,
    expiresInSec: number | null,
    lifted = false,
  ): Promise<number> {
    const at = now();
    const row = await db()
      .insertInto('banned_heroes')
      .values({
        game,
        hero_id: 9000,
        hero_name: 'Test Hero',
        player_id: playerId,
        reason: 'set up by the test',
        operator: 'super',
        created_at: new Date(at.getTime() - 86_400_000),
        expires_at: expiresInSec === null ? null : new Date(at.getTime() + expiresInSec * 1000),
        ...(lifted ? { lifted_at: at, lifted_by: 'admin', lift_reason: 'appeal' } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const expiredOpen = async (game: GameId) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from banned_heroes
        where game = ${game} and lifted_at is null and expires_at <= ${now()}`.execute(db())
    ).rows[0]?.n ?? 0;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    await signIn();
  });
  afterAll(async () => {
    configureRunner();
    await t?.close();
  });
  afterEach(() => configureRunner());

  it('lists its repair functions, batchfix1 first, titled in both languages with what each touches', async () => {
    const { functions } = await ok<{ functions: RepairFunction[] }>('batchFix.functions', {
      game: 'atomicwar',
    });
    expect(functions.map((f) => f.name)).toEqual([
      'batchfix1',
      'syncPlayerLevels',
      'rebuildPlayerCaches',
      'removeOrphanRows',
    ]);
    for (const f of functions) {
      expect(f.texts.en.title.length).toBeGreaterThan(5);
      expect(f.texts['zh-CN'].title.length).toBeGreaterThan(2);
      expect(f.texts.en.description.length).toBeGreaterThan(40);
      expect(f.touches.length).toBeGreaterThan(0);
    }
    expect(functions[0]?.touches).toEqual([{ table: 'banned_heroes', change: 'update' }]);
    expect(functions[3]?.touches.every((x) => x.change === 'delete')).toBe(true);
  });

  it('lets a game’s admins in, and no one without the role or the game; a game without the page has no route', async () => {
    await ok('batchFix.functions', { game: 'ymmj' }, 'ymmj');
    await ok('batchFix.dryRun', { game: 'lw', name: 'batchfix1' }, 'admin');
    await fails('batchFix.functions', { game: 'lw' }, Codes.FORBIDDEN, 'ymmj');
    await fails(
      'batchFix.run',
      { game: 'ymmj', name: 'batchfix1', reason: 'no role' },
      Codes.FORBIDDEN,
      'service',
    );
    await fails('batchFix.dryRun', { game: 'ymmj', name: 'batchfix1' }, Codes.FORBIDDEN, 'guest');
    const party = await t.api.request('GET', '/api/v1/party/batchfix', { token: tokens.get('super') ?? '' });
    expect(party.body.Status.Code).toBe(Codes.ROUTE_NOT_FOUND);
    const noSignIn = await t.api.call(ENDPOINTS['batchFix.functions'], { game: 'ymmj' });
    expect(noSignIn.body.Status.Code).toBe(Codes.UNAUTHENTICATED);
  });

  it('answers an unknown name with 40400 naming the game’s functions, and points at a case slip', async () => {
    const msg = await fails('batchFix.dryRun', { game: 'ymmj', name: 'batchfix9' }, Codes.NOT_FOUND);
    expect(msg).toContain('batchfix9');
    expect(msg).toContain('batchfix1, syncPlayerLevels, rebuildPlayerCaches, removeOrphanRows');
    expect(
      await fails('batchFix.run', { game: 'ymmj', name: 'BatchFix1', reason: 'case' }, Codes.NOT_FOUND),
    ).toMatch(/Did you mean batchfix1/);
    const zh = await t.api.request('GET', '/api/v1/dr/batchfix/dryrun/nope', {
      token: tokens.get('super') ?? '',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Message).toMatch(/没有名为“nope”的修复函数/);
    // Nothing ran, nothing queued.
    const { total } = await ok<{ total: number }>('batchFix.jobs', { game: 'ymmj', name: 'BatchFix1' });
    expect(total).toBe(0);
  });

  it('refuses bad input with a 4xxxx that names the field', async () => {
    const token = tokens.get('super') ?? '';
    await fails('batchFix.dryRun', { game: 'ymmj', name: 'x'.repeat(65) }, Codes.VALIDATION);
    await fails('batchFix.dryRun', { game: 'ymmj', name: 'batch\u0000fix1' }, Codes.VALIDATION);
    await fails('batchFix.run', { game: 'ymmj', name: 'batchfix1' }, Codes.VALIDATION);
    await fails('batchFix.run', { game: 'ymmj', name: 'batchfix1', reason: ' x ' }, Codes.VALIDATION);
    await fails('batchFix.job', { game: 'ymmj', jobId: '0x10' }, Codes.VALIDATION);
    await fails('batchFix.job', { game: 'ymmj', jobId: 999_999 }, Codes.NOT_FOUND);
    await fails('batchFix.cancel', { game: 'ymmj', jobId: 999_999, reason: 'nothing' }, Codes.NOT_FOUND);
    // The reason never travels in a URL, and a run is never a GET (the spec's GET /{name}).
    const inUrl = await t.api.request('POST', '/api/v1/dr/gameserver/batchfix1?reason=in-the-url', {
      token,
      json: { reason: 'in the body' },
    });
    expect(inUrl.body.Status.Code).toBe(Codes.VALIDATION);
    const asGet = await t.api.request('GET', '/api/v1/sr/atomicwar/gameserver/batchfix1', { token });
    expect(asGet.body.Status.Code).toBe(Codes.METHOD_NOT_ALLOWED);
    const notJson = await t.api.request('POST', '/api/v1/dr/gameserver/batchfix1', {
      token,
      raw: 'reason=plain',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(notJson.body.Status.Code).toBe(Codes.UNSUPPORTED_MEDIA_TYPE);
    // A run that is refused leaves an audit entry saying so.
    const refused = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'batchFix.run')
      .where('outcome', '=', 'error')
      .execute();
    expect(refused.length).toBeGreaterThan(0);
  });

  it('batchfix1: a dry run changes nothing; the run closes exactly the expired bans it counted, at their expiry', async () => {
    const game: GameId = 'lw';
    const expired = [
      await ban(game, playerIdOf(game, 3), -3600),
      await ban(game, playerIdOf(game, 4), -60),
      await ban(game, playerIdOf(game, 5), -1),
    ];
    const active = await ban(game, playerIdOf(game, 6), 3600);
    const forever = await ban(game, playerIdOf(game, 7), null);
    const lifted = await ban(game, playerIdOf(game, 8), -3600, true);
    const snapshot = () =>
      db().selectFrom('banned_heroes').selectAll().where('game', '=', game).orderBy('id').execute();
    const before = await snapshot();

    const found = await dry(game, 'batchfix1');
    expect(await snapshot()).toEqual(before);
    const open = await expiredOpen(game);
    expect(open).toBeGreaterThanOrEqual(3);
    expect(found.total).toBe(open);
    expect(found.counts).toEqual([{ table: 'banned_heroes', change: 'update', count: open }]);
    const sample = found.samples.find((s) => s.key.startsWith(`${expired[0]} `));
    expect(sample?.before).toMatchObject({
      id: expired[0],
      status: 'expired',
      playerId: playerIdOf(game, 3),
    });
    expect(sample?.after).toMatchObject({ status: 'lifted', liftedBy: 'super' });

    const job = await run(game, 'batchfix1', 'close expired bans');
    expect(job).toMatchObject({ status: 'queued', total: open, processed: 0, changed: 0, operator: 'super' });
    const done = await ended(game, job.id);
    expect(done).toMatchObject({ status: 'done', processed: open, changed: open, error: null });
    expect(done.counts).toEqual([{ table: 'banned_heroes', change: 'update', count: open }]);

    const after = await snapshot();
    for (const row of after) {
      const was = before.find((b) => b.id === row.id);
      if (row.id === active || row.id === forever || row.id === lifted) expect(row).toEqual(was);
      else if (was && was.lifted_at === null && was.expires_at !== null && was.expires_at <= now()) {
        expect(row.lifted_at).toEqual(was.expires_at);
        expect(row).toMatchObject({ lifted_by: 'super', lift_reason: 'close expired bans' });
      } else expect(row).toEqual(was);
    }
    for (const id of expired) expect(after.find((r) => r.id === id)?.lifted_at).not.toBeNull();
    expect((await dry(game, 'batchfix1')).total).toBe(0);

    // Audited: what the dry run found, the job as started, the reason; its end is a system event.
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'batchFix.run')
      .where('outcome', '=', 'ok')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator: 'super',
      game,
      target: 'batchfix1',
      reason: 'close expired bans',
    });
    expect(entry.before).toMatchObject({ total: open, counts: found.counts });
    expect(entry.after).toMatchObject({ id: job.id, status: 'queued', total: open });
    const event = await db()
      .selectFrom('system_events')
      .selectAll()
      .where('kind', '=', 'batchFix.finished')
      .where('subject', '=', `batchfix1 (job ${job.id})`)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ level: 'info', game });
    expect(event.detail).toMatchObject({
      status: 'done',
      changed: open,
      operator: 'super',
      reason: 'close expired bans',
    });
  });

  it('syncPlayerLevels puts the list’s level back to the player’s game record, and guesses nothing', async () => {
    const game: GameId = 'ymmj';
    const [p1, p2, p3] = [playerIdOf(game, 11), playerIdOf(game, 12), playerIdOf(game, 13)];
    const record = async (id: string) => {
      const tab = await ok<{ rows: { level: number }[] }>('players.tab', {
        game,
        id,
        tab: 'info',
        read: 'fresh',
      });
      return tab.rows[0]?.level ?? 0;
    };
    const levels = [await record(p1), await record(p2), await record(p3)];
    const setLevel = (id: string, level: number) =>
      db().updateTable('players').set({ level }).where('game', '=', game).where('id', '=', id).execute();
    await setLevel(p1, (levels[0] ?? 0) + 5);
    await setLevel(p2, 1000);
    // A record whose level is not a number: left alone.
    await setLevel(p3, (levels[2] ?? 0) + 1);
    await sql`update player_rows set data = jsonb_set(data, '{level}', '"high"')
      where game = ${game} and player_id = ${p3} and tab = 'info'`.execute(db());

    const found = await dry(game, 'syncPlayerLevels');
    expect(found.total).toBe(2);
    expect(found.samples.map((s) => [s.before, s.after])).toEqual([
      [
        expect.objectContaining({ id: p1, level: (levels[0] ?? 0) + 5 }),
        expect.objectContaining({ level: levels[0] }),
      ],
      [expect.objectContaining({ id: p2, level: 1000 }), expect.objectContaining({ level: levels[1] })],
    ]);
    const done = await ended(game, (await run(game, 'syncPlayerLevels')).id);
    expect(done).toMatchObject({ status: 'done', changed: 2, processed: 2 });
    const rows = await db()
      .selectFrom('players')
      .select(['id', 'level'])
      .where('game', '=', game)
      .where('id', 'in', [p1, p2, p3])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.level)).toEqual([levels[0], levels[1], (levels[2] ?? 0) + 1]);
    expect((await dry(game, 'syncPlayerLevels')).total).toBe(0);
  });

  it('rebuildPlayerCaches drops copies with nothing behind them and takes old ones again from the stored rows', async () => {
    const game: GameId = 'atomicwar';
    const [p1, p2, gone] = [playerIdOf(game, 14), playerIdOf(game, 15), playerIdOf(game, 16)];
    for (const id of [p1, p2, gone]) await ok('players.tab', { game, id, tab: 'item' });
    await ok('players.delete', { game, id: gone, reason: 'sold account' });
    // A copy that no longer matches what is stored: the rebuild takes the stored rows.
    await sql`update player_cache set data = '[]' where game = ${game} and player_id = ${p1}`.execute(db());
    t.clock.advance(25 * 3600);
    await signIn();
    const fresh = playerIdOf(game, 17);
    await ok('players.tab', { game, id: fresh, tab: 'item' });

    const found = await dry(game, 'rebuildPlayerCaches');
    expect(found.counts).toEqual([
      { table: 'player_cache', change: 'delete', count: 1 },
      { table: 'player_cache', change: 'update', count: 2 },
    ]);
    expect(found.samples[0]).toMatchObject({ change: 'delete', key: `${gone} · item`, after: null });

    const job = await run(game, 'rebuildPlayerCaches');
    const done = await ended(game, job.id);
    expect(done).toMatchObject({ status: 'done', changed: 3 });
    const copies = await db()
      .selectFrom('player_cache')
      .selectAll()
      .where('game', '=', game)
      .where('player_id', 'in', [p1, p2, gone, fresh])
      .orderBy('player_id')
      .execute();
    expect(copies.map((c) => c.player_id)).toEqual([p1, p2, fresh]);
    expect(copies[0]?.cached_at).toEqual(new Date(done.createdAt));
    const stored = await db()
      .selectFrom('player_rows')
      .select('data')
      .where('game', '=', game)
      .where('player_id', '=', p1)
      .where('tab', '=', 'item')
      .orderBy('seq')
      .execute();
    // A copy is the JSON text of the rows (players' migration 0004_equipment_docs).
    expect(JSON.parse(copies[0]?.data ?? 'null')).toEqual(stored.map((r) => r.data));
    // With its count and first row, as a copy taken by a read keeps them (players/cache.ts).
    expect(copies[0]?.row_count).toBe(stored.length);
    expect(JSON.parse(copies[0]?.first_row ?? 'null')).toEqual(stored[0]?.data);
    expect((await dry(game, 'rebuildPlayerCaches')).total).toBe(0);
  });

  it('removeOrphanRows removes the rows of players who do not exist, and only those', async () => {
    const game: GameId = 'ymmj';
    const at = now();
    await db().insertInto('player_data_made').values({ game, player_id: GHOST, made_at: at }).execute();
    await db()
      .insertInto('player_rows')
      .values(
        [0, 1, 2].map((seq) => ({
          game,
          player_id: GHOST,
          tab: 'items',
          seq,
          data: JSON.stringify({ seq }),
        })),
      )
      .execute();
    await db()
      .insertInto('player_logs')
      .values({ game, player_id: GHOST, at, kind: 'login', detail: 'ghost', ip: null })
      .execute();
    await db()
      .insertInto('special_users')
      .values({ game, player_id: GHOST, category: 'gm', note: '', operator: 'super', created_at: at })
      .execute();
    const real = playerIdOf(game, 2);
    await ok('players.tab', { game, id: real, tab: 'items' });
    const rowsOf = (id: string) =>
      db()
        .selectFrom('player_rows')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('game', '=', game)
        .where('player_id', '=', id)
        .executeTakeFirstOrThrow();
    const realRows = (await rowsOf(real)).n;

    const found = await dry(game, 'removeOrphanRows');
    const count = (table: string) => found.counts.find((c) => c.table === table)?.count;
    expect(count('player_rows')).toBe(3);
    expect(count('player_logs')).toBe(1);
    expect(count('special_users')).toBe(1);
    expect(count('player_data_made')).toBe(1);
    expect(count('player_equipment')).toBe(0);
    expect(found.total).toBe(6);
    expect(found.samples[0]).toMatchObject({ table: 'player_rows', key: `${GHOST} · 3`, after: null });

    const done = await ended(game, (await run(game, 'removeOrphanRows', 'ghost rows')).id);
    expect(done).toMatchObject({ status: 'done', changed: 6, processed: 6 });
    expect((await rowsOf(GHOST)).n).toBe(0);
    expect((await rowsOf(real)).n).toBe(realRows);
    expect(
      await db().selectFrom('special_users').select('id').where('player_id', '=', GHOST).execute(),
    ).toEqual([]);
    expect((await dry(game, 'removeOrphanRows')).total).toBe(0);
  });

  it('works batch by batch, reports its progress, refuses a second run meanwhile, and stops on cancel', async () => {
    const game: GameId = 'atomicwar';
    await ok<RepairJob>('batchFix.run', { game, name: 'batchfix1', reason: 'clear the seed' }).then((j) =>
      ended(game, j.id),
    );
    for (let i = 0; i < 7; i++) await ban(game, playerIdOf(game, 1 + i), -60 - i);
    const gate = new Gate();
    configureRunner({
      batchSize: 2,
      beforeBatch: async () => (gate.reached >= 1 ? gate.wait() : void gate.reached++),
    });
    const job = await run(game, 'batchfix1', 'in batches');
    expect(job.total).toBe(7);
    await until('the second batch', () => gate.reached >= 2);
    const midway = await ok<RepairJob>('batchFix.job', { game, jobId: job.id });
    expect(midway).toMatchObject({ status: 'running', processed: 2, changed: 2, total: 7 });
    expect(await expiredOpen(game)).toBe(5);

    const again = await fails('batchFix.run', { game, name: 'batchfix1', reason: 'twice' }, Codes.CONFLICT);
    expect(again).toMatch(new RegExp(`run ${job.id}, 28% done`));
    // Another function of the same game may run meanwhile (its own job).
    const other = await run(game, 'syncPlayerLevels');
    expect(other.status).toBe('queued');

    const cancelled = await ok<RepairJob>(
      'batchFix.cancel',
      { game, jobId: job.id, reason: 'enough for today' },
      'admin',
    );
    expect(cancelled).toMatchObject({ status: 'running', cancelRequested: true });
    gate.release();
    const end = await ended(game, job.id);
    expect(end).toMatchObject({ status: 'cancelled', processed: 2, changed: 2 });
    expect(await expiredOpen(game)).toBe(5);
    await fails('batchFix.cancel', { game, jobId: job.id, reason: 'again' }, Codes.CONFLICT);
    const entry = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'batchFix.cancel')
      .where('outcome', '=', 'ok')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      operator: 'admin',
      target: `batchfix1 (job ${job.id})`,
      reason: 'enough for today',
    });
    expect(entry.before).toMatchObject({ status: 'running', cancelRequested: false });
    expect(entry.after).toMatchObject({ cancelRequested: true });
    const event = await db()
      .selectFrom('system_events')
      .selectAll()
      .where('subject', '=', `batchfix1 (job ${job.id})`)
      .executeTakeFirstOrThrow();
    expect(event.level).toBe('warn');

    // Running it again finishes the work.
    configureRunner();
    const rest = await ended(game, (await run(game, 'batchfix1', 'the rest')).id);
    expect(rest).toMatchObject({ status: 'done', total: 5, changed: 5 });
    await ended(game, other.id);
  });

  it('shows a run whose server stopped as interrupted, and lets a new run take over', async () => {
    const game: GameId = 'lw';
    for (let i = 0; i < 3; i++) await ban(game, playerIdOf(game, 10 + i), -30);
    const gate = new Gate();
    let held: number | null = null;
    configureRunner({
      batchSize: 1,
      beforeBatch: (id) => (held === null || id === held ? ((held = id), gate.wait()) : Promise.resolve()),
    });
    const stuck = await run(game, 'batchfix1', 'will stall');
    await until('the stalled run to wait', () => gate.reached >= 1);
    t.clock.advance(3 * 60);
    await signIn();
    expect((await ok<RepairJob>('batchFix.job', { game, jobId: stuck.id })).status).toBe('interrupted');
    await fails('batchFix.cancel', { game, jobId: stuck.id, reason: 'too late' }, Codes.CONFLICT);

    const open = await expiredOpen(game);
    expect(open).toBeGreaterThanOrEqual(3);
    const next = await run(game, 'batchfix1', 'take over');
    const done = await ended(game, next.id);
    expect(done).toMatchObject({ status: 'done', changed: open });
    gate.release();
    // The stalled runner wakes up, sees it was replaced, and leaves the job as it is.
    await new Promise((r) => setTimeout(r, 100));
    const old = await ok<RepairJob>('batchFix.job', { game, jobId: stuck.id });
    expect(old).toMatchObject({ status: 'interrupted', changed: 0 });
  });

  it('says why a run failed, on the job and as an error event', async () => {
    const game: GameId = 'ymmj';
    configureRunner({
      beforeBatch: () => Promise.reject(new Error('the disk is full')),
    });
    const job = await run(game, 'removeOrphanRows', 'will fail');
    const end = await ended(game, job.id);
    expect(end).toMatchObject({ status: 'failed', error: 'the disk is full' });
    const event = await db()
      .selectFrom('system_events')
      .selectAll()
      .where('subject', '=', `removeOrphanRows (job ${job.id})`)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ level: 'error' });
    expect(event.detail).toMatchObject({ status: 'failed', error: 'the disk is full' });
    const page = await ok<{ items: RepairJob[]; total: number }>('batchFix.jobs', {
      game,
      name: 'removeOrphanRows',
    });
    expect(page.items[0]).toMatchObject({ id: job.id, status: 'failed' });
  });
});
