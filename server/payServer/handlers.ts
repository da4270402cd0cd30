import type { PayServerStatus, paymentsEndpoints } from '../../shared/api/payments.js';
import { signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { payServerStatus, setAccepting } from './state.js';
import { issuePayServerToken } from './tokens.js';

/**
 * The pay-server session and switch (payServer.*). server/payments spreads these into the
 * payments feature's handler map; the migration is payServerMigrations (migrations.ts).
 */

type PayServerIds = 'payServer.signIn' | 'payServer.status' | 'payServer.shutdown' | 'payServer.start';
type PayServerEndpoints = Pick<typeof paymentsEndpoints, PayServerIds>;

const TARGET = 'pay server';

/**
 * Shut down or start. Asking for the state it is already in changes nothing and answers the
 * state as it is (who changed it last, and why, stay as they were): two SUPERs pressing Shut down
 * at once is not an error, and the first one's reason is the one that counts.
 */
async function switchTo(accepting: boolean, reason: string, ctx: HandlerContext): Promise<PayServerStatus> {
  const op = signedInOf(ctx).operator;
  const before = await payServerStatus(ctx.db);
  ctx.audit.target = TARGET;
  ctx.audit.before = before;
  if (before.accepting !== accepting) {
    await setAccepting(ctx.db, { accepting, at: ctx.now, by: op.name, reason });
  }
  const after = await payServerStatus(ctx.db);
  ctx.audit.after = after;
  return after;
}

export const payServerHandlers: HandlerMap<PayServerEndpoints> = {
  'payServer.signIn': async (_input, ctx) => {
    const op = signedInOf(ctx).operator;
    const issued = await issuePayServerToken(ctx.db, op.id, ctx.now);
    ctx.audit.target = op.name;
    // The entry says when the session ends; the token itself never goes into the log.
    ctx.audit.after = { expiredAt: issued.expiredAt };
    return issued;
  },
  'payServer.status': async (_input, ctx) => payServerStatus(ctx.db),
  'payServer.shutdown': async (input, ctx) => switchTo(false, input.reason, ctx),
  'payServer.start': async (input, ctx) => switchTo(true, input.reason, ctx),
};
