import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../platform/clock.js';
import type { SecretsKeyState } from '../platform/secrets-key.js';
import type { SimulatedFleet } from './fleet.js';

/**
 * What features hand the simulated game servers: each feature that talks to game servers gives the
 * demo's servers its side of that talk (orders: POST /deliver; gift codes: POST /redeem), through
 * its server feature module's `fleet`. Server watch runs the servers and knows none of them.
 */

export interface FleetSetup {
  db: Kysely<Database>;
  clock: Clock;
  /**
   * This backend as the game servers reach it: its own URL once it listens, and the headers its
   * calls need (an embedded backend's launch key: these servers are its own part).
   */
  backend: { url: string; headers: Readonly<Record<string, string>> };
  /** The key game servers' keys derive from; without one, there is nothing to sign with. */
  secrets: SecretsKeyState;
}

/** Adds a feature's routes to the fleet's servers; returns what undoes the rest when they stop. */
export type FleetHandlers = (fleet: SimulatedFleet, setup: FleetSetup) => (() => void) | void;
