import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Codes } from '../../shared/codes.js';
import type { Database } from '../db/schema.js';
import { problem } from '../http/problem.js';

/**
 * The notify route is open to the internet on a standalone server (providers post there), and
 * every notice is recorded, refused ones included: anyone could fill the notice log with forged
 * notices. So an address gets NOTICE_LIMIT.refusedPerAddress refused notices (not verified:
 * badSignature, stale, malformed, or for a provider that is not configured) per window; past
 * that, its further refused notices are answered 42900 and not recorded, until the window ends.
 *
 * Only refused notices count: a notice that verifies is the provider's own (only it holds the
 * key), so a busy studio's genuine notices are never slowed, and a forger sending from the same
 * address (a shared proxy) cannot hold them up. The count lives in the database (one row per
 * address and fixed window, raised in one statement), so instances on one PostgreSQL share it and
 * concurrent notices cannot all slip under it.
 */

export const NOTICE_LIMIT = { refusedPerAddress: 20, windowSec: 600 } as const;

/**
 * Counts one refused notice from `ip`; throws 42900 (and records nothing more) once the address
 * is past its limit in this window. `retryAfter` receives the seconds until the window ends.
 */
export async function countRefusedNotice(
  db: Kysely<Database>,
  ip: string,
  now: Date,
  opts: { log: FastifyBaseLogger; retryAfter?: (seconds: number) => void },
): Promise<void> {
  const windowMs = NOTICE_LIMIT.windowSec * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .insertInto('pay_notice_refusals')
    .values({ client_ip: ip, window_start: start, refused: 1 })
    .onConflict((oc) =>
      oc
        .columns(['client_ip', 'window_start'])
        .doUpdateSet({ refused: sql`pay_notice_refusals.refused + 1` }),
    )
    .returning('refused')
    .executeTakeFirstOrThrow();
  // The first refusal of a window clears the windows before it, which count for nothing.
  if (row.refused === 1)
    await db.deleteFrom('pay_notice_refusals').where('window_start', '<', start).execute();
  if (row.refused <= NOTICE_LIMIT.refusedPerAddress) return;
  const wait = Math.max(1, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000));
  // Said once per address and window, not once per notice of the flood.
  if (row.refused === NOTICE_LIMIT.refusedPerAddress + 1) {
    opts.log.warn(
      { ip, limit: NOTICE_LIMIT.refusedPerAddress, windowSec: NOTICE_LIMIT.windowSec },
      'refused payment notices from this address are no longer recorded until the window ends',
    );
  }
  opts.retryAfter?.(wait);
  throw problem(
    Codes.RATE_LIMITED,
    `Too many refused payment notices from this address (${NOTICE_LIMIT.refusedPerAddress} in ${NOTICE_LIMIT.windowSec / 60} minutes); notices that do not verify are not recorded for the next ${wait} seconds`,
    `此地址被拒绝的支付通知过多（${NOTICE_LIMIT.windowSec / 60} 分钟内 ${NOTICE_LIMIT.refusedPerAddress} 条）；接下来 ${wait} 秒内无法验证的通知不再记录`,
  );
}
