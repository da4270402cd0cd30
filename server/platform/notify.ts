import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.js';

/**
 * A small notification bus between the backends that serve one database (issue 21, "Many
 * instances, one database"): what one instance changes and the others remember (sessions) or wait
 * for (the alert stream's long-polls) is announced on a channel, and every instance, the
 * announcing one too, hears it.
 *
 * On PostgreSQL a message is a `pg_notify` in the writer's statement or transaction, so it goes out
 * only if and when the change commits; each process keeps one dedicated connection that LISTENs.
 * That connection may drop: subscribers are then told they may have missed messages (at the drop,
 * and again once it listens anew), and it comes back with a back-off. On the embedded database
 * there is one process: the bus is an in-process emitter, and a message sent inside a transaction
 * arrives before its commit, which is harmless there because every read waits for the one
 * connection the transaction holds (server/db/pglite-dialect.ts).
 */

export interface BusSubscriber {
  /** A message on the channel, published by any instance (this one too). */
  message(payload: string): void;
  /**
   * Messages may have been missed (the listening connection dropped, or listens again): drop what
   * is remembered, read the database again.
   */
  missed(): void;
}

export interface NotifyBus {
  readonly kind: 'process' | 'postgres';
  /** Whether every instance's messages reach this one now; false while the connection is down. */
  readonly listening: boolean;
  /**
   * Sends `payload` to every subscriber of `channel` on every instance. `db` is the writer's
   * handle: inside its transaction the message leaves when (and only if) that commits.
   */
  publish(db: Kysely<Database>, channel: string, payload: string): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(channel: string, subscriber: BusSubscriber): () => void;
  close(): Promise<void>;
}

