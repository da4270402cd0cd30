import type { Timestamp, RequiredJson } from '../db/columns.js';

/** One operator's shortcut preferences (server/shortcuts): changed combos by command, pinned route ids. */
export interface OperatorShortcutsTable {
  operator_id: number;
  combos: RequiredJson;
  pinned: RequiredJson;
  updated_at: Timestamp;
}

/** Shortcut preferences (server/shortcuts). */
export interface ShortcutsTables {
  operator_shortcuts: OperatorShortcutsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends ShortcutsTables {}
}
