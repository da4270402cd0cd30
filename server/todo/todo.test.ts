import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { TODO_MAX_ITEMS, type TodoItem } from '../../shared/api/todo.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * The to-do list over HTTP on both databases: every operator's own list sorted by deadline, the
 * name as the key (a duplicate refused in both languages), deadlines checked against the server's
 * clock, removal of one's own items only, and the demo seed.
 */

type Who = 'super' | 'admin' | 'guest' | 'developer';
const WHO: readonly Who[] = ['super', 'admin', 'guest', 'developer'];
const HOUR = 3_600_000;

describe.each(backendKinds())('to-do list on %s', (kind) => {
  let t: TestBackend;
  const tokens = new Map<Who, string>();

  beforeAll(async () => {
    t = await startTestBackend(kind);
    for (const who of WHO) tokens.set(who, (await t.api.login(who)).authToken);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: EndpointId, input: Record<string, unknown>, who: Who) =>
    t.api.call<T>(ENDPOINTS[id], input, tokens.get(who));
  async function ok<T>(id: EndpointId, input: Record<string, unknown>, who: Who): Promise<T> {
    const r = await call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }
  const list = async (who: Who) => (await ok<{ todo: TodoItem[] }>('todo.list', {}, who)).todo;
  const names = async (who: Who) => (await list(who)).map((i) => i.name);
  const inHours = (h: number) => new Date(t.clock.now + h * HOUR).toISOString();
  /** A create call in a language, for the texts of a refusal. */
  const createIn = (lang: string, input: Record<string, unknown>, who: Who) =>
    t.api.request('POST', '/api/v1/sr/admin/todo', {
      token: tokens.get(who) ?? '',
      json: input,
      headers: { 'accept-language': lang },
    });

  it('seeds an item per game for the demo operators who work on it, none for the others', async () => {
    const seeded = await list('admin');
    expect(seeded.map((i) => i.name)).toEqual([
      'Atomic War: review the weekend event rewards',
      'Secret Realm: check the season leaderboard',
      'Lord War: refund request follow-up',
      'Party Game: plan the next testing round',
    ]);
    expect(await names('super')).toEqual(seeded.map((i) => i.name));
    expect(await names('developer')).toEqual([]);
    expect(await names('guest')).toEqual([]);
  });

  it("keeps each operator's own list, by deadline ascending", async () => {
    const made = await ok<TodoItem>(
      'todo.create',
      { name: '  call the publisher  ', desc: 'about the launch date', expireAt: inHours(48) },
      'developer',
    );
    expect(made).toEqual({
      name: 'call the publisher',
      desc: 'about the launch date',
      expireAt: inHours(48),
      createdAt: new Date(t.clock.now).toISOString(),
    });
    // Any offset is taken, and kept as the instant it names.
    const shanghai = new Date(t.clock.now + 5 * HOUR + 8 * HOUR).toISOString().replace('Z', '+08:00');
    const soon = await ok<TodoItem>(
      'todo.create',
      { name: 'renew the cert', expireAt: shanghai },
      'developer',
    );
    expect(soon.expireAt).toBe(inHours(5));
    expect(soon.desc).toBe('');
    await ok('todo.create', { name: 'quarterly review', expireAt: inHours(24 * 40) }, 'developer');

    expect(await names('developer')).toEqual(['renew the cert', 'call the publisher', 'quarterly review']);
    // The same name in another operator's list is another item.
    await ok('todo.create', { name: 'call the publisher', expireAt: inHours(1) }, 'guest');
    expect(await names('guest')).toEqual(['call the publisher']);
    expect(await names('developer')).toHaveLength(3);
  });

  /** Every page of the list screen's view of a list, two items a page, in the order asked. */
  async function allPages(who: Who, sort?: Record<string, string>): Promise<string[]> {
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const p = await ok<{ items: TodoItem[]; total: number }>(
        'todo.page',
        { ...sort, page, pageSize: 2 },
        who,
      );
      seen.push(...p.items.map((i) => i.name));
      if (p.items.length === 0 || seen.length >= p.total) return seen;
    }
  }

  it('pages the list screen by deadline, or sorted both ways by name, deadline or time added', async () => {
    // Three items due at the same time: ties keep the order they were added, both ways, on every page.
    for (const name of ['tie b', 'tie a', 'tie c'])
      await ok('todo.create', { name, expireAt: inHours(72) }, 'guest');
    const whole = await names('guest');
    expect(await allPages('guest')).toEqual(whole);
    const byName = [...whole].sort();
    expect(await allPages('guest', { sort: 'name' })).toEqual(byName);
    expect(await allPages('guest', { sort: 'name', order: 'desc' })).toEqual([...byName].reverse());
    const ties = ['tie b', 'tie a', 'tie c'];
    const byDeadline = await allPages('guest', { sort: 'expireAt' });
    expect(byDeadline.filter((n) => ties.includes(n))).toEqual(ties);
    const back = await allPages('guest', { sort: 'expireAt', order: 'desc' });
    expect(back).toEqual([...byDeadline].reverse());
    // Added at one instant (the test clock stands still): the order they were added, each way.
    const added = await allPages('guest', { sort: 'createdAt' });
    expect(new Set(added).size).toBe(whole.length);
    expect(await allPages('guest', { sort: 'createdAt', order: 'desc' })).toEqual([...added].reverse());
    for (const name of ties) await ok('todo.delete', { name }, 'guest');
  });

  it('refuses to sort by a column it does not list, naming those it does', async () => {
    const r = await call('todo.page', { sort: 'description' }, 'guest');
    expect(r.body.Status.Code).toBe(Codes.VALIDATION);
    expect(r.body.Status.Message).toContain('sort by one of: expireAt, name, createdAt');
    const way = await call('todo.page', { sort: 'name', order: 'sideways' }, 'guest');
    expect(way.body.Status.Code).toBe(Codes.VALIDATION);
    expect(way.body.Status.Message).toContain('order is asc or desc');
  });

  it('refuses a name already in the list, clearly and in both languages', async () => {
    await ok('todo.create', { name: 'weekly report', expireAt: inHours(30) }, 'guest');
    const en = await createIn('en', { name: 'weekly report', expireAt: inHours(2) }, 'guest');
    expect(en.body.Status.Code).toBe(Codes.CONFLICT);
    expect(en.body.Status.Message).toContain('You already have a to-do named "weekly report"');
    const zh = await createIn('zh-CN', { name: ' weekly report ', expireAt: inHours(2) }, 'guest');
    expect(zh.body.Status.Code).toBe(Codes.CONFLICT);
    expect(zh.body.Status.Message).toContain('你已有名为“weekly report”的待办事项');
    // The refused call changed nothing.
    const items = (await list('guest')).filter((i) => i.name === 'weekly report');
    expect(items.map((i) => i.expireAt)).toEqual([inHours(30)]);
  });

  it('checks the deadline: a date and time with its offset, ahead of now, within ten years', async () => {
    const past = await createIn('en', { name: 'too late', expireAt: inHours(-1) }, 'developer');
    expect(past.body.Status.Code).toBe(Codes.VALIDATION);
    expect(past.body.Status.Message).toContain('it has already passed');
    expect(past.body.Status.Message).toMatch(/^expireAt: /);
    const pastZh = await createIn('zh-CN', { name: 'too late', expireAt: inHours(0) }, 'developer');
    expect(pastZh.body.Status.Code).toBe(Codes.VALIDATION);
    expect(pastZh.body.Status.Message).toContain('该时间已过');

    const far = await createIn('en', { name: 'too far', expireAt: inHours(24 * 366 * 10) }, 'developer');
    expect(far.body.Status.Code).toBe(Codes.VALIDATION);
    expect(far.body.Status.Message).toContain('more than 10 years ahead');

    for (const expireAt of ['tomorrow', '2026-01-20', '2026-01-20T10:00', '2026-13-01T10:00:00Z', 17, '']) {
      const r = await call('todo.create', { name: 'bad deadline', expireAt }, 'developer');
      expect(r.body.Status.Code, String(expireAt)).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toContain('expireAt: give the deadline as a date and time');
    }
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const r = await call('todo.create', { name, expireAt: inHours(3) }, 'developer');
      expect(r.body.Status.Code).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(/name: (give the to-do a name|a to-do name is at most 64)/);
    }
    const long = await call(
      'todo.create',
      { name: 'long', desc: 'd'.repeat(501), expireAt: inHours(3) },
      'developer',
    );
    expect(long.body.Status.Message).toContain('desc: a description is at most 500 characters');
    expect(await names('developer')).not.toContain('bad deadline');
  });

  it("removes one's own item by its name, and never another operator's", async () => {
    await ok('todo.create', { name: 'a/b 100% ✓?#', expireAt: inHours(10) }, 'admin');
    await ok('todo.create', { name: 'a/b 100% ✓?#', expireAt: inHours(10) }, 'super');
    // Not in the guest's list: 40400, and the others' items stay.
    const theirs = await call('todo.delete', { name: 'a/b 100% ✓?#' }, 'guest');
    expect(theirs.body.Status.Code).toBe(Codes.NOT_FOUND);
    expect(theirs.body.Status.Message).toContain('no item named "a/b 100% ✓?#"');
    expect(await names('admin')).toContain('a/b 100% ✓?#');

    expect(await ok('todo.delete', { name: 'a/b 100% ✓?#' }, 'admin')).toEqual({ deleted: true });
    expect(await names('admin')).not.toContain('a/b 100% ✓?#');
    expect(await names('super')).toContain('a/b 100% ✓?#');
    const again = await call('todo.delete', { name: 'a/b 100% ✓?#' }, 'admin');
    expect(again.body.Status.Code).toBe(Codes.NOT_FOUND);
  });

  it('records adding and removing in the audit log under the operator', async () => {
    await ok('todo.create', { name: 'audited here', expireAt: inHours(4) }, 'developer');
    await ok('todo.delete', { name: 'audited here' }, 'developer');
    const rows = await t.backend.database.db
      .selectFrom('audit_log')
      .select(['operator', 'action', 'target', 'outcome'])
      .where('target', '=', 'audited here')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { operator: 'developer', action: 'todo.create', target: 'audited here', outcome: 'ok' },
      { operator: 'developer', action: 'todo.delete', target: 'audited here', outcome: 'ok' },
    ]);
  });

  it(`holds at most ${TODO_MAX_ITEMS} items per operator`, async () => {
    const db = t.backend.database.db;
    const guest = await db
      .selectFrom('operators')
      .select('id')
      .where('name', '=', 'guest')
      .executeTakeFirstOrThrow();
    const have = (await list('guest')).length;
    await db
      .insertInto('todo_items')
      .values(
        Array.from({ length: TODO_MAX_ITEMS - have }, (_, i) => ({
          operator_id: guest.id,
          name: `filler ${i}`,
          description: '',
          expire_at: new Date(t.clock.now + (i + 100) * HOUR),
          created_at: new Date(t.clock.now),
        })),
      )
      .execute();
    const full = await createIn('en', { name: 'one too many', expireAt: inHours(3) }, 'guest');
    expect(full.body.Status.Code).toBe(Codes.CONFLICT);
    expect(full.body.Status.Message).toContain(`already holds ${TODO_MAX_ITEMS} items`);
    await ok('todo.delete', { name: 'filler 0' }, 'guest');
    await ok('todo.create', { name: 'one too many', expireAt: inHours(3) }, 'guest');
    await db
      .deleteFrom('todo_items')
      .where('operator_id', '=', guest.id)
      .where('name', 'like', 'filler %')
      .execute();
  });

  it('answers only a signed-in operator', async () => {
    const r = await t.api.call(ENDPOINTS['todo.list'], {});
    expect(r.body.Status.Code).toBe(Codes.UNAUTHENTICATED);
  });
});
