import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Endpoint } from '../shared/api/endpoint.js';
import type { GameId } from '../shared/games.js';
import type { FeatureContract } from '../shared/pages.js';
import type { Database } from './db/schema.js';
import type { Authenticators } from './http/authenticate.js';
import type { HandlerMap, ServerDeps } from './http/context.js';
import type { FleetHandlers } from './simulated/handlers.js';

/**
 * What a server feature module declares: a handler for every endpoint of its contract module,
 * its migrations and its seed. server/features.ts lists the modules once; the HTTP routes, the
 * migrations and the seed are made from that list.
 */
export interface ServerFeature<
  Id extends string = string,
  E extends Record<string, Endpoint> = Record<string, Endpoint>,
> {
  id: Id;
  handlers: HandlerMap<E>;
  /**
   * The endpoints whose answers may lag behind the latest writes (reports, statistics,
   * leaderboards, searches, logs): with a read replica configured, their `ctx.db` is the replica
   * (server/db/replica.ts). Reads without a write and without a transaction only (GET, not
   * audited; checked at start), and never what an operator reopens right after changing it.
   */
  replicaReads?: readonly (keyof E & string)[];
  /**
   * The features (by id) whose tables this one's migrations or seed use: they come first. The
   * order of features is made from these alone (server/features.ts), never from a list's order.
   */
  needs?: readonly string[];
  /**
   * Named `NNNN_words`, numbered in this feature's own sequence: they run as `<id>/NNNN_words`
   * after those of the features it needs (server/db/migrations.ts).
   */
  migrations?: Record<string, FeatureMigration>;
  /**
   * Makes this feature's seed rows of one game, up to `perGame` players' worth, after the
   * features it needs (players before the lists that name them). Deterministic and
   * idempotent; returns how many rows it added.
   */
  seedGame?(db: Kysely<Database>, seed: GameSeed): Promise<number>;
  /**
   * Routes outside the endpoint table, for callers that are not the console and speak their own
   * formats (payment providers' notices, server/payments/routes.ts). Registered after the
   * endpoints, on the same server; keep them few.
   */
  routes?(app: FastifyInstance, deps: ServerDeps): void;
  /**
   * Whether a request to one of those routes is answered without the embedded backend's launch
   * key (server/app.ts): only for callers that cannot have it (a checkout page in a browser) and
   * that the route authenticates otherwise (the link's nonce). Everything else keeps the key.
   */
  launchKeyExempt?(req: { method: string; path: string }, deps: ServerDeps): Promise<boolean>;
  /**
   * How the callers this feature vouches for prove who they are (server/http/authenticate.ts):
   * each proof is registered by one feature and serves every endpoint that names it.
   */
  authenticators?: Authenticators;
  /**
   * Runs when an operator signs out of the console: what this feature issued them for the
   * session ends with it (the pay-server token).
   */
  onSignOut?(db: Kysely<Database>, operatorId: number): Promise<void>;
  /** This feature's side of the demo's simulated game servers (server/simulated/handlers.ts). */
  fleet?: FleetHandlers;
}

/** A migration of a feature (or of the platform, server/db/platform-migrations.ts). */
export interface FeatureMigration extends Migration {
  /**
   * Its name under the one global counter used before migrations were named per feature
   * (`0018_orders`): a database migrated then has it recorded so, and is renamed on its next start.
   * Only those migrations have one; never give it to a new one.
   */
  was?: string;
}

export interface GameSeed {
  game: GameId;
  perGame: number;
  /** The clock when the database was first seeded; seeded dates are relative to it. */
  anchor: Date;
  /** Called between big batches (the embedded database checkpoints there). */
  afterBatch?: () => Promise<void>;
}

/** A server module for one contract module: the handler map is checked against its endpoints. */
export function serverFeature<Id extends string, E extends Record<string, Endpoint>>(
  contract: FeatureContract<Id, E>,
  def: Omit<ServerFeature<Id, E>, 'id'>,
): ServerFeature<Id, E> {
  return { id: contract.id, ...def };
}
