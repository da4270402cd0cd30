import type { PlatformTables } from './platform-tables.js';
import type { AuditTables } from '../audit/tables.js';

/**
 * The database as Kysely sees it: the platform's own tables here, and each feature's joined to it
 * from the feature's folder (server/<feature>/tables.ts ends with a `declare module` of this
 * module that extends Database, TypeScript's interface merging, as Fastify's decorators are
 * typed). So a new feature's tables touch no central file, and a feature that is not in the
 * program has no tables in the type either.
 */
export interface Database extends PlatformTables, AuditTables {}

/** JSON for a json/jsonb column, as text both drivers pass through unchanged. */
export function jsonValue(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
