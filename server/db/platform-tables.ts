import type { Generated } from 'kysely';
import type { Timestamp, JsonColumn } from './columns.js';

export interface AppMetaTable {
  key: string;
  value: string;
}

/** What the backend itself did or met (start, migrations, failed checks), beside the audit log. */
export interface SystemEventsTable {
  id: Generated<number>;
  at: Timestamp;
  /** `<area>.<event>`: 'backend.started', 'backend.migrated', 'serverWatch.checkFailed', ... */
  kind: string;
  level: 'info' | 'warn' | 'error';
  game: string | null;
  /** What it concerns (a server, a migration), free text. */
  subject: string;
  detail: JsonColumn;
}

/** The platform's own tables: settings kept in the database, and what the backend itself did. */
export interface PlatformTables {
  app_meta: AppMetaTable;
  system_events: SystemEventsTable;
}
