import type { Kysely } from 'kysely';
import type { GameId } from '../../shared/games.js';
import { hashPassword } from '../auth/password.js';
import type { Database } from '../db/schema.js';

/** The password every request made by insertAccessRequest carries. */
export const KIT_PASSWORD = 'chosen-by-the-newcomer';

/** Cheap scrypt parameters, as the test backends use: a real hash, just fast. */
const CHEAP = { N: 1024, r: 8, p: 1, keylen: 32 };

/**
 * An open access request put straight into the database (for tests that decide one without
 * going through the public call and its per-address limit). Returns its id.
 */
export async function insertAccessRequest(
  db: Kysely<Database>,
  req: { phone: string; name: string; at: Date; games?: GameId[]; why?: string },
): Promise<number> {
  const row = await db
    .insertInto('access_requests')
    .values({
      name: req.name,
      phone: req.phone,
      games: req.games ?? ['ymmj'],
      why: req.why ?? 'I run the Secret Realm events',
      password_hash: await hashPassword(KIT_PASSWORD, CHEAP),
      status: 'open',
      client_ip: '192.0.2.10',
      created_at: req.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
