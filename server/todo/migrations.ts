import { sql, type Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

type AnyDb = Kysely<unknown>;

/**
 * Every operator's own to-do list. The name is the item's key within one operator's list (the
 * unique pair), so two operators may both have "weekly report"; an operator's items go with them.
 */
export const todoMigrations: Record<string, FeatureMigration> = {
  '0001_todo': {
    was: '0011_todo',
    async up(db: AnyDb) {
      await sql`create table todo_items (
        id serial primary key,
        operator_id integer not null references operators (id) on delete cascade,
        name text not null,
        description text not null default '',
        expire_at timestamptz not null,
        created_at timestamptz not null,
        unique (operator_id, name)
      )`.execute(db);
      // The list is always read as one operator's items by deadline.
      await sql`create index todo_items_deadline_idx on todo_items (operator_id, expire_at, id)`.execute(db);
    },
  },
  '0002_sorts': {
    async up(db: AnyDb) {
      // The list screen sorts one operator's items by when they were added as well (by name, the
      // unique pair serves).
      await sql`create index todo_items_added_idx on todo_items (operator_id, created_at, id)`.execute(db);
    },
  },
};
