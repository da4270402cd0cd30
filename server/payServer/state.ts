import type { Kysely } from 'kysely';
import type { PayServerStatus } from '../../shared/api/payments.js';
import type { Database } from '../db/schema.js';

/**
 * The pay server's on/off switch: one row (id 1, made by the migration). Read on every new order
 * and payment (server/payments calls isAccepting), so a shutdown takes effect on the next call.
 */

const STATE_ID = 1;

export async function payServerStatus(db: Kysely<Database>): Promise<PayServerStatus> {
  const row = await db
    .selectFrom('pay_server_state')
    .selectAll()
    .where('id', '=', STATE_ID)
    .executeTakeFirst();
  // No row only if someone deleted it by hand: taking orders is what a new database does.
  if (!row) return { accepting: true, changedAt: null, changedBy: null, reason: null };
  return {
    accepting: row.accepting,
    changedAt: row.changed_at ? row.changed_at.toISOString() : null,
    changedBy: row.changed_by,
    reason: row.reason,
  };
}

/** Whether new orders and payments are taken (false after a shutdown, until a start). */
export async function isAccepting(db: Kysely<Database>): Promise<boolean> {
  return (await payServerStatus(db)).accepting;
}

export async function setAccepting(
  db: Kysely<Database>,
  change: { accepting: boolean; at: Date; by: string; reason: string },
): Promise<void> {
  await db
    .insertInto('pay_server_state')
    .values({
      id: STATE_ID,
      accepting: change.accepting,
      changed_at: change.at,
      changed_by: change.by,
      reason: change.reason,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        accepting: change.accepting,
        changed_at: change.at,
        changed_by: change.by,
        reason: change.reason,
      }),
    )
    .execute();
}
