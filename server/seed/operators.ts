import type { Kysely } from 'kysely';
import type { Role } from '../../shared/roles.js';
import type { ScryptParams } from '../config.js';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../auth/password.js';

/**
 * One demo operator per role, for the embedded demo database only. They sign in with the name
 * (or the phone) and the demo password. Never created against PostgreSQL: there the first SUPER comes from
 * `server/cli.ts create-super` with a password the studio chooses.
 */

export const DEMO_PASSWORD = 'gameops-demo';

export interface DemoOperator {
  phone: string;
  name: string;
  first_name: string;
  roles: Role[];
}

export const DEMO_OPERATORS: readonly DemoOperator[] = [
  { phone: '13800000001', name: 'super', first_name: 'Super Admin', roles: ['SUPER'] },
  {
    phone: '13800000002',
    name: 'admin',
    first_name: 'Admin',
    roles: ['ADMIN', 'AtomicWAR', 'YMMJ', 'LORDWAR', 'PARTYGAME'],
  },
  {
    phone: '13800000003',
    name: 'service',
    first_name: 'Service',
    roles: ['Service', 'AtomicWAR', 'YMMJ', 'LORDWAR', 'PARTYGAME'],
  },
  { phone: '13800000004', name: 'guest', first_name: 'Guest', roles: ['GUEST'] },
  { phone: '13800000005', name: 'atomicwar', first_name: 'Atomic War Admin', roles: ['ADMIN', 'AtomicWAR'] },
  { phone: '13800000006', name: 'ymmj', first_name: 'Secret Realm Admin', roles: ['ADMIN', 'YMMJ'] },
  { phone: '13800000007', name: 'lordwar', first_name: 'Lord War Admin', roles: ['ADMIN', 'LORDWAR'] },
  { phone: '13800000008', name: 'partygame', first_name: 'Party Game Admin', roles: ['ADMIN', 'PARTYGAME'] },
  { phone: '13800000009', name: 'developer', first_name: 'Developer', roles: ['Developer'] },
];

/** Inserts the demo operators that are missing (by phone); returns how many were added. */
export async function seedDemoOperators(
  db: Kysely<Database>,
  password: string,
  scrypt: ScryptParams,
  now: Date,
): Promise<number> {
  let added = 0;
  for (const op of DEMO_OPERATORS) {
    const res = await db
      .insertInto('operators')
      .values({
        phone: op.phone,
        name: op.name,
        first_name: op.first_name,
        avatar: '',
        bio: '',
        roles: op.roles,
        password_hash: await hashPassword(password, scrypt),
        disabled: false,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('phone').doNothing())
      .executeTakeFirst();
    added += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
