import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GameId } from '../../shared/games.js';
import type { Clock } from '../platform/clock.js';
import { incomeTodayAt, onlinePlayersAt, studioDay } from './figures.js';

/**
 * One simulated game server on loopback: what the games' real servers would answer, so that the
 * console has something real to watch (and, later, to redeem codes on and deliver orders to).
 * It answers:
 *
 * - `GET /status`: `{ game, server, status: "ok", onlinePlayers, incomeToday, currency, day, at }`,
 *   the format a game-status check reads (incomeToday in minor units, fen; `day` is the studio's
 *   day, China Standard Time);
 * - `GET /health`: 200 "ok", for a plain HTTP check;
 * - and any route another feature adds (`route`), for codes and orders later.
 *
 * "Down" is real: the listening socket is closed and every open connection dropped, so a TCP
 * check is refused and an HTTP check fails, exactly as when a process dies. "Up" listens again on
 * the same port.
 */

export interface SimulatedServerSpec {
  /** Stable key: the demo data's watched servers name their simulated server by it. */
  key: string;
  game: GameId;
  name: string;
  /** Online players at the day's busiest hour. */
  peakPlayers: number;
  /** A whole day's income, in minor units (fen). */
  dailyIncome: number;
}

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, server: SimulatedGameServer) => void;

export interface StatusReport {
  game: GameId;
  server: string;
  status: 'ok';
  onlinePlayers: number;
  incomeToday: number;
  currency: 'CNY';
  day: string;
  at: string;
}

export class SimulatedGameServer {
  readonly spec: SimulatedServerSpec;
  readonly #clock: Clock;
  readonly #routes = new Map<string, RouteHandler>();
  #server: Server | null = null;
  #port = 0;
  #requests = 0;

  constructor(spec: SimulatedServerSpec, clock: Clock) {
    this.spec = spec;
    this.#clock = clock;
    this.route('GET', '/status', (_req, res) => sendJson(res, 200, this.status()));
    this.route('GET', '/health', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('ok');
    });
  }

  get key(): string {
    return this.spec.key;
  }
  get port(): number {
    return this.#port;
  }
  get isUp(): boolean {
    return this.#server !== null;
  }
  get url(): string {
    return `http://127.0.0.1:${this.#port}`;
  }
  get statusUrl(): string {
    return `${this.url}/status`;
  }
  get healthUrl(): string {
    return `${this.url}/health`;
  }
  /** Requests answered since it was made (tests and the bench read it). */
  get requests(): number {
    return this.#requests;
  }

  /** Adds a route (a later feature's: redeem a code, receive an order). */
  route(method: string, path: string, handler: RouteHandler): void {
    this.#routes.set(`${method.toUpperCase()} ${path}`, handler);
  }

  status(): StatusReport {
    const now = this.#clock();
    return {
      game: this.spec.game,
      server: this.spec.name,
      status: 'ok',
      onlinePlayers: onlinePlayersAt(now, this.spec.peakPlayers, this.spec.key),
      incomeToday: incomeTodayAt(now, this.spec.dailyIncome),
      currency: 'CNY',
      day: studioDay(now),
      at: new Date(now).toISOString(),
    };
  }

  /**
   * Starts answering on `port` (default: the port it had, else any free one). Resolves with the
   * port; rejects when the port is taken.
   */
  async start(port: number = this.#port): Promise<number> {
    if (this.#server) return this.#port;
    const server = createServer((req, res) => {
      this.#requests++;
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const handler = this.#routes.get(`${req.method ?? 'GET'} ${path}`);
      if (handler) handler(req, res, this);
      else sendJson(res, 404, { status: 'error', message: `no route ${req.method} ${path}` });
    });
    // A watcher's keep-alive socket must not keep the process (or a test) alive.
    server.keepAliveTimeout = 5000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.unref();
    this.#server = server;
    this.#port = (server.address() as AddressInfo).port;
    return this.#port;
  }

  /** Goes down: stops listening and drops every connection, as a crashed process would. */
  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}
