import { sql, type Kysely } from 'kysely';
import { GAME_IDS } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { rebuildReports } from './rollups.js';

/**
 * The studio's time zone: one per deployment, kept in `report_settings` (the rollups' days are
 * counted in it, by the triggers too), set by the backend's `timeZone` option (`--time-zone`).
 * Asia/Shanghai until a deployment names another; a start without the option keeps the zone the
 * database has.
 */

/** Whether `zone` is an IANA zone this runtime knows (Asia/Shanghai, Europe/Berlin, UTC). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Refuses a zone that does not exist, with what to write instead; returns it as given. */
export function checkTimeZone(zone: string): string {
  if (!isTimeZone(zone))
    throw new Error(
      `the time zone "${zone}" does not exist: give an IANA time zone name such as Asia/Shanghai, ` +
        'Europe/Berlin or UTC',
    );
  return zone;
}

/** The zone the rollups are counted in. */
export async function reportTimeZone(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('report_settings').select('time_zone').executeTakeFirstOrThrow();
  return row.time_zone;
}

/**
 * Makes `zone` the deployment's: when it differs from the database's, every game's rollups are
 * counted again in it, in the same transaction. A zone the database does not know is refused
 * before anything changes.
 */
export async function useTimeZone(db: Kysely<Database>, zone: string): Promise<void> {
  checkTimeZone(zone);
  const known = await sql<{ n: number }>`
    select count(*)::int as n from pg_timezone_names where name = ${zone}`.execute(db);
  if ((known.rows[0]?.n ?? 0) === 0 && zone !== 'UTC')
    throw new Error(`the time zone "${zone}" is not known to the database; give another IANA name`);
  if ((await reportTimeZone(db)) === zone) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('report_settings').set({ time_zone: zone }).execute();
    for (const game of GAME_IDS) await rebuildReports(trx, game);
  });
}
