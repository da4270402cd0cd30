import { expect } from 'vitest';
import type { ServerResponse } from 'node:http';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import type { WatchAlert, WatchedServer } from '../../shared/api/serverWatch.js';
import type { ServerWatchOptions } from './runtime.js';
import { SimulatedGameServer } from '../simulated/game-server.js';
import {
  startTestBackend,
  type BackendKind,
  type Reply,
  type TestBackend,
} from '../../tests/support/backends.js';

/**
 * What the server watch tests share: a backend whose watch engine runs only when the test says
 * (runDue, on the test's clock), the demo operators signed in, and loopback game servers whose
 * status the test sets.
 */

export type WatchWho = 'super' | 'admin' | 'service' | 'guest' | 'ymmj' | 'atomicwar';
const WHO: readonly WatchWho[] = ['super', 'admin', 'service', 'guest', 'ymmj', 'atomicwar'];

export class WatchKit {
  readonly tokens = {} as Record<WatchWho, string>;
  readonly stubs: StatusStub[] = [];
  t!: TestBackend;

  static async open(kind: BackendKind, serverWatch: ServerWatchOptions = {}): Promise<WatchKit> {
    const kit = new WatchKit();
    kit.t = await startTestBackend(kind, {
      serverWatch: { tickMs: 0, demo: false, spreadStart: false, ...serverWatch },
    });
    await kit.signIn();
    return kit;
  }

  async signIn(): Promise<void> {
    for (const who of WHO) this.tokens[who] = (await this.t.api.login(who)).authToken;
  }

  async close(): Promise<void> {
    await this.t?.close();
    await Promise.all(this.stubs.map((s) => s.server.stop()));
  }

  get db() {
    return this.t.backend.database.db;
  }

  get engine() {
    const e = this.t.backend.serverWatch?.engine;
    if (!e) throw new Error('this backend does not run the watch engine');
    return e;
  }

  /** Moves the clock on and runs what is due (then signs in again: tokens last 15 minutes). */
  async step(seconds: number): Promise<void> {
    this.t.clock.advance(seconds);
    await this.engine.runDue();
    if (seconds >= 600) await this.signIn();
  }

  call<T = unknown>(
    id: EndpointId,
    input: Record<string, unknown>,
    who: WatchWho = 'super',
  ): Promise<Reply<T>> {
    return this.t.api.call<T>(ENDPOINTS[id], input, this.tokens[who]);
  }

  async ok<T = unknown>(id: EndpointId, input: Record<string, unknown>, who: WatchWho = 'super'): Promise<T> {
    const r = await this.call<T>(id, input, who);
    expect(r.body.Status, `${id} ${JSON.stringify(input)}`).toEqual({ Code: Codes.OK });
    return r.body.Data;
  }

  async fails(
    id: EndpointId,
    input: Record<string, unknown>,
    code: number,
    who: WatchWho = 'super',
  ): Promise<string> {
    const r = await this.call(id, input, who);
    expect(r.body.Status.Code, `${id} ${JSON.stringify(input)}: ${r.body.Status.Message ?? ''}`).toBe(code);
    return r.body.Status.Message ?? '';
  }

  /** A loopback game server the test controls. */
  async stub(game: GameId, players = 100, income: number | null = 0): Promise<StatusStub> {
    const s = new StatusStub(game, this.t.clock.fn, players, income);
    await s.server.start(0);
    this.stubs.push(s);
    return s;
  }

  /** Watches a stub's status URL. */
  async watch(stub: StatusStub, extra: Record<string, unknown> = {}): Promise<WatchedServer> {
    return this.ok<WatchedServer>('serverWatch.save', {
      name: `${stub.server.spec.name} ${this.stubs.indexOf(stub)}`,
      game: stub.server.spec.game,
      check: { kind: 'gameStatus', url: stub.server.statusUrl },
      intervalSec: 10,
      failuresToDown: 3,
      ...extra,
    });
  }

  async server(id: number): Promise<WatchedServer> {
    return (await this.ok<{ server: WatchedServer }>('serverWatch.get', { id })).server;
  }

  /** Every alert an operator can see, oldest first. */
  async alerts(who: WatchWho = 'super', after = 0): Promise<WatchAlert[]> {
    return (await this.ok<{ events: WatchAlert[] }>('serverWatch.events', { after, wait: 0 }, who)).events;
  }

  async alertsOf(serverId: number, who: WatchWho = 'super'): Promise<WatchAlert[]> {
    return (await this.alerts(who)).filter((a) => a.serverId === serverId);
  }
}

/** A game server whose status the test sets (players, income), and which it stops and starts. */
export class StatusStub {
  readonly server: SimulatedGameServer;
  players: number;
  income: number | null;
  constructor(game: GameId, clock: () => number, players: number, income: number | null) {
    this.players = players;
    this.income = income;
    this.server = new SimulatedGameServer(
      {
        key: `stub-${game}-${Math.random().toString(36).slice(2, 8)}`,
        game,
        name: `${game} stub`,
        peakPlayers: 0,
        dailyIncome: 0,
      },
      clock,
    );
    this.server.route('GET', '/status', (_req, res: ServerResponse) => {
      const body = JSON.stringify({
        game,
        status: 'ok',
        onlinePlayers: this.players,
        ...(this.income === null ? {} : { incomeToday: this.income }),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  }
}

// Rows put straight into the database, for the tests that need a target per call (the RBAC
// matrix, the audit cases), whatever the engine is doing.

type Db = TestBackend['backend']['database']['db'];

export async function insertWatchedServer(
  db: Db,
  now: Date,
  name: string,
  options: { game?: GameId; paused?: boolean } = {},
): Promise<number> {
  const check = { kind: 'tcp', host: '127.0.0.1', port: 9 };
  const row = await db
    .insertInto('watched_servers')
    .values({
      name,
      game: options.game ?? 'ymmj',
      check_kind: 'tcp',
      check_spec: JSON.stringify(check),
      target: '127.0.0.1:9',
      interval_sec: 60,
      timeout_ms: 1000,
      failures_to_down: 3,
      remind_every_min: null,
      notify_kind: 'game',
      paused: options.paused ?? false,
      state: options.paused ? 'paused' : 'unknown',
      state_since: now,
      created_at: now,
      updated_at: now,
      updated_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMaintenance(db: Db, serverId: number, now: Date): Promise<number> {
  const row = await db
    .insertInto('server_watch_maintenance')
    .values({
      server_id: serverId,
      starts_at: now,
      ends_at: new Date(now.getTime() + 3_600_000),
      note: '',
      created_by: 'test',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertNotice(db: Db, now: Date, game: GameId = 'ymmj'): Promise<number> {
  const row = await db
    .insertInto('notice_rules')
    .values({
      game,
      kind: 'playersBelow',
      threshold: 1,
      by_hour: null,
      enabled: true,
      note: '',
      state: 'unknown',
      created_at: now,
      updated_at: now,
      updated_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
