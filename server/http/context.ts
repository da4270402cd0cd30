import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../shared/codes.js';
import type { Endpoint } from '../../shared/api/endpoint.js';
import type { EndpointId, EndpointTable } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import type { AuditDraft } from '../audit/record.js';
import type { AuthInfo, AuthService } from '../auth/sessions.js';
import type { Clock } from '../platform/clock.js';
import type { OperationCounters } from '../platform/counters.js';
import type { DatabaseKind } from '../db/open.js';
import type { ReadRouter, ReadSource } from '../db/replica.js';
import type { Database } from '../db/schema.js';
import type { SecretsKeyState } from '../platform/secrets-key.js';
import type { JsonArrayText } from './json-text.js';

/** What the server is made of, built once at start and shared by every handler. */
export interface ServerDeps {
  /** The root database handle. Handlers use `ctx.db` instead (a transaction for audited calls). */
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Where reads that may lag go (server/db/replica.ts): the endpoint layer runs the endpoints a
   * feature names in `replicaReads` through it, with `ctx.db` on the replica while it keeps up.
   */
  reads: ReadRouter;
  clock: Clock;
  auth: AuthService;
  /**
   * Whether the first-run setup calls answer: only on the desktop app's embedded backend, started
   * with a launch key (so only main reaches it) and in first-run mode.
   */
  firstRunSetup: boolean;
  /** The key that seals stored secrets (platform keys); never in the database. */
  secrets: SecretsKeyState;
  /**
   * What a request of this server to itself must carry: the launch key on the desktop's embedded
   * backend (the payment sandbox posts its notices to its own notify route), else nothing.
   */
  selfHeaders: Readonly<Record<string, string>>;
  /**
   * Seeds the demo data's games (made-up players, their lists, orders and codes, at the size the
   * backend was started with), for a first run that chooses the demo. Not inside a transaction.
   */
  seedDemoGames(now: Date): Promise<void>;
  /** What features count for /metrics (payment notices, redemptions). */
  counters: OperationCounters;
}

/** One call, as a handler sees it. */
export interface HandlerContext {
  /**
   * The database for this call: inside a transaction when the endpoint is audited, so that the
   * change and its audit entry commit together. Use this, never `deps.db`: on the embedded
   * database a second handle would wait for the transaction that waits for it.
   */
  db: Kysely<Database>;
  /**
   * On an endpoint its feature reads from the replica (`replicaReads`), with a replica
   * configured: where `db` reads from, for the answer to say how old its figures may be.
   */
  readFrom?: ReadSource;
  /** The signed-in operator; null only on public endpoints. */
  auth: AuthInfo | null;
  /** The game of a game-scoped endpoint (also in the input as `game`). */
  game: GameId | undefined;
  lang: Language;
  ip: string;
  /** The request's time, from the server's clock. */
  now: Date;
  /** Filled by the handler: what it acted on, with the state before and after. */
  audit: AuditDraft;
  deps: ServerDeps;
  log: FastifyBaseLogger;
  /**
   * Inside an audited call's transaction: work to run once it has committed, before the call
   * answers (a delivery to a game across the network, which must not hold the embedded
   * database's one connection while the game answers). Undefined outside a transaction: do the
   * work at once.
   */
  afterCommit?: (job: () => Promise<void>) => void;
}

/** An answer whose top-level arrays may be given as the database's JSON text (json-text.ts). */
export type Answer<T> =
  T extends Record<string, unknown>
    ? { [K in keyof T]: T[K] extends readonly (infer E)[] ? T[K] | JsonArrayText<E> : T[K] }
    : T;

export type EndpointHandler<E extends Endpoint> = (
  input: z.output<E['input']>,
  ctx: HandlerContext,
) => Promise<z.input<E['output']>>;

/** A handler that may answer arrays as the database's JSON text (players' cached tabs). */
export type TextAnswerHandler<E extends Endpoint> = (
  input: z.output<E['input']>,
  ctx: HandlerContext,
) => Promise<Answer<z.input<E['output']>>>;

export type Handler<K extends EndpointId> = EndpointHandler<EndpointTable[K]>;

/** A handler for every entry of a table: a missing one is a type error. */
export type HandlerMap<T extends Record<string, Endpoint>> = {
  [K in keyof T]: EndpointHandler<T[K]> | TextAnswerHandler<T[K]>;
};

/** An audited call's result, which is also what its audit entry keeps as "after". */
export function auditedResult<T>(ctx: HandlerContext, result: T): T {
  ctx.audit.after = result;
  return result;
}

/** The signed-in operator of a non-public endpoint (the endpoint layer has checked it). */
export function signedInOf(ctx: HandlerContext): AuthInfo {
  if (!ctx.auth) throw new ApiError(Codes.UNAUTHENTICATED);
  return ctx.auth;
}

/**
 * The game of a game-scoped call: the endpoint layer puts it there from the URL, so a call
 * without it is a fault of the server, not of the caller's input.
 */
export function gameOf(ctx: HandlerContext): GameId {
  if (!ctx.game) throw new ApiError(Codes.INTERNAL, 'a game-scoped call arrived without its game');
  return ctx.game;
}
