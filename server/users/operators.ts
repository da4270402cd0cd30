import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ROLES, type Role } from '../../shared/roles.js';
import type { Operator } from '../../shared/api/users.js';
import type { Database } from '../db/schema.js';
import type { OperatorRow } from './tables.js';

/** Operator rows: lookups shared by sign-in and user management, and their public shape. */

const roleSet = new Set<string>(ROLES);

/** Known roles only: a role name edited into the database by hand grants nothing. */
export function rolesOf(row: Pick<OperatorRow, 'roles'>): Role[] {
  return row.roles.filter((r): r is Role => roleSet.has(r));
}

/** Who an operator is, as sign-in and the session know them. */
export type OperatorProfile = Pick<
  Operator,
  'id' | 'phone' | 'name' | 'first_name' | 'avatar' | 'bio' | 'roles'
>;

export function profileOf(row: OperatorRow): OperatorProfile {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    first_name: row.first_name,
    avatar: row.avatar,
    bio: row.bio,
    roles: rolesOf(row),
  };
}

export function toOperator(row: OperatorRow): Operator {
  return {
    ...profileOf(row),
    disabled: row.disabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

export async function findOperatorByPhone(
  db: Kysely<Database>,
  phone: string,
): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** Sign-in accepts the phone or the name (any case); a phone match wins. */
export async function findOperatorByAccount(
  db: Kysely<Database>,
  account: string,
): Promise<OperatorRow | undefined> {
  const byPhone = await findOperatorByPhone(db, account);
  if (byPhone) return byPhone;
  return db
    .selectFrom('operators')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', account.toLowerCase())
    .executeTakeFirst();
}
