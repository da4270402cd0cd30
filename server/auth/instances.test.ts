import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { startBackend, type RunningBackend } from '../backend.js';
import { BUS_APPLICATION_NAME, notifyBusOf } from '../platform/notify.js';
import { SESSIONS_CHANNEL } from './sessions.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { ApiClient, TEST_SCRYPT, postgresUrl } from '../../tests/support/backends.js';

/**
 * Sessions with two backends on one PostgreSQL: each remembers the sessions it has checked (no
 * query per request), and a change made on one (sign-out, disable, roles, delete) is refused or
 * seen on the other at once. "At once" is bounded here: the other backend must refuse within
 * REFUSED_WITHIN_MS of the first one's answer (the change's NOTIFY, sent on its commit, is on its
 * way; docs/decisions.md, "Many instances, one database", says why that window is acceptable).
 */
const REFUSED_WITHIN_MS = 1000;

describe.skipIf(!postgresUrl())('sessions with two backends on PostgreSQL', () => {
  let dbName: string;
  let a: RunningBackend;
  let b: RunningBackend;
  let apiA: ApiClient;
  let apiB: ApiClient;
  let superToken: string;

  beforeAll(async () => {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const url = await createDatabase(postgresUrl(), dbName);
    const start = (demo: boolean) =>
      startBackend({
        databaseUrl: url,
        demo,
        seedPlayers: 0,
        auth: { scrypt: TEST_SCRYPT },
        serverWatch: false,
        redelivery: false,
      });
    a = await start(true);
    b = await start(false);
    apiA = new ApiClient(a.url);
    apiB = new ApiClient(b.url);
    superToken = (await apiA.login('super')).authToken;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await dropDatabase(postgresUrl(), dbName);
  });

  const sessionOn = (api: ApiClient, token: string) =>
    api.call<{ name: string; role: string[] }>(ENDPOINTS['auth.session'], {}, token);

  /** Asks `api` until `done` holds of its answer; fails after REFUSED_WITHIN_MS. */
  const within = async (
    ask: () => ReturnType<typeof sessionOn>,
    done: (code: number, roles?: string[]) => boolean,
  ) => {
    const end = Date.now() + REFUSED_WITHIN_MS;
    for (;;) {
      const res = await ask();
      if (done(res.body.Status.Code, res.body.Data?.role)) return res;
      if (Date.now() > end)
        throw new Error(`still ${JSON.stringify(res.body)} after ${REFUSED_WITHIN_MS} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('serves a checked session from memory: a change made behind the bus is not read until announced', async () => {
    const token = (await apiA.login('lordwar')).authToken;
    expect((await sessionOn(apiB, token)).body.Status.Code).toBe(Codes.OK);
    // Revoked in the database without a word on the bus: B, which remembers, still serves it...
    await sql`update sessions set revoked_at = now() where operator_id =
      (select id from operators where name = 'lordwar')`.execute(a.database.db);
    expect((await sessionOn(apiB, token)).body.Status.Code).toBe(Codes.OK);
    // ...until an instance announces the change, as every writer does.
    const id = await sql<{ id: number }>`select id from operators where name = 'lordwar'`.execute(
      a.database.db,
    );
    await notifyBusOf(a.database.db).publish(a.database.db, SESSIONS_CHANNEL, String(id.rows[0]?.id));
    await within(
      () => sessionOn(apiB, token),
      (code) => code === Codes.SESSION_REVOKED,
    );
  });

  it('refuses on B a session signed out on A', async () => {
    const login = await apiA.login('admin');
    expect((await sessionOn(apiB, login.authToken)).body.Status.Code).toBe(Codes.OK);
    const out = await apiA.call<{ loggedOut: boolean }>(ENDPOINTS['auth.logout'], {
      refreshToken: login.refreshToken,
    });
    expect(out.body.Data.loggedOut).toBe(true);
    // On A itself, the very next request.
    expect((await sessionOn(apiA, login.authToken)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
    await within(
      () => sessionOn(apiB, login.authToken),
      (code) => code === Codes.SESSION_REVOKED,
    );
  });

  it('refuses on B an operator disabled on A, and shows B a role change made on A', async () => {
    const service = (await apiA.login('service')).authToken;
    const developer = (await apiA.login('developer')).authToken;
    expect((await sessionOn(apiB, service)).body.Status.Code).toBe(Codes.OK);
    expect((await sessionOn(apiB, developer)).body.Data.role).toEqual(['Developer']);

    const disabled = await apiA.call(
      ENDPOINTS['users.update'],
      { phone: '13800000003', disabled: true, reason: 'left the team' },
      superToken,
    );
    expect(disabled.body.Status.Code).toBe(Codes.OK);
    expect((await sessionOn(apiA, service)).body.Status.Code).not.toBe(Codes.OK);
    await within(
      () => sessionOn(apiB, service),
      (code) => code !== Codes.OK,
    );

    const changed = await apiA.call(
      ENDPOINTS['users.update'],
      { phone: '13800000009', roles: ['GUEST'], reason: 'moved to support' },
      superToken,
    );
    expect(changed.body.Status.Code).toBe(Codes.OK);
    await within(
      () => sessionOn(apiB, developer),
      (code, roles) => code === Codes.OK && roles?.join() === 'GUEST',
    );
  });

  it('refuses on B an operator deleted on A', async () => {
    const guest = (await apiA.login('guest')).authToken;
    expect((await sessionOn(apiB, guest)).body.Status.Code).toBe(Codes.OK);
    const deleted = await apiA.call(
      ENDPOINTS['users.delete'],
      { phone: '13800000004', reason: 'account closed' },
      superToken,
    );
    expect(deleted.body.Status.Code).toBe(Codes.OK);
    await within(
      () => sessionOn(apiB, guest),
      (code) => code === Codes.SESSION_REVOKED,
    );
  });

  it('reads every session while its bus is deaf, and remembers again once it listens', async () => {
    const token = (await apiA.login('partygame')).authToken;
    expect((await sessionOn(apiB, token)).body.Status.Code).toBe(Codes.OK);
    const busB = notifyBusOf(b.database.db);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${BUS_APPLICATION_NAME} and datname = current_database()`.execute(
      a.database.db,
    );
    const deafBy = Date.now() + 5000;
    while (busB.listening && Date.now() < deafBy) await new Promise((r) => setTimeout(r, 5));
    // Deaf or listening anew (having dropped its memory), B reads the change it was not told of.
    await sql`update sessions set revoked_at = now() where operator_id =
      (select id from operators where name = 'partygame')`.execute(a.database.db);
    expect((await sessionOn(apiB, token)).body.Status.Code).toBe(Codes.SESSION_REVOKED);
    const backBy = Date.now() + 5000;
    while (!busB.listening && Date.now() < backBy) await new Promise((r) => setTimeout(r, 20));
    expect(busB.listening).toBe(true);
  });
});
