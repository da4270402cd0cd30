import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ROLES } from '../../shared/roles.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { AuditEntry, Operator } from '../../shared/api/users.js';
import type { Page } from '../db/paging.js';
import { DEMO_OPERATORS } from '../seed/operators.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/** Operator accounts: list, get, logs, create, update, delete, roles, and their rules. */

describe.each(backendKinds())('users on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    token = (await t.api.login('super')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: keyof typeof ENDPOINTS, input: Record<string, unknown>, tok = token) =>
    t.api.call<T>(ENDPOINTS[id], input, tok);

  it('lists operators, newest first, paged', async () => {
    const r = await call<Page<Operator>>('users.list', { page: 1, pageSize: 4 });
    expect(r.body.Status.Code).toBe(Codes.OK);
    expect(r.body.Data.total).toBe(DEMO_OPERATORS.length);
    expect(r.body.Data.items.map((o) => o.name)).toEqual(['developer', 'partygame', 'lordwar', 'ymmj']);
    const p3 = await call<Page<Operator>>('users.list', { page: 3, pageSize: 4 });
    expect(p3.body.Data.items.map((o) => o.name)).toEqual(['super']);
    expect(JSON.stringify(r.body.Data)).not.toMatch(/password|scrypt/);
  });

  it('searches name, first name and phone, partially and in any case, and filters by role', async () => {
    const names = async (input: Record<string, unknown>) =>
      (await call<Page<Operator>>('users.list', input)).body.Data.items.map((o) => o.name).sort();
    expect(await names({ q: 'PARTY' })).toEqual(['partygame']);
    expect(await names({ q: 'war admin' })).toEqual(['atomicwar', 'lordwar']);
    expect(await names({ q: '0000000' })).toHaveLength(DEMO_OPERATORS.length);
    expect(await names({ q: '00000003' })).toEqual(['service']);
    expect(await names({ role: 'LORDWAR' })).toEqual(['admin', 'lordwar', 'service']);
    expect(await names({ role: 'ADMIN', q: 'ymm' })).toEqual(['ymmj']);
    // LIKE wildcards in q are plain characters.
    expect(await names({ q: '%' })).toEqual([]);
    expect(await names({ q: '_' })).toEqual([]);
    expect((await call('users.list', { role: 'NOPE' })).body.Status.Code).toBe(Codes.VALIDATION);
  });

  it('gets one operator by phone; an unknown phone is NOT_FOUND', async () => {
    const r = await call<Operator>('users.get', { phone: '13800000005' });
    expect(r.body.Data).toMatchObject({ name: 'atomicwar', roles: ['ADMIN', 'AtomicWAR'], disabled: false });
    const missing = await call('users.get', { phone: '19999999999' });
    expect(missing.status).toBe(404);
    expect(missing.body.Status.Code).toBe(Codes.NOT_FOUND);
    expect(missing.body.Status.Message).toMatch(/19999999999/);
  });

  it('lists the roles', async () => {
    expect((await call('users.roles', {})).body.Data).toEqual({ roles: [...ROLES] });
  });

  it('creates an operator who can then sign in; duplicates are CONFLICT', async () => {
    const r = await call<Operator>('users.create', {
      phone: '+8613700000001',
      name: 'Nina',
      first_name: 'Nina Li',
      password: 'a-long-password',
      roles: ['ADMIN', 'YMMJ', 'ADMIN'],
    });
    expect(r.body.Status.Code).toBe(Codes.OK);
    expect(r.body.Data).toMatchObject({
      phone: '+8613700000001',
      name: 'Nina',
      roles: ['ADMIN', 'YMMJ'],
      lastLoginAt: null,
    });
    const l = await t.api.login('nina', 'a-long-password');
    expect(l.user.role).toEqual(['ADMIN', 'YMMJ']);

    const samePhone = await call('users.create', {
      phone: '+8613700000001',
      name: 'Other',
      password: 'a-long-password',
      roles: ['GUEST'],
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.Status.Code).toBe(Codes.CONFLICT);
    expect(samePhone.body.Status.Message).toMatch(/phone/);
    const sameName = await call('users.create', {
      phone: '13700000002',
      name: 'NINA',
      password: 'a-long-password',
      roles: ['GUEST'],
    });
    expect(sameName.body.Status.Code).toBe(Codes.CONFLICT);
    expect(sameName.body.Status.Message).toMatch(/name/);
  });

  it('validates what it creates', async () => {
    const cases: Record<string, unknown>[] = [
      { phone: 'abc', name: 'Valid Name', password: 'a-long-password', roles: ['GUEST'] },
      { phone: '13700000003', name: 'x', password: 'a-long-password', roles: ['GUEST'] },
      { phone: '13700000003', name: 'Valid Name', password: 'short', roles: ['GUEST'] },
      { phone: '13700000003', name: 'Valid Name', password: 'a-long-password', roles: [] },
      { phone: '13700000003', name: 'Valid Name', password: 'a-long-password', roles: ['ROOT'] },
      { phone: '13700000003', name: '13700000004', password: 'a-long-password', roles: ['GUEST'] },
    ];
    for (const input of cases) {
      const r = await call('users.create', input);
      expect(r.body.Status.Code, JSON.stringify(input)).toBe(Codes.VALIDATION);
    }
  });

  it('updates an operator; a new password ends their sessions and needs the new one', async () => {
    const phone = '13700000010';
    await call('users.create', { phone, name: 'Omar', password: 'first-password', roles: ['GUEST'] });
    const l = await t.api.login('omar', 'first-password');

    const r = await call<Operator>('users.update', {
      phone,
      first_name: 'Omar K',
      bio: 'night shift',
      roles: ['Service', 'LORDWAR'],
      reason: 'new team',
    });
    expect(r.body.Data).toMatchObject({
      first_name: 'Omar K',
      bio: 'night shift',
      roles: ['Service', 'LORDWAR'],
    });
    // A profile change keeps the session.
    expect((await t.api.call(ENDPOINTS['auth.session'], {}, l.authToken)).body.Status.Code).toBe(Codes.OK);

    const pw = await call('users.update', { phone, password: 'second-password', reason: 'reset on request' });
    expect(pw.body.Status.Code).toBe(Codes.OK);
    expect((await t.api.call(ENDPOINTS['auth.session'], {}, l.authToken)).body.Status.Code).toBe(
      Codes.SESSION_REVOKED,
    );
    const old = await t.api.call(ENDPOINTS['auth.login'], { account: 'omar', password: 'first-password' });
    expect(old.body.Status.Code).toBe(Codes.INVALID_CREDENTIALS);
    await t.api.login('omar', 'second-password');

    const rename = await call('users.update', { phone, name: 'Nina', reason: 'clash' });
    expect(rename.body.Status.Code).toBe(Codes.CONFLICT);
    expect((await call('users.update', { phone, bio: 'x' })).body.Status.Code).toBe(Codes.VALIDATION);
    expect(
      (await call('users.update', { phone: '19999999999', bio: 'x', reason: 'nobody' })).body.Status.Code,
    ).toBe(Codes.NOT_FOUND);
  });

  it('deletes an operator (with a reason); their sessions end', async () => {
    const phone = '13700000020';
    await call('users.create', { phone, name: 'Paula', password: 'a-long-password', roles: ['GUEST'] });
    const l = await t.api.login('paula', 'a-long-password');
    expect(
      (await t.api.request('DELETE', `/api/v1/sr/admin/user/${phone}/delete`, { token })).body.Status.Code,
    ).toBe(Codes.VALIDATION);
    const r = await call('users.delete', { phone, reason: 'left the studio' });
    expect(r.body).toEqual({ Status: { Code: Codes.OK }, Data: { deleted: true } });
    expect((await t.api.call(ENDPOINTS['auth.session'], {}, l.authToken)).body.Status.Code).toBe(
      Codes.SESSION_REVOKED,
    );
    expect((await call('users.get', { phone })).body.Status.Code).toBe(Codes.NOT_FOUND);
    expect((await call('users.delete', { phone, reason: 'again' })).body.Status.Code).toBe(Codes.NOT_FOUND);
  });

  it('an operator cannot delete or disable themselves or drop their own SUPER', async () => {
    const me = '13800000001';
    const del = await call('users.delete', { phone: me, reason: 'oops' });
    expect(del.status).toBe(403);
    expect(del.body.Status.Code).toBe(Codes.FORBIDDEN);
    expect(del.body.Status.Message).toMatch(/your own account/);
    const dis = await call('users.update', { phone: me, disabled: true, reason: 'oops' });
    expect(dis.body.Status.Code).toBe(Codes.FORBIDDEN);
    expect(dis.body.Status.Message).toMatch(/disable your own/);
    const demote = await call('users.update', { phone: me, roles: ['ADMIN'], reason: 'oops' });
    expect(demote.body.Status.Code).toBe(Codes.FORBIDDEN);
    expect(demote.body.Status.Message).toMatch(/SUPER/);
    // Other changes to oneself are fine, and a password change keeps the current session.
    const ok = await call('users.update', {
      phone: me,
      roles: ['SUPER', 'ADMIN'],
      password: 'a-new-super-password',
      reason: 'self',
    });
    expect(ok.body.Status.Code).toBe(Codes.OK);
    expect((await t.api.call(ENDPOINTS['auth.session'], {}, token)).body.Status.Code).toBe(Codes.OK);
    const stillMe = await call<Operator>('users.get', { phone: me });
    expect(stillMe.body.Data.disabled).toBe(false);
  });

  it("shows an operator's audit entries, newest first", async () => {
    const r = await call<Page<AuditEntry>>('users.logs', { phone: '13800000001', pageSize: 50 });
    expect(r.body.Status.Code).toBe(Codes.OK);
    const actions = r.body.Data.items.map((e) => `${e.action}:${e.outcome}`);
    expect(actions[0]).toBe('users.update:ok');
    expect(actions).toContain('users.delete:error');
    expect(actions).toContain('users.create:ok');
    expect(actions).toContain('auth.login:ok');
    const ids = r.body.Data.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(r.body.Data.items.every((e) => e.operator === 'super')).toBe(true);
  });

  it("filters an operator's log by kind, game and time", async () => {
    const start = t.clock.now;
    const at = (sec: number) => new Date(start + sec * 1000).toISOString();
    const admin = (await t.api.login('admin')).authToken;
    const ban = (game: string, value: string) =>
      t.api.call(ENDPOINTS['blacklist.create'], { game, kind: 'ip', value, reason: 'log filters' }, admin);
    t.clock.advance(60);
    expect((await ban('ymmj', '203.0.113.60')).body.Status.Code).toBe(Codes.OK);
    t.clock.advance(60);
    expect((await ban('lw', '203.0.113.120')).body.Status.Code).toBe(Codes.OK);
    t.clock.advance(60);
    await t.api.login('admin');

    const logs = async (filters: Record<string, unknown>) => {
      const r = await call<Page<AuditEntry>>('users.logs', {
        phone: '13800000002',
        pageSize: 50,
        ...filters,
      });
      expect(r.body.Status.Code, JSON.stringify(filters)).toBe(Codes.OK);
      return r.body.Data.items.map((e) => `${e.action}${e.game ? `@${e.game}` : ''}`);
    };
    expect(await logs({ from: at(0) })).toEqual([
      'auth.login',
      'blacklist.create@lw',
      'blacklist.create@ymmj',
      'auth.login',
    ]);
    expect(await logs({ kind: 'sessions', from: at(0) })).toEqual(['auth.login', 'auth.login']);
    expect(await logs({ kind: 'actions', from: at(0) })).toEqual([
      'blacklist.create@lw',
      'blacklist.create@ymmj',
    ]);
    expect(await logs({ game: 'lw' })).toEqual(['blacklist.create@lw']);
    // from is inclusive, to exclusive.
    expect(await logs({ from: at(60), to: at(180) })).toEqual([
      'blacklist.create@lw',
      'blacklist.create@ymmj',
    ]);
    expect(await logs({ kind: 'actions', game: 'ymmj', from: at(60), to: at(61) })).toEqual([
      'blacklist.create@ymmj',
    ]);
    const page = await call<Page<AuditEntry>>('users.logs', {
      phone: '13800000002',
      kind: 'sessions',
      from: at(0),
    });
    expect(page.body.Data.total).toBe(2);

    const backwards = await call('users.logs', { phone: '13800000002', from: at(60), to: at(0) });
    expect(backwards.body.Status.Code).toBe(Codes.VALIDATION);
    expect(backwards.body.Status.Message).toMatch(/to: must be after from/);
    for (const bad of [{ kind: 'logins' }, { game: 'chess' }, { from: 'yesterday' }]) {
      expect((await call('users.logs', { phone: '13800000002', ...bad })).body.Status.Code).toBe(
        Codes.VALIDATION,
      );
    }
  });

  it("sorts an operator's log by time both ways, entries of one instant in one order across pages", async () => {
    const admin = (await t.api.login('admin')).authToken;
    // Three calls at one instant (the test clock stands still): ties on the time.
    for (const value of ['203.0.113.201', '203.0.113.202', '203.0.113.203'])
      await t.api.call(
        ENDPOINTS['blacklist.create'],
        { game: 'lw', kind: 'ip', value, reason: 'ties' },
        admin,
      );
    const ids = async (sort: Record<string, string>) => {
      const seen: number[] = [];
      for (let page = 1; ; page++) {
        const r = await call<Page<AuditEntry>>('users.logs', {
          phone: '13800000002',
          ...sort,
          page,
          pageSize: 2,
        });
        expect(r.body.Status.Code).toBe(Codes.OK);
        seen.push(...r.body.Data.items.map((e) => e.id));
        if (r.body.Data.items.length === 0 || seen.length >= r.body.Data.total) return seen;
      }
    };
    const oldest = await ids({ sort: 'at' });
    expect(new Set(oldest).size).toBe(oldest.length);
    expect(oldest.length).toBeGreaterThanOrEqual(4);
    expect(await ids({ sort: 'at', order: 'desc' })).toEqual([...oldest].reverse());
    // Unsorted it reads newest first, as sorted by time backwards.
    expect(await ids({})).toEqual([...oldest].reverse());
    const bad = await call('users.logs', { phone: '13800000002', sort: 'action' });
    expect(bad.body.Status.Code).toBe(Codes.VALIDATION);
    expect(bad.body.Status.Message).toContain('sort by one of: at');
  });
});
