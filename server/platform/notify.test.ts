import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { postgresUrl } from '../../tests/support/backends.js';
import {
  BUS_APPLICATION_NAME,
  postgresBus,
  processBus,
  type BusSubscriber,
  type NotifyBus,
} from './notify.js';

/** What a subscriber heard, and a way to wait for the next of it. */
function listener() {
  const messages: string[] = [];
  let missed = 0;
  let wake: (() => void) | null = null;
  const subscriber: BusSubscriber = {
    message: (p) => {
      messages.push(p);
      wake?.();
    },
    missed: () => {
      missed += 1;
      wake?.();
    },
  };
  /** Resolves once `done()` holds, or fails after `ms`. */
  const until = async (done: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!done()) {
      const left = end - Date.now();
      if (left <= 0) throw new Error(`not heard within ${ms} ms: ${JSON.stringify({ messages, missed })}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, Math.min(left, 50));
      });
    }
  };
  return {
    subscriber,
    messages,
    get missed() {
      return missed;
    },
    until,
  };
}

describe('the in-process bus (embedded database)', () => {
  it('delivers to every subscriber of the channel, not to others, and stops after unsubscribe', async () => {
    const bus = processBus();
    const db = (await openDatabase()).db;
    const a = listener();
    const b = listener();
    const other = listener();
    const stopA = bus.subscribe('chan_a', a.subscriber);
    bus.subscribe('chan_a', b.subscriber);
    bus.subscribe('chan_b', other.subscriber);
    await bus.publish(db, 'chan_a', 'one');
    await b.until(() => b.messages.length === 1);
    expect(a.messages).toEqual(['one']);
    stopA();
    await bus.publish(db, 'chan_a', 'two');
    await b.until(() => b.messages.length === 2);
    expect(a.messages).toEqual(['one']);
    expect(other.messages).toEqual([]);
    expect(bus.listening).toBe(true);
    await bus.close();
    await db.destroy();
  });

  it('refuses a channel name PostgreSQL would not take, and an over-long message', async () => {
    const bus = processBus();
    expect(() => bus.subscribe('Bad name; drop', listener().subscriber)).toThrow(/not a bus channel/);
    const db = (await openDatabase()).db;
    await expect(bus.publish(db, 'chan', 'x'.repeat(5000))).rejects.toThrow(/over 4000 bytes/);
    await db.destroy();
  });
});

describe.skipIf(!postgresUrl())('the PostgreSQL bus', () => {
  let dbName: string;
  let url: string;
  let database: OpenedDatabase;
  const buses: NotifyBus[] = [];
  const open = async (opts: { aliveEveryMs?: number } = {}) => {
    const bus = await postgresBus({ url, retryMs: 50, maxRetryMs: 200, ...opts });
    buses.push(bus);
    return bus;
  };

  /** Ends every bus's listening connection on the test's database (the others connect again too). */
  const killListeners = () =>
    sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${BUS_APPLICATION_NAME} and datname = current_database()`.execute(database.db);

  /** A statement on the cluster's own database (a database cannot refuse connections to itself). */
  const asAdmin = async (text: string) => {
    const c = new pg.Client({ connectionString: postgresUrl() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    dbName = `t_${randomBytes(6).toString('hex')}`;
    url = await createDatabase(postgresUrl(), dbName);
    database = await openDatabase({ databaseUrl: url });
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    await database?.close();
    await dropDatabase(postgresUrl(), dbName);
  });

  it('reaches every process listening, the publisher too, and only once a transaction commits', async () => {
    const one = await open();
    const two = await open();
    const heard1 = listener();
    const heard2 = listener();
    one.subscribe('gameops_test', heard1.subscriber);
    two.subscribe('gameops_test', heard2.subscriber);
    // The LISTEN is in place once the subscriber is told it may have missed something.
    await heard1.until(() => heard1.missed > 0);
    await heard2.until(() => heard2.missed > 0);

    await database.db
      .transaction()
      .execute(async (trx) => {
        await one.publish(trx, 'gameops_test', 'rolled back');
        throw new Error('undo');
      })
      .catch(() => undefined);
    let seenInside: string[] = [];
    await database.db.transaction().execute(async (trx) => {
      await one.publish(trx, 'gameops_test', 'committed');
      // Held open a moment: nothing may arrive before the commit.
      await new Promise((r) => setTimeout(r, 100));
      seenInside = [...heard1.messages, ...heard2.messages];
    });
    await heard1.until(() => heard1.messages.length > 0);
    await heard2.until(() => heard2.messages.length > 0);
    expect(seenInside).toEqual([]);
    expect(heard1.messages).toEqual(['committed']);
    expect(heard2.messages).toEqual(['committed']);
  });

  it('connects again after its connection is killed, telling subscribers they may have missed messages', async () => {
    const bus = await open({ aliveEveryMs: 100 });
    const heard = listener();
    bus.subscribe('gameops_again', heard.subscriber);
    await heard.until(() => heard.missed > 0);
    const before = heard.missed;
    await killListeners();
    // Told at the drop, and again once it listens anew.
    await heard.until(() => heard.missed >= before + 2 && bus.listening);
    await bus.publish(database.db, 'gameops_again', 'after');
    await heard.until(() => heard.messages.includes('after'));
  });

  it('is deaf and says so while PostgreSQL refuses it, and hears again once it may connect', async () => {
    const bus = await open({ aliveEveryMs: 100 });
    const heard = listener();
    bus.subscribe('gameops_deaf', heard.subscriber);
    await heard.until(() => heard.missed > 0);
    await asAdmin(`alter database "${dbName}" with allow_connections false`);
    try {
      await killListeners();
      await heard.until(() => !bus.listening);
      // Refused for a while: it keeps trying, with its back-off, and stays deaf meanwhile.
      await new Promise((r) => setTimeout(r, 300));
      expect(bus.listening).toBe(false);
    } finally {
      await asAdmin(`alter database "${dbName}" with allow_connections true`);
    }
    await heard.until(() => bus.listening);
    await bus.publish(database.db, 'gameops_deaf', 'back');
    await heard.until(() => heard.messages.includes('back'));
  });
});
