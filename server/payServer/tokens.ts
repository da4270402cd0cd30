import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAY_SERVER_TOKEN_TTL_S } from '../../shared/api/payments.js';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import type { AuthInfo } from '../auth/sessions.js';
import type { Database } from '../db/schema.js';
import type { HeaderAuthenticator } from '../http/authenticate.js';
import { problem } from '../http/problem.js';
import { profileOf } from '../users/operators.js';

/**
 * Pay-server tokens: random, stored only as SHA-256 hashes, one per operator (a new sign-in
 * replaces the old one). They carry no roles: every call reads the operator afresh, so a role
 * taken away or an operator disabled counts at once. The payment service's endpoints accept nothing
 * else (their `auth: 'payServer'`; payServerAuthenticator below, registered by the payments feature).
 */

/** Our prefix: tells a pay-server token from a console access token ("v1.…") at a glance. */
const PREFIX = 'pst_';

export const hashPayServerToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedPayServerToken {
  token: string;
  /** Seconds since the epoch, like the console session's expireTime. */
  expiredAt: number;
}

export async function issuePayServerToken(
  db: Kysely<Database>,
  operatorId: number,
  now: Date,
): Promise<IssuedPayServerToken> {
  const token = PREFIX + randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PAY_SERVER_TOKEN_TTL_S * 1000);
  const values = { token_hash: hashPayServerToken(token), issued_at: now, expires_at: expiresAt };
  await db
    .insertInto('pay_server_tokens')
    .values({ operator_id: operatorId, ...values })
    .onConflict((oc) => oc.column('operator_id').doUpdateSet(values))
    .execute();
  return { token, expiredAt: Math.floor(expiresAt.getTime() / 1000) };
}

/**
 * Ends an operator's pay-server session (nothing to do when there is none). Signing out of the
 * console ends it too (the payments feature's onSignOut): a signed-out operator keeps no way into
 * the payment service, whoever may have copied the token.
 */
export async function revokePayServerToken(db: Kysely<Database>, operatorId: number): Promise<void> {
  await db.deleteFrom('pay_server_tokens').where('operator_id', '=', operatorId).execute();
}

const signInToPayServer = (en: string, zh: string) =>
  problem(
    Codes.PAY_SERVER_SIGN_IN,
    `${en}; sign in to the pay server (Pay server panel on /pay/paypal)`,
    `${zh}；请登录支付服务器（/pay/paypal 页面的支付服务器面板）`,
  );

/**
 * The operator behind a payment-service call. Every refusal of a token that was sent is
 * PAY_SERVER_SIGN_IN, never a console-session code: the console's session is fine, only the
 * pay-server session is missing, so the console must not sign the operator out over it.
 */
export async function authenticatePayServer(
  db: Kysely<Database>,
  authorization: string | undefined,
  nowMs: number,
): Promise<AuthInfo> {
  if (!authorization) {
    throw problem(
      Codes.UNAUTHENTICATED,
      'Sign in first (no pay-server token was sent)',
      '请先登录（请求未携带支付服务器令牌）',
    );
  }
  const match = /^Bearer (\S{1,256})$/.exec(authorization);
  const token = match?.[1];
  if (!token) {
    throw signInToPayServer(
      'The Authorization header must be "Bearer " and a pay-server token',
      'Authorization 请求头须为 "Bearer " 加支付服务器令牌',
    );
  }
  if (!token.startsWith(PREFIX)) {
    throw signInToPayServer(
      'The payment service does not accept the console access token, only a pay-server token',
      '支付服务不接受控制台访问令牌，只接受支付服务器令牌',
    );
  }
  const row = await db
    .selectFrom('pay_server_tokens as t')
    .innerJoin('operators as o', 'o.id', 't.operator_id')
    .selectAll('o')
    .select(['t.expires_at as token_expires_at'])
    .where('t.token_hash', '=', hashPayServerToken(token))
    .executeTakeFirst();
  if (!row) {
    throw signInToPayServer(
      'This pay-server token is not valid (a newer sign-in replaced it, its operator signed out of the console, or it was never issued)',
      '该支付服务器令牌无效（已被更新的登录取代、其操作员已退出控制台，或从未签发）',
    );
  }
  if (row.token_expires_at.getTime() <= nowMs) {
    throw signInToPayServer('The pay-server session has expired', '支付服务器会话已过期');
  }
  if (row.disabled) throw new ApiError(Codes.ACCOUNT_DISABLED);
  const { token_expires_at: expiresAt, ...operator } = row;
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return {
    operator: profileOf(operator),
    sessionId: `pay-server:${operator.id}`,
    expireTime: exp,
    refreshExpireTime: exp,
  };
}

export const payServerAuthenticator: HeaderAuthenticator = {
  from: 'header',
  authenticate: (authorization, deps, now) => authenticatePayServer(deps.db, authorization, now.getTime()),
};
