import type { Kysely } from 'kysely';
import { TODO_CRITICAL_MS } from '../../shared/api/todo.js';
import type { Database } from '../db/schema.js';

/**
 * The to-do list's port for the other features: how many items an operator's own list holds, and
 * how many of them are critical (due within TODO_CRITICAL_MS or overdue), for the landing page.
 * Read by the deadline index (operator_id, expire_at).
 */
export async function todoCounts(
  db: Kysely<Database>,
  operatorId: number,
  now: Date,
): Promise<{ total: number; critical: number }> {
  const soon = new Date(now.getTime() + TODO_CRITICAL_MS);
  const row = await db
    .selectFrom('todo_items')
    .where('operator_id', '=', operatorId)
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn.count<string | number>('id').filterWhere('expire_at', '<', soon).as('critical'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), critical: Number(row.critical) };
}
