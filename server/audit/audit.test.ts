import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, ENDPOINT_IDS, type EndpointId } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * Every endpoint marked `audit` leaves an entry per call: operator, action, target, reason,
 * outcome, code, before and after; failures after sign-in are recorded too.
 */

interface Case {
  /** Prepares and returns a valid input; `error` returns one that fails after sign-in. */
  ok(
    t: TestBackend,
    token: string,
  ): Promise<{ input: Record<string, unknown>; target: string; reason: string | null }>;
  error(t: TestBackend, token: string): Promise<{ input: Record<string, unknown>; code: number }>;
  /** What must hold of before/after on success. */
  check(before: unknown, after: unknown): void;
}

const pw = 'a-long-password';

async function createTarget(t: TestBackend, token: string, phone: string, name: string): Promise<void> {
  const r = await t.api.call(
    ENDPOINTS['users.create'],
    { phone, name, password: pw, roles: ['GUEST'] },
    token,
  );
  if (r.body.Status.Code !== 1) throw new Error(JSON.stringify(r.body.Status));
}

const CASES: Partial<Record<EndpointId, Case>> = {
  'users.create': {
    ok: async () => ({
      input: {
        phone: '13600000001',
        name: 'audited-create',
        password: pw,
        roles: ['GUEST'],
        reason: 'new hire',
      },
      target: '13600000001',
      reason: 'new hire',
    }),
    error: async () => ({
      input: { phone: '13600000001', name: 'audited-dup', password: pw, roles: ['GUEST'] },
      code: Codes.CONFLICT,
    }),
    check: (before, after) => {
      expect(before).toBeNull();
      expect(after).toMatchObject({ phone: '13600000001', name: 'audited-create', roles: ['GUEST'] });
      expect(JSON.stringify(after)).not.toMatch(/scrypt/);
    },
  },
  'users.update': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000002', 'audited-update');
      return {
        input: {
          phone: '13600000002',
          bio: 'after',
          password: 'another-long-password',
          reason: 'profile fix',
        },
        target: '13600000002',
        reason: 'profile fix',
      };
    },
    error: async () => ({
      input: { phone: '13600009999', bio: 'x', reason: 'no such person' },
      code: Codes.NOT_FOUND,
    }),
    check: (before, after) => {
      expect(before).toMatchObject({ bio: '' });
      expect(after).toMatchObject({ bio: 'after', passwordChanged: true });
      expect(JSON.stringify(after)).not.toMatch(/scrypt|another-long-password/);
    },
  },
  'users.delete': {
    ok: async (t, token) => {
      await createTarget(t, token, '13600000003', 'audited-delete');
      return { input: { phone: '13600000003', reason: 'left' }, target: '13600000003', reason: 'left' };
    },
    error: async () => ({ input: { phone: '13800000001', reason: 'myself' }, code: Codes.FORBIDDEN }),
    check: (before, after) => {
      expect(before).toMatchObject({ phone: '13600000003', name: 'audited-delete' });
      expect(after).toBeNull();
    },
  },
};

describe.each(backendKinds())('audit log on %s', (kind) => {
  let t: TestBackend;
  let token: string;

  beforeAll(async () => {
    t = await startTestBackend(kind);
    token = (await t.api.login('super')).authToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const entries = (action: string) =>
    t.backend.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('has a case for every audited endpoint', () => {
    const audited = ENDPOINT_IDS.filter((id) => ENDPOINTS[id].audit);
    expect(Object.keys(CASES).sort()).toEqual(audited.sort());
  });

  for (const [id, c] of Object.entries(CASES) as [EndpointId, Case][]) {
    const ep = ENDPOINTS[id];
    it(`${id} records successes and failures`, async () => {
      const action = ep.audit ?? '';
      const ok = await c.ok(t, token);
      const okReply = await t.api.call(ep, ok.input, token);
      expect(okReply.body.Status.Code).toBe(Codes.OK);
      const err = await c.error(t, token);
      const errReply = await t.api.call(ep, err.input, token);
      expect(errReply.body.Status.Code).toBe(err.code);
      // Denied by role: still recorded, with who tried.
      const guest = (await t.api.login('guest')).authToken;
      expect((await t.api.call(ep, ok.input, guest)).body.Status.Code).toBe(Codes.FORBIDDEN);
      // Not signed in: nobody to record.
      expect((await t.api.call(ep, ok.input)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);

      const rows = await entries(action);
      const mine = rows.filter((r) => r.at.getTime() === t.clock.now);
      expect(mine.map((r) => [r.operator, r.outcome, r.code])).toEqual([
        ['super', 'ok', Codes.OK],
        ['super', 'error', err.code],
        ['guest', 'error', Codes.FORBIDDEN],
      ]);
      const success = mine[0];
      expect(success).toMatchObject({
        target: ok.target,
        reason: ok.reason,
        game: null,
        client_ip: '127.0.0.1',
      });
      c.check(success?.before ?? null, success?.after ?? null);
      t.clock.advance(1);
    });
  }
});
