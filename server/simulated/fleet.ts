import type { GameId } from '../../shared/games.js';
import { GAME_IDS, GAMES } from '../../shared/games.js';
import type { Clock } from '../platform/clock.js';
import { SimulatedGameServer, type SimulatedServerSpec } from './game-server.js';

/**
 * A set of simulated game servers (server/simulated/game-server.ts) and the schedule by which some
 * go down and come back. The schedule is deterministic and counted from the fleet's start on its
 * clock: under a test clock nothing moves until the test moves the clock and calls
 * applySchedule(); under the real clock a one-second timer (unref'd) applies it. A server stopped
 * or started by hand (stopServer / startServer: "failing on demand") leaves its schedule until
 * followSchedule().
 */

export interface FlapSchedule {
  key: string;
  /** Seconds from the fleet's start to the first time it goes down. */
  firstDownAfterSec: number;
  /** How long each outage lasts. */
  downForSec: number;
  /** From one outage's start to the next. */
  everySec: number;
}

export interface FleetOptions {
  specs: readonly SimulatedServerSpec[];
  clock: Clock;
  flaps?: readonly FlapSchedule[];
  /** Ports to listen on by key (those the demo data's watched servers point at); others take any. */
  ports?: Readonly<Record<string, number>>;
  /** How often the schedule is applied in real time; 0 = only when applySchedule() is called. */
  scheduleEveryMs?: number;
}

/** Whether a scheduled server is down `nowMs`, for a fleet started at `startMs`. */
export function isScheduledDown(flap: FlapSchedule, startMs: number, nowMs: number): boolean {
  const t = (nowMs - startMs) / 1000 - flap.firstDownAfterSec;
  if (t < 0) return false;
  return t % flap.everySec < flap.downForSec;
}

export class SimulatedFleet {
  readonly servers: readonly SimulatedGameServer[];
  /** Keys whose saved port was taken, so they listen elsewhere now. */
  readonly moved: readonly string[];
  readonly #clock: Clock;
  readonly #startMs: number;
  readonly #flaps: Map<string, FlapSchedule>;
  readonly #manual = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #applying: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(
    servers: SimulatedGameServer[],
    moved: string[],
    clock: Clock,
    flaps: readonly FlapSchedule[],
  ) {
    this.servers = servers;
    this.moved = moved;
    this.#clock = clock;
    this.#startMs = clock();
    this.#flaps = new Map(flaps.map((f) => [f.key, f]));
  }

  static async start(options: FleetOptions): Promise<SimulatedFleet> {
    const servers = options.specs.map((s) => new SimulatedGameServer(s, options.clock));
    const moved: string[] = [];
    try {
      for (const s of servers) {
        const wanted = options.ports?.[s.key];
        if (wanted === undefined) {
          await s.start(0);
          continue;
        }
        try {
          await s.start(wanted);
        } catch {
          // Someone else has the port now (another program, after a restart): listen elsewhere,
          // and the caller points what watched the old port at the new one.
          await s.start(0);
          moved.push(s.key);
        }
      }
    } catch (err) {
      await Promise.all(servers.map((s) => s.stop()));
      throw err;
    }
    const fleet = new SimulatedFleet(servers, moved, options.clock, options.flaps ?? []);
    await fleet.applySchedule();
    const every = options.scheduleEveryMs ?? 0;
    if (every > 0) {
      fleet.#timer = setInterval(() => void fleet.applySchedule(), every);
      fleet.#timer.unref();
    }
    return fleet;
  }

  get(key: string): SimulatedGameServer {
    const s = this.servers.find((x) => x.key === key);
    if (!s) throw new Error(`no simulated server ${key}`);
    return s;
  }

  /** Each scheduled server up or down as its schedule says now (one run at a time). */
  applySchedule(): Promise<void> {
    this.#applying = this.#applying.then(async () => {
      if (this.#closed) return;
      const now = this.#clock();
      for (const s of this.servers) {
        const flap = this.#flaps.get(s.key);
        if (!flap || this.#manual.has(s.key)) continue;
        const down = isScheduledDown(flap, this.#startMs, now);
        if (down && s.isUp) await s.stop();
        else if (!down && !s.isUp) await s.start().catch(() => undefined);
      }
    });
    return this.#applying;
  }

  /** Takes a server down by hand (its schedule no longer applies until followSchedule). */
  async stopServer(key: string): Promise<void> {
    this.#manual.add(key);
    await this.#applying;
    await this.get(key).stop();
  }

  /** Brings a server back by hand, on its port. */
  async startServer(key: string): Promise<void> {
    this.#manual.add(key);
    await this.#applying;
    await this.get(key).start();
  }

  followSchedule(key: string): Promise<void> {
    this.#manual.delete(key);
    return this.applySchedule();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.#applying;
    await Promise.all(this.servers.map((s) => s.stop()));
  }
}

/** Two servers per game: the demo data watches these. */
export const DEMO_FLEET: readonly SimulatedServerSpec[] = GAME_IDS.flatMap((game: GameId, gi) =>
  [1, 2].map((n) => ({
    key: `${game}-${n}`,
    game,
    name: `${GAMES[game].names.en} S${n}`,
    peakPlayers: 2400 - gi * 400 - (n - 1) * 500,
    dailyIncome: (360_000 - gi * 60_000 - (n - 1) * 80_000) * 100,
  })),
);

/**
 * The demo's server that fails now and then: down for two minutes, five minutes after the
 * backend starts and every twenty minutes after that, so a new user sees an outage, its alert and
 * its recovery within minutes.
 */
export const DEMO_FLAPS: readonly FlapSchedule[] = [
  { key: 'atomicwar-2', firstDownAfterSec: 300, downForSec: 120, everySec: 1200 },
];
