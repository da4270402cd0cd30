import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SetupState } from '../../shared/api/setup.js';
import { verifyPassword } from '../auth/password.js';
import { readMeta, writeMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';
import { DEMO_OPERATORS, DEMO_PASSWORD } from '../seed/operators.js';

/**
 * Where a database stands on its first run: no operator yet ('needed'), demo operators that still
 * sign in with the published password ('demo': the console shows a banner), or neither ('ready').
 *
 * Knowing whether a demo operator still has the published password costs a scrypt per demo
 * operator, so the answer is kept in app_meta with a fingerprint of the demo operators' rows
 * (their ids and password hashes): any change to them (a new password, a deletion, a new demo
 * operator) changes the fingerprint, and only then is the check made again. Databases made
 * before this existed hold demo operators and no kept answer: their first check reads 'demo'.
 */

const DEMO_CHECK_KEY = 'setup_demo_check';
const DEMO_PHONES = DEMO_OPERATORS.map((o) => o.phone);

interface KeptCheck {
  fingerprint: string;
  demo: boolean;
}

async function demoRows(db: Kysely<Database>): Promise<{ id: number; password_hash: string }[]> {
  return db
    .selectFrom('operators')
    .select(['id', 'password_hash'])
    .where('phone', 'in', DEMO_PHONES)
    .where('disabled', '=', false)
    .orderBy('id')
    .execute();
}

function fingerprintOf(rows: readonly { id: number; password_hash: string }[]): string {
  const h = createHash('sha256');
  for (const r of rows) h.update(`${r.id}:${r.password_hash}\n`);
  return h.digest('hex');
}

function readKept(value: string | undefined): KeptCheck | undefined {
  if (!value) return undefined;
  try {
    const v = JSON.parse(value) as Partial<KeptCheck>;
    return typeof v.fingerprint === 'string' && typeof v.demo === 'boolean'
      ? { fingerprint: v.fingerprint, demo: v.demo }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether any enabled demo operator still signs in with the published password. */
async function hasDemoPassword(db: Kysely<Database>): Promise<boolean> {
  const rows = await demoRows(db);
  if (rows.length === 0) return false;
  const fingerprint = fingerprintOf(rows);
  const kept = readKept(await readMeta(db, DEMO_CHECK_KEY));
  if (kept?.fingerprint === fingerprint) return kept.demo;
  let demo = false;
  for (const r of rows) {
    if (await verifyPassword(DEMO_PASSWORD, r.password_hash)) {
      demo = true;
      break;
    }
  }
  await writeMeta(db, DEMO_CHECK_KEY, JSON.stringify({ fingerprint, demo } satisfies KeptCheck));
  return demo;
}

export async function operatorCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function setupStateOf(db: Kysely<Database>): Promise<SetupState> {
  if ((await operatorCount(db)) === 0) return 'needed';
  return (await hasDemoPassword(db)) ? 'demo' : 'ready';
}
