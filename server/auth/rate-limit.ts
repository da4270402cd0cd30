import type { Kysely } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { RateLimitConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { problem } from '../http/problem.js';

/**
 * Failed sign-ins, counted per account and per client IP over a sliding window, in the database
 * so that a restart does not reset them. A success clears the account's count (not the IP's:
 * one good password must not unlock guessing at other accounts from the same address).
 */

/**
 * What failures are counted against: the operator when the account exists (so typing the phone
 * or the name counts alike), else the text typed.
 */
export function accountKey(account: string, operatorId: number | undefined): string {
  return operatorId === undefined ? `account:${account.trim().toLowerCase()}` : `operator:${operatorId}`;
}

/** Seconds until the window holds fewer than `max` failures, or 0 when not limited. */
async function waitFor(
  db: Kysely<Database>,
  column: 'account' | 'client_ip',
  value: string,
  max: number,
  cfg: RateLimitConfig,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - cfg.windowSec * 1000);
  // The max-th most recent failure: once it leaves the window, one more attempt is allowed.
  const row = await db
    .selectFrom('login_failures')
    .select('at')
    .where(column, '=', value)
    .where('at', '>', since)
    .orderBy('at', 'desc')
    .offset(max - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  return Math.max(1, Math.ceil((row.at.getTime() + cfg.windowSec * 1000 - now.getTime()) / 1000));
}

export async function assertLoginAllowed(
  db: Kysely<Database>,
  key: string,
  ip: string,
  cfg: RateLimitConfig,
  now: Date,
): Promise<void> {
  const wait = Math.max(
    await waitFor(db, 'account', key, cfg.maxPerAccount, cfg, now),
    await waitFor(db, 'client_ip', ip, cfg.maxPerIp, cfg, now),
  );
  if (wait > 0) {
    throw problem(
      Codes.RATE_LIMITED,
      `Too many failed sign-ins; wait ${wait} seconds and try again`,
      `登录失败次数过多，请等待 ${wait} 秒后再试`,
    );
  }
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  key: string,
  ip: string,
  cfg: RateLimitConfig,
  now: Date,
): Promise<void> {
  await db.insertInto('login_failures').values({ account: key, client_ip: ip, at: now }).execute();
  // Old failures count for nothing; keep the table small.
  await db
    .deleteFrom('login_failures')
    .where('at', '<', new Date(now.getTime() - cfg.windowSec * 1000))
    .execute();
}

export async function clearAccountFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', key).execute();
}
