import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';

/** An item of one operator's own to-do list (server/todo); the name is its key in that list. */
export interface TodoItemsTable {
  id: Generated<number>;
  operator_id: number;
  name: string;
  description: string;
  expire_at: Timestamp;
  created_at: Timestamp;
}

/** The to-do list (server/todo). */
export interface TodoTables {
  todo_items: TodoItemsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends TodoTables {}
}