export interface BusLog {
  error(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/** PostgreSQL's limit on a channel's name is an identifier's; ours are plain lower-case words. */
const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;
/** What pg_notify accepts, with room to spare (PostgreSQL refuses 8000 bytes and more). */
const MAX_PAYLOAD = 4000;

function checkMessage(channel: string, payload?: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a bus channel name: ${JSON.stringify(channel)}`);
  if (payload !== undefined && Buffer.byteLength(payload) > MAX_PAYLOAD)
    throw new Error(`a bus message on ${channel} is over ${MAX_PAYLOAD} bytes`);
}

/** Subscribers by channel, and how to reach them without one's failure stopping the others. */
class Subscribers {
  readonly #byChannel = new Map<string, Set<BusSubscriber>>();
  readonly #log: BusLog | undefined;
  constructor(log: BusLog | undefined) {
    this.#log = log;
  }
  get channels(): string[] {
    return [...this.#byChannel.keys()];
  }
  /** Adds one; says whether its channel is new. */
  add(channel: string, s: BusSubscriber): boolean {
    let set = this.#byChannel.get(channel);
    const fresh = !set;
    if (!set) this.#byChannel.set(channel, (set = new Set()));
    set.add(s);
    return fresh;
  }
  remove(channel: string, s: BusSubscriber): void {
    this.#byChannel.get(channel)?.delete(s);
  }
  message(channel: string, payload: string): void {
    for (const s of [...(this.#byChannel.get(channel) ?? [])]) this.#call(() => s.message(payload));
  }
  missed(channel?: string): void {
    const sets = channel === undefined ? [...this.#byChannel.values()] : [this.#byChannel.get(channel)];
    for (const set of sets) for (const s of [...(set ?? [])]) this.#call(() => s.missed());
  }
  clear(): void {
    this.#byChannel.clear();
  }
  #call(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.#log?.error({ err }, 'notify bus: a subscriber failed');
    }
  }
}

/** The embedded database's bus: one process, so an emitter. Delivered after the publisher's turn. */
export function processBus(log?: BusLog): NotifyBus {
  const subs = new Subscribers(log);
  let closed = false;
  return {
    kind: 'process',
    listening: true,
    async publish(_db, channel, payload) {
      checkMessage(channel, payload);
      if (!closed) queueMicrotask(() => subs.message(channel, payload));
    },
    subscribe(channel, subscriber) {
      checkMessage(channel);
      subs.add(channel, subscriber);
      return () => subs.remove(channel, subscriber);
    },
    async close() {
      closed = true;
      subs.clear();
    },
  };
}

export interface PostgresBusOptions {
  url: string;
  log?: BusLog;
  /** The first wait before connecting again after a failure, in ms; doubled each failure. Default 200. */
  retryMs?: number;
  /** The longest wait between attempts, in ms. Default 10 s. */
  maxRetryMs?: number;
  /**
   * How often the listening connection is asked whether it is alive, in ms (a connection that
   * died without a word would otherwise leave this instance deaf). Default 5 s.
   */
  aliveEveryMs?: number;
}

/** How the listening connection shows in pg_stat_activity (tests find it by this name). */
export const BUS_APPLICATION_NAME = 'gameops-notify';

const listenStatement = (channel: string) => `LISTEN "${channel}"`;

/**
 * PostgreSQL's bus: one dedicated client per process, LISTENing on every channel subscribed. The
 * first connection is made before this resolves (a database that cannot take it refuses the
 * start); later ones are retried for as long as the bus is open.
 */
export async function postgresBus(options: PostgresBusOptions): Promise<NotifyBus> {
  const log = options.log;
  const subs = new Subscribers(log);
  const firstRetry = options.retryMs ?? 200;
  const maxRetry = options.maxRetryMs ?? 10_000;
  let delay = firstRetry;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let everConnected = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let aliveTimer: NodeJS.Timeout | null = null;

  const lost = (which: pg.Client, err: unknown) => {
    if (which !== client || closed) return;
    client = null;
    listening = false;
    if (aliveTimer) clearInterval(aliveTimer);
    aliveTimer = null;
    which.removeAllListeners('notification');
    void which.end().catch(() => undefined);
    log?.error({ err }, 'notify bus: lost the listening connection; connecting again');
    // From now until it listens again, nothing another instance announces reaches this one.
    subs.missed();
    scheduleRetry();
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((err: unknown) => {
        log?.error({ err }, 'notify bus: could not connect; trying again');
        scheduleRetry();
      });
    }, delay);
    retryTimer.unref();
    delay = Math.min(delay * 2, maxRetry);
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: options.url,
      application_name: BUS_APPLICATION_NAME,
      keepAlive: true,
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, new Error('the connection ended')));
    c.on('notification', (n) => {
      if (c === client) subs.message(n.channel, n.payload ?? '');
    });
    try {
      await c.connect();
      for (const channel of subs.channels) await c.query(listenStatement(channel));
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    listening = true;
    delay = firstRetry;
    aliveTimer = setInterval(() => {
      c.query('select 1').catch((err: unknown) => lost(c, err));
    }, options.aliveEveryMs ?? 5000);
    aliveTimer.unref();
    if (everConnected) {
      log?.info({}, 'notify bus: listening again');
      // What was announced while deaf is lost: everyone reads the database again.
      subs.missed();
    }
    everConnected = true;
  };

  await connect();

  return {
    kind: 'postgres',
    get listening() {
      return listening;
    },
    async publish(db, channel, payload) {
      checkMessage(channel, payload);
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    subscribe(channel, subscriber) {
      checkMessage(channel);
      if (subs.add(channel, subscriber) && client) {
        const c = client;
        // Until the LISTEN is in place a message may pass by: the channel's subscribers hear so.
        c.query(listenStatement(channel)).then(
          () => subs.missed(channel),
          (err: unknown) => lost(c, err),
        );
      }
      return () => subs.remove(channel, subscriber);
    },
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      if (retryTimer) clearTimeout(retryTimer);
      if (aliveTimer) clearInterval(aliveTimer);
      subs.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

const buses = new WeakMap<Kysely<Database>, NotifyBus>();

/**
 * Makes `bus` the one of a database handle (server/backend.ts, with the database it opened), so
 * the features that announce and listen find it by the handle they already hold.
 */
export function attachNotifyBus(db: Kysely<Database>, bus: NotifyBus): void {
  buses.set(db, bus);
}

/**
 * The bus of a root database handle: the one attached to it, else an in-process one made for it
 * (a server built alone on one database, in tests; one process is then all there is).
 */
export function notifyBusOf(db: Kysely<Database>): NotifyBus {
  let bus = buses.get(db);
  if (!bus) buses.set(db, (bus = processBus()));
  return bus;
}

/** The bus a backend on this database needs: PostgreSQL's when it has a URL, else the process's. */
export function openNotifyBus(
  databaseUrl: string | undefined,
  options: Omit<PostgresBusOptions, 'url'> = {},
): Promise<NotifyBus> {
  return databaseUrl
    ? postgresBus({ ...options, url: databaseUrl })
    : Promise.resolve(processBus(options.log));
}
