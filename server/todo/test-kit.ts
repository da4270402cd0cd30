import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Puts an item of this name, due a day after `at`, into every operator's list, and returns the
 * name: a call that removes "your" item then succeeds for whichever operator makes it (the RBAC
 * matrix calls with one input per caller without knowing who).
 */
export async function insertTodoForEveryone(db: Kysely<Database>, name: string, at: Date): Promise<string> {
  const operators = await db.selectFrom('operators').select('id').execute();
  await db
    .insertInto('todo_items')
    .values(
      operators.map((o) => ({
        operator_id: o.id,
        name,
        description: '',
        expire_at: new Date(at.getTime() + 86_400_000),
        created_at: at,
      })),
    )
    .execute();
  return name;
}
