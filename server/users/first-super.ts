import type { Kysely } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { phoneSchema } from '../../shared/api/users.js';
import { hashPassword } from '../auth/password.js';
import type { ScryptParams } from '../config.js';
import type { Database } from '../db/schema.js';
import type { OperatorRow } from './tables.js';
import { problem } from '../http/problem.js';
import { findOperatorByAccount, findOperatorByPhone } from './operators.js';

/**
 * A SUPER operator made outside the console: by `npm run server -- create-super` on a studio's
 * server, or by the first-run setup of the desktop app's embedded backend. One piece of code, so
 * both make the same account and refuse the same clashes.
 */

export interface NewSuper {
  phone: string;
  name: string;
  first_name?: string;
  password: string;
}

export async function createSuperOperator(
  db: Kysely<Database>,
  input: NewSuper,
  scrypt: ScryptParams,
  now: Date,
): Promise<OperatorRow> {
  // Sign-in takes a phone or a name, so a name shaped like a phone would make an account ambiguous.
  if (phoneSchema.safeParse(input.name).success) {
    throw problem(
      Codes.VALIDATION,
      'name: cannot look like a phone number (operators sign in with either)',
      'name：名称不能像手机号（操作员可用两者之一登录）',
      [{ path: 'name', message: 'cannot look like a phone number' }],
    );
  }
  if (await findOperatorByPhone(db, input.phone)) {
    throw problem(
      Codes.CONFLICT,
      `An operator with the phone ${input.phone} already exists`,
      `手机号为 ${input.phone} 的操作员已存在`,
      [{ path: 'phone', message: 'already taken' }],
    );
  }
  if (await findOperatorByAccount(db, input.name)) {
    throw problem(
      Codes.CONFLICT,
      `An operator named ${input.name} already exists`,
      `名为 ${input.name} 的操作员已存在`,
      [{ path: 'name', message: 'already taken' }],
    );
  }
  return db
    .insertInto('operators')
    .values({
      phone: input.phone,
      name: input.name,
      first_name: input.first_name ?? '',
      avatar: '',
      bio: '',
      roles: ['SUPER'],
      password_hash: await hashPassword(input.password, scrypt),
      disabled: false,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
