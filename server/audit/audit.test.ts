import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS, ENDPOINT_IDS, isEndpointId } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { isPublicCase, type AuditCase, type PublicAuditCase } from '../../tests/support/audit-case.js';
import { featureCases } from '../../tests/support/feature-cases.js';

/**
 * Every endpoint marked `audit` leaves an entry per call: operator, action, target, reason,
 * outcome, code, before and after; failures after sign-in are recorded too.
 */

/** Every audited endpoint's case, from the features' folders (server/<feature>/audit-cases.ts). */
const ALL_CASES = await featureCases<AuditCase | PublicAuditCase>('audit-cases.ts', 'auditCases');
const CASES = Object.entries(ALL_CASES).flatMap(([id, c]) => (isPublicCase(c) ? [] : [[id, c] as const]));

/** A pay-server token for the operator of a console token (payments: server/payServer). */
async function payServerToken(t: TestBackend, consoleToken: string): Promise<string> {
  const r = await t.api.call<{ token: string }>(ENDPOINTS['payServer.signIn'], {}, consoleToken);
  if (r.body.Status.Code !== Codes.OK)
    throw new Error(`pay-server sign-in: ${JSON.stringify(r.body.Status)}`);
  return r.body.Data.token;
}

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
    expect(Object.keys(ALL_CASES).sort()).toEqual(audited.sort());
  });

  it("checks an audited public call's entries in the test its case names", () => {
    for (const c of Object.values(ALL_CASES))
      if (isPublicCase(c)) expect(existsSync(new URL(`../../${c.checkedIn}`, import.meta.url))).toBe(true);
  });

  for (const [id, c] of CASES) {
    if (!isEndpointId(id)) throw new Error(`${id} has an audit case but is no endpoint`);
    const ep = ENDPOINTS[id];
    it(`${id} records successes and failures`, async () => {
      const action = id;
      const ok = await c.ok(t, token);
      // The payment service takes the pay-server token of the operator, not the console's.
      const payment = ep.service === 'payment';
      const bearer = payment ? await payServerToken(t, token) : token;
      const okReply = await t.api.call(ep, ok.input, bearer);
      expect(okReply.body.Status.Code).toBe(Codes.OK);
      const err = await c.error(t, token);
      const errReply = await t.api.call(ep, err.input, bearer);
      expect(errReply.body.Status.Code).toBe(err.code);
      // Denied by role: still recorded, with who tried (no role is denied what every operator may do).
      // A guest gets no pay-server token, so a payment call is refused before anyone is known.
      const deniable = ep.access.kind !== 'signedIn' && !payment;
      const guest = (await t.api.login('guest')).authToken;
      if (deniable) expect((await t.api.call(ep, ok.input, guest)).body.Status.Code).toBe(Codes.FORBIDDEN);
      if (payment)
        expect((await t.api.call(ep, ok.input, guest)).body.Status.Code).toBe(Codes.PAY_SERVER_SIGN_IN);
      // Not signed in: nobody to record.
      expect((await t.api.call(ep, ok.input)).body.Status.Code).toBe(Codes.UNAUTHENTICATED);

      const rows = await entries(action);
      const mine = rows.filter((r) => r.at.getTime() === t.clock.now);
      expect(mine.map((r) => [r.operator, r.outcome, r.code])).toEqual([
        ['super', 'ok', Codes.OK],
        ['super', 'error', err.code],
        ...(deniable ? [['guest', 'error', Codes.FORBIDDEN]] : []),
      ]);
      const success = mine[0];
      expect(success).toMatchObject({
        target: ok.target,
        reason: ok.reason,
        game: ok.game ?? null,
        client_ip: '127.0.0.1',
      });
      c.check(success?.before ?? null, success?.after ?? null);
      t.clock.advance(1);
    });
  }
});
