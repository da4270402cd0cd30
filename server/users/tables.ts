import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { Timestamp } from '../db/columns.js';

export interface OperatorsTable {
  id: Generated<number>;
  phone: string;
  name: string;
  first_name: string;
  avatar: string;
  bio: string;
  roles: string[];
  password_hash: string;
  disabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** The operators (server/users): who may sign in, with their roles. */
export interface UsersTables {
  operators: OperatorsTable;
}

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorUpdate = Updateable<OperatorsTable>;

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends UsersTables {}
}
