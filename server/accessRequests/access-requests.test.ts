import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { ACCESS_REQUEST_LIMIT, type AccessRequest } from '../../shared/api/accessRequests.js';
import type { Operator } from '../../shared/api/users.js';
import type { Page } from '../db/paging.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { insertAccessRequest } from './test-kit.js';

/**
 * Access requests: a newcomer's public submission and its refusals, and a super-admin's list,
 * approval (after which the newcomer signs in with the password they chose) and decline.
 */

describe.each(backendKinds())('access requests on %s', (kind) => {
  let t: TestBackend;
  let superToken: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    superToken = (await t.api.login('super')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = <T = unknown>(id: keyof typeof ENDPOINTS, input: Record<string, unknown>, tok?: string) =>
    t.api.call<T>(ENDPOINTS[id], input, tok);
  const submit = (input: Record<string, unknown>, lang?: string) => {
    const ep = ENDPOINTS['accessRequests.submit'];
    return lang
      ? t.api.request<{ id: number }>('POST', '/api/v1/sr/admin/access-requests', {
          json: input,
          headers: { 'accept-language': lang },
        })
      : t.api.call<{ id: number; status: string; createdAt: string }>(ep, input);
  };
  const newcomer = {
    name: 'lin-wei',
    phone: '+8613911110001',
    games: ['ymmj', 'lw'],
    why: 'I join the Secret Realm events team on Monday',
    password: 'my-own-password-1',
  };
  const requestRow = (phone: string) =>
    t.backend.database.db
      .selectFrom('access_requests')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();

  it('takes a request without sign-in and keeps only the hash of the chosen password', async () => {
    const r = await submit(newcomer);
    expect(r.body.Status.Code).toBe(Codes.OK);
    expect(r.body.Data).toMatchObject({ status: 'open', createdAt: new Date(t.clock.now).toISOString() });
    const row = await requestRow(newcomer.phone);
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(newcomer.password);
    expect(row.games).toEqual(['ymmj', 'lw']);
  });

  it('records submissions in the audit log as not signed in, under the phone, without the password', async () => {
    const entries = await t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'accessRequests.submit')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.operator_id, e.target, e.outcome, e.code])).toEqual([
      [null, newcomer.phone, 'ok', Codes.OK],
    ]);
    expect(entries[0]?.operator).toMatch(/not signed in/);
    expect(entries[0]?.before).toBeNull();
    expect(entries[0]?.after).toMatchObject({ name: 'lin-wei', phone: newcomer.phone, status: 'open' });
    expect(JSON.stringify(entries[0]?.after)).not.toMatch(/scrypt|my-own-password/);
    // A refused one is recorded too.
    await submit({ ...newcomer, name: 'lin-wei-2' });
    const refused = await t.backend.database.db
      .selectFrom('audit_log')
      .select(['outcome', 'code'])
      .where('action', '=', 'accessRequests.submit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ outcome: 'error', code: Codes.CONFLICT });
  });

  it('refuses a second open request for the phone, and a phone or name that is an operator’s', async () => {
    const again = await submit({ ...newcomer, name: 'lin-wei-2' });
    expect(again.body.Status.Code).toBe(Codes.CONFLICT);
    expect(again.body.Status.Message).toMatch(/already has a request waiting/);
    const zh = await submit({ ...newcomer, name: 'lin-wei-2' }, 'zh-CN');
    expect(zh.body.Status.Message).toMatch(/已有一个待审核的申请/);

    // 13800000004 is the demo operator "guest".
    const operatorPhone = await submit({ ...newcomer, phone: '13800000004', name: 'someone-new' });
    expect(operatorPhone.body.Status.Code).toBe(Codes.CONFLICT);
    expect(operatorPhone.body.Status.Message).toMatch(/already belongs to an operator: sign in instead/);
    const operatorName = await submit({ ...newcomer, phone: '13911110009', name: 'GUEST' });
    expect(operatorName.body.Status.Code).toBe(Codes.CONFLICT);
    expect(operatorName.body.Status.Message).toMatch(/The name GUEST is already an operator's/);
    // Another open request's name: approving both could not make two operators of one name.
    const sameName = await submit({ ...newcomer, phone: '13911110008', name: 'LIN-WEI' });
    expect(sameName.body.Status.Code).toBe(Codes.CONFLICT);
    expect(sameName.body.Status.Message).toMatch(/Someone else has asked for the name LIN-WEI/);
  });

  it('checks the fields, in both languages', async () => {
    const bad = await submit({ ...newcomer, phone: '12ab', games: [], why: 'x', password: 'short' });
    expect(bad.body.Status.Code).toBe(Codes.VALIDATION);
    for (const f of ['games', 'password', 'phone', 'why']) expect(bad.body.Status.Message).toContain(f);
    const phoneName = await submit({ ...newcomer, phone: '13911110007', name: '13911110007' }, 'zh-CN');
    expect(phoneName.body.Status.Code).toBe(Codes.VALIDATION);
    expect(phoneName.body.Status.Message).toMatch(/名称不能像手机号/);
    const unknownGame = await submit({ ...newcomer, phone: '13911110006', name: 'x-game', games: ['chess'] });
    expect(unknownGame.body.Status.Code).toBe(Codes.VALIDATION);
  });

  it('limits how many requests one address sends within the hour', async () => {
    const db = t.backend.database.db;
    const before = await db
      .selectFrom('access_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('client_ip', '=', '127.0.0.1')
      .executeTakeFirstOrThrow();
    const fill = ACCESS_REQUEST_LIMIT.perAddress - Number(before.n);
    // Earlier requests of this address, straight into the table, decided so they block no phone.
    for (let i = 0; i < fill; i++) {
      await db
        .insertInto('access_requests')
        .values({
          name: `flood-${i}`,
          phone: `1399000${String(i).padStart(4, '0')}`,
          games: ['ymmj'],
          why: 'flood',
          password_hash: 'scrypt$1$1$1$x$y',
          status: 'declined',
          client_ip: '127.0.0.1',
          created_at: new Date(t.clock.now - 60_000),
        })
        .execute();
    }
    const limited = await submit({ ...newcomer, phone: '13911110005', name: 'limited' });
    expect(limited.body.Status.Code).toBe(Codes.RATE_LIMITED);
    expect(limited.body.Status.Message).toMatch(/Too many access requests from this address/);
    // An hour later the window has moved on.
    t.clock.advance(ACCESS_REQUEST_LIMIT.windowSec);
    superToken = (await t.api.login('super')).authToken;
    const later = await submit({ ...newcomer, phone: '13911110005', name: 'limited' });
    expect(later.body.Status.Code).toBe(Codes.OK);
  });

  it('lists requests for a super-admin only, newest first, filtered by status and paged', async () => {
    const open = await call<Page<AccessRequest>>('accessRequests.list', { status: 'open' }, superToken);
    expect(open.body.Status.Code).toBe(Codes.OK);
    expect(open.body.Data.items.map((r) => r.name)).toEqual(['limited', 'lin-wei']);
    expect(open.body.Data.items[1]).toMatchObject({
      phone: newcomer.phone,
      games: ['ymmj', 'lw'],
      why: newcomer.why,
      status: 'open',
      decidedAt: null,
      roles: null,
    });
    expect(JSON.stringify(open.body.Data)).not.toMatch(/scrypt|password/);
    const all = await call<Page<AccessRequest>>('accessRequests.list', { status: 'all' }, superToken);
    expect(new Set(all.body.Data.items.map((r) => r.status))).toEqual(new Set(['open', 'declined']));
    const bad = await call('accessRequests.list', { status: 'maybe' }, superToken);
    expect(bad.body.Status.Code).toBe(Codes.VALIDATION);
    const paged = await call<Page<AccessRequest>>(
      'accessRequests.list',
      { page: 2, pageSize: 1 },
      superToken,
    );
    expect(paged.body.Data.total).toBeGreaterThan(2);
    expect(paged.body.Data.items).toHaveLength(1);

    const admin = (await t.api.login('admin')).authToken;
    expect((await call('accessRequests.list', {}, admin)).body.Status.Code).toBe(Codes.FORBIDDEN);
    expect((await call('accessRequests.list', {})).body.Status.Code).toBe(Codes.UNAUTHENTICATED);
  });

  it('approves with roles: the newcomer signs in with the password they chose', async () => {
    const row = await requestRow(newcomer.phone);
    const admin = (await t.api.login('admin')).authToken;
    const refused = await call('accessRequests.approve', { id: row.id, roles: ['SUPER'] }, admin);
    expect(refused.body.Status.Code).toBe(Codes.FORBIDDEN);

    const r = await call<{ request: AccessRequest; operator: Operator }>(
      'accessRequests.approve',
      { id: row.id, roles: ['ADMIN', 'YMMJ', 'LORDWAR', 'ADMIN'] },
      superToken,
    );
    expect(r.body.Status.Code).toBe(Codes.OK);
    expect(r.body.Data.request).toMatchObject({
      status: 'approved',
      decidedBy: 'super',
      roles: ['ADMIN', 'YMMJ', 'LORDWAR'],
    });
    expect(r.body.Data.operator).toMatchObject({
      phone: newcomer.phone,
      name: 'lin-wei',
      roles: ['ADMIN', 'YMMJ', 'LORDWAR'],
      disabled: false,
    });
    const login = await t.api.login(newcomer.phone, newcomer.password);
    expect(login.user).toMatchObject({ name: 'lin-wei', role: ['ADMIN', 'YMMJ', 'LORDWAR'] });
    await expect(t.api.login('lin-wei', 'a-wrong-password')).rejects.toThrow(/failed/);

    const twice = await call('accessRequests.approve', { id: row.id, roles: ['GUEST'] }, superToken);
    expect(twice.body.Status.Code).toBe(Codes.CONFLICT);
    expect(twice.body.Status.Message).toMatch(/already approved by super/);
    // The phone is an operator's now, so a new request for it says so.
    const after = await submit({ ...newcomer, name: 'lin-wei-again' });
    expect(after.body.Status.Message).toMatch(/already belongs to an operator/);
  });

  it('refuses approval when the phone became an operator’s meanwhile', async () => {
    const id = await insertAccessRequest(t.backend.database.db, {
      phone: '13911110004',
      name: 'raced',
      at: new Date(t.clock.now),
    });
    const made = await call(
      'users.create',
      { phone: '13911110004', name: 'raced-by-hand', password: 'a-long-password', roles: ['GUEST'] },
      superToken,
    );
    expect(made.body.Status.Code).toBe(Codes.OK);
    const r = await call('accessRequests.approve', { id, roles: ['GUEST'] }, superToken);
    expect(r.body.Status.Code).toBe(Codes.CONFLICT);
    // Nothing changed: the request is still open, to be declined.
    expect(
      (
        await t.backend.database.db
          .selectFrom('access_requests')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('open');
  });

  it('declines with a reason, which the list shows; a decided request stays decided', async () => {
    const db = t.backend.database.db;
    const id = await insertAccessRequest(db, {
      phone: '13911110003',
      name: 'not-hired',
      at: new Date(t.clock.now),
    });
    const noReason = await call('accessRequests.decline', { id, reason: ' ' }, superToken);
    expect(noReason.body.Status.Code).toBe(Codes.VALIDATION);
    const r = await call<AccessRequest>(
      'accessRequests.decline',
      { id, reason: 'not on the team' },
      superToken,
    );
    expect(r.body.Status.Code).toBe(Codes.OK);
    expect(r.body.Data).toMatchObject({
      status: 'declined',
      declineReason: 'not on the team',
      decidedBy: 'super',
    });
    const declined = await call<Page<AccessRequest>>(
      'accessRequests.list',
      { status: 'declined' },
      superToken,
    );
    expect(declined.body.Data.items.find((x) => x.id === id)).toMatchObject({
      declineReason: 'not on the team',
    });

    const approve = await call('accessRequests.approve', { id, roles: ['GUEST'] }, superToken);
    expect(approve.body.Status.Code).toBe(Codes.CONFLICT);
    expect(approve.body.Status.Message).toMatch(/already declined by super/);
    // No operator was made for it; the phone may ask again.
    expect(
      await db.selectFrom('operators').select('id').where('phone', '=', '13911110003').executeTakeFirst(),
    ).toBeUndefined();
    const again = await submit({ ...newcomer, phone: '13911110003', name: 'not-hired' });
    expect(again.body.Status.Code).toBe(Codes.OK);

    const missing = await call('accessRequests.decline', { id: 999999, reason: 'nobody' }, superToken);
    expect(missing.body.Status.Code).toBe(Codes.NOT_FOUND);
    const zh = await t.api.request('POST', '/api/v1/sr/admin/access-requests/999999/decline', {
      json: { reason: 'nobody' },
      token: superToken,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.Status.Message).toMatch(/没有编号为 999999 的访问申请/);
  });
});
