import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckSpec } from '../../shared/api/serverWatch.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds, startTestBackend } from '../../tests/support/backends.js';
import { insertTestBatch, signedRedeemInput } from '../giftCodes/test-kit.js';
import { PayKit } from '../payments/test-kit.js';
import { playerIdOf } from '../seed/players.js';
import { runCheck } from '../serverWatch/checks.js';
import { StatusStub } from '../serverWatch/test-kit.js';

/**
 * What the features count in /metrics (issue 21), done through the API and read back from
 * GET /metrics as Prometheus scrapes it: server-watch checks by outcome, payment notices by
 * provider and outcome, gift-code redemptions by outcome.
 */

/** A host whose check the checker itself fails on (as a crashed resolver would): the `error` outcome. */
const FAULTY_HOST = 'checker-fault.invalid';
const faultyChecker = (spec: CheckSpec, timeoutMs: number) =>
  spec.kind === 'tcp' && spec.host === FAULTY_HOST
    ? Promise.reject(new Error('the resolver crashed'))
    : runCheck(spec, timeoutMs);

/** The value of one series, whatever the order of its labels; 0 when it has none yet. */
function valueOf(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w)) && have.length === wanted.length) return Number(m[3]);
  }
  return 0;
}

describe.each(backendKinds())('what /metrics counts on %s', (kind) => {
  const pay = new PayKit();
  const stubs: StatusStub[] = [];
  beforeAll(async () => {
    pay.t = await startTestBackend(kind, {
      secretsKey: pay.secrets,
      serverWatch: { tickMs: 0, demo: false, spreadStart: false, check: faultyChecker },
    });
    await pay.signIn();
  });
  afterAll(async () => {
    await pay.close();
    await Promise.all(stubs.map((s) => s.server.stop()));
  });

  const metrics = async () => {
    const res = await fetch(`${pay.t.backend.url}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  it('counts server-watch checks by outcome: up, down, and error when the check could not be made', async () => {
    const up = new StatusStub('ymmj', pay.t.clock.fn, 10, 0);
    const gone = new StatusStub('ymmj', pay.t.clock.fn, 10, 0);
    stubs.push(up, gone);
    await up.server.start(0);
    await gone.server.start(0);
    const goneUrl = gone.server.statusUrl;
    await gone.server.stop();
    const watch = (name: string, check: Record<string, unknown>) =>
      pay.ok('serverWatch.save', { name, game: 'ymmj', check, intervalSec: 10, failuresToDown: 3 });
    await watch('answers', { kind: 'gameStatus', url: up.server.statusUrl });
    await watch('stopped', { kind: 'gameStatus', url: goneUrl });
    await watch('faulty', { kind: 'tcp', host: FAULTY_HOST, port: 7000 });

    const engine = pay.t.backend.serverWatch?.engine;
    if (!engine) throw new Error('this backend does not run the watch engine');
    await engine.runDue();
    pay.t.clock.advance(10);
    await engine.runDue();

    const text = await metrics();
    const name = 'gameops_server_watch_checks_total';
    expect(valueOf(text, name, { outcome: 'up' })).toBe(2);
    expect(valueOf(text, name, { outcome: 'down' })).toBe(2);
    expect(valueOf(text, name, { outcome: 'error' })).toBe(2);
  });

  it('counts payment notices by provider and outcome: credited, duplicate, refused', async () => {
    const o = await pay.payingOrder('paypal');
    const notice = await pay.signed('paypal', o);
    expect((await pay.post('paypal', notice)).status).toBe(200);
    expect((await pay.post('paypal', notice)).status).toBe(200);
    const stale = await pay.signed('paypal', o, { at: new Date(pay.t.clock.now - 11 * 60_000) });
    expect((await pay.post('paypal', stale)).status).toBe(400);

    const text = await metrics();
    const name = 'gameops_payment_notices_total';
    expect(valueOf(text, name, { provider: 'paypal', outcome: 'credited' })).toBe(1);
    expect(valueOf(text, name, { provider: 'paypal', outcome: 'duplicate' })).toBe(1);
    expect(valueOf(text, name, { provider: 'paypal', outcome: 'refused' })).toBe(1);
    expect(valueOf(text, name, { provider: 'alipay', outcome: 'credited' })).toBe(0);
  });

  it("counts a game server's redemptions by outcome", async () => {
    if (!pay.secrets.available) throw new Error('the kit has a secrets key');
    const key = pay.secrets.key;
    const now = new Date(pay.t.clock.now);
    const { codes } = await insertTestBatch(pay.t.backend.database.db, 'ymmj', 'activeCode', { now });
    const code = codes[0] ?? '';
    const redeem = (c: string, player: number, secretsKey = key) =>
      pay.t.api.call(
        ENDPOINTS['giftCodes.redeem'],
        signedRedeemInput('ymmj', c, playerIdOf('ymmj', player), pay.t.clock.now, { secretsKey }),
      );
    expect((await redeem(code, 1)).body.Status.Code).toBe(Codes.OK);
    expect((await redeem(code, 2)).body.Status.Code).toBe(Codes.CONFLICT);
    expect((await redeem('NOSUCHCODE1', 3)).body.Status.Code).toBe(Codes.NOT_FOUND);
    expect((await redeem(code, 4, randomBytes(32))).body.Status.Code).toBe(Codes.UNAUTHENTICATED);

    const text = await metrics();
    const name = 'gameops_gift_code_redemptions_total';
    expect(valueOf(text, name, { outcome: 'redeemed' })).toBe(1);
    expect(valueOf(text, name, { outcome: 'usedUp' })).toBe(1);
    expect(valueOf(text, name, { outcome: 'unknownCode' })).toBe(1);
    expect(valueOf(text, name, { outcome: 'unproven' })).toBe(1);
  });
});
