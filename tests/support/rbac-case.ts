import type { Kysely } from 'kysely';
import type { EndpointId, InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import type { Database } from '../../server/db/schema.js';
import type { TestBackend } from './backends.js';

/**
 * The RBAC matrix's cases (server/rbac.test.ts): a valid input for every endpoint, made fresh for
 * each caller, so that every caller's call is allowed or denied by its role alone. Features keep
 * theirs beside their code (server/<feature>/rbac-cases.ts, exported as `rbacCases`, typed with
 * RbacCases so that a new endpoint without an input is a type error), where the matrix finds them.
 */
export interface RbacFixture {
  t: TestBackend;
  superToken: string;
  /** A number no other call of the matrix gets, as text. */
  unique(): string;
  /** A seeded player of RBAC_GAME no other call of the matrix touches. */
  freshPlayer(): string;
  /** The backend's database: targets go straight into it, so each call acts on its own row whatever the seed holds. */
  db: Kysely<Database>;
  /** The backend's clock, now. */
  now(): Date;
}

/** Game-scoped calls are checked on ymmj, which has every page; other games share the code. */
export const RBAC_GAME: GameId = 'ymmj';
export const RBAC_REASON = 'rbac matrix';

export type RbacCase<K extends EndpointId> = (f: RbacFixture) => Promise<InputOf<K>>;

/** The cases of one contract module (shared/api/<feature>.ts): one per endpoint. */
export type RbacCases<C extends { endpoints: object }> = {
  [K in keyof C['endpoints'] & EndpointId]: RbacCase<K>;
};
