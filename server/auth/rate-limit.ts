import { sql, type Kysely } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { RateLimitConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { problem } from '../http/problem.js';

/**
 * Failed sign-ins, kept in the database so that a restart does not forget them, and two limits
 * on them (the shape OWASP recommends for a console used from shared office addresses):
 *
 * - Per account: after `maxPerAccount` failures within the window, the account takes no attempt
 *   until the oldest of them leaves the window, from any address. This is what stops guessing
 *   one operator's password. A success clears the account's count.
 * - Per address: an office shares one address, so failures there must not lock the team out. An
 *   operator who signed in successfully from an address within `knownAddressDays` is known
 *   there, and the address limit does not apply to them at all (only their account's). Anyone
 *   else (an account never used from there, or a name that is no account) is slowed once the
 *   address has `maxPerIp` failures within the window: each further attempt waits a back-off
 *   after the address's last failure, doubling from 1 s up to `ipBackoffMaxSec`. A password
 *   spray over many accounts from one address crawls; nobody faces a fifteen-minute wall.
 */

/**
 * What failures are counted against: the operator when the account exists (so typing the phone
 * or the name counts alike), else the text typed.
 */
export function accountKey(account: string, operatorId: number | undefined): string {
  return operatorId === undefined ? `account:${account.trim().toLowerCase()}` : `operator:${operatorId}`;
}

const windowStart = (cfg: RateLimitConfig, now: Date) => new Date(now.getTime() - cfg.windowSec * 1000);
const secondsUntil = (ms: number, now: Date) => Math.max(1, Math.ceil((ms - now.getTime()) / 1000));

/** Seconds until the account's window holds fewer than `maxPerAccount` failures; 0 when free. */
async function accountWait(
  db: Kysely<Database>,
  key: string,
  cfg: RateLimitConfig,
  now: Date,
): Promise<number> {
  // The max-th most recent failure: once it leaves the window, one more attempt is allowed.
  const row = await db
    .selectFrom('login_failures')
    .select('at')
    .where('account', '=', key)
    .where('at', '>', windowStart(cfg, now))
    .orderBy('at', 'desc')
    .offset(cfg.maxPerAccount - 1)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 0;
  return secondsUntil(row.at.getTime() + cfg.windowSec * 1000, now);
}

/** The back-off an address owes after `failures` failures within the window (seconds). */
function addressBackoffSec(failures: number, cfg: RateLimitConfig): number {
  if (failures < cfg.maxPerIp) return 0;
  const doublings = Math.min(failures - cfg.maxPerIp, 30);
  return Math.min(2 ** doublings, cfg.ipBackoffMaxSec);
}

/** Seconds an attempt from this address must still wait; 0 when free. */
async function addressWait(
  db: Kysely<Database>,
  ip: string,
  cfg: RateLimitConfig,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select([sql<number>`count(*)::int`.as('n'), sql<Date | null>`max(at)`.as('last')])
    .where('client_ip', '=', ip)
    .where('at', '>', windowStart(cfg, now))
    .executeTakeFirstOrThrow();
  const backoff = addressBackoffSec(row.n, cfg);
  if (backoff === 0 || !row.last) return 0;
  const until = new Date(row.last).getTime() + backoff * 1000;
  return until > now.getTime() ? secondsUntil(until, now) : 0;
}

/** Whether the operator signed in successfully from this address recently. */
async function isKnownAddress(
  db: Kysely<Database>,
  operatorId: number,
  ip: string,
  cfg: RateLimitConfig,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('known_addresses')
    .select('operator_id')
    .where('operator_id', '=', operatorId)
    .where('client_ip', '=', ip)
    .where('last_success_at', '>', new Date(now.getTime() - cfg.knownAddressDays * 86_400_000))
    .executeTakeFirst();
  return row !== undefined;
}

export interface LoginAttempt {
  key: string;
  /** The operator the account names, when it names one. */
  operatorId: number | undefined;
  ip: string;
}

export async function assertLoginAllowed(
  db: Kysely<Database>,
  attempt: LoginAttempt,
  cfg: RateLimitConfig,
  now: Date,
): Promise<void> {
  const forAccount = await accountWait(db, attempt.key, cfg, now);
  if (forAccount > 0) {
    throw problem(
      Codes.RATE_LIMITED,
      `Too many failed sign-ins; wait ${forAccount} seconds and try again`,
      `登录失败次数过多，请等待 ${forAccount} 秒后再试`,
    );
  }
  const known =
    attempt.operatorId !== undefined && (await isKnownAddress(db, attempt.operatorId, attempt.ip, cfg, now));
  const forAddress = known ? 0 : await addressWait(db, attempt.ip, cfg, now);
  if (forAddress > 0) {
    throw problem(
      Codes.RATE_LIMITED,
      `Too many failed sign-ins from this address; wait ${forAddress} seconds and try again`,
      `此地址登录失败次数过多，请等待 ${forAddress} 秒后再试`,
    );
  }
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  attempt: LoginAttempt,
  cfg: RateLimitConfig,
  now: Date,
): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ account: attempt.key, client_ip: attempt.ip, at: now })
    .execute();
  // Old failures count for nothing; keep the table small.
  await db.deleteFrom('login_failures').where('at', '<', windowStart(cfg, now)).execute();
}

/**
 * A successful sign-in: the account's failures are forgiven (not the address's: one good
 * password must not unlock guessing at other accounts from there), and the address becomes known
 * for this operator.
 */
export async function recordLoginSuccess(
  db: Kysely<Database>,
  attempt: LoginAttempt & { operatorId: number },
  cfg: RateLimitConfig,
  now: Date,
): Promise<void> {
  await db.deleteFrom('login_failures').where('account', '=', attempt.key).execute();
  await db
    .insertInto('known_addresses')
    .values({ operator_id: attempt.operatorId, client_ip: attempt.ip, last_success_at: now })
    .onConflict((oc) => oc.columns(['operator_id', 'client_ip']).doUpdateSet({ last_success_at: now }))
    .execute();
  await db
    .deleteFrom('known_addresses')
    .where('operator_id', '=', attempt.operatorId)
    .where('last_success_at', '<', new Date(now.getTime() - cfg.knownAddressDays * 86_400_000))
    .execute();
}
