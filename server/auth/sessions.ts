import { randomUUID } from 'node:crypto';
import { recordSystemEvent } from '../audit/system-events.js';
import type { Kysely } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import type { SessionUser } from '../../shared/session.js';
import type { AuthConfig } from '../config.js';
import type { Clock } from '../platform/clock.js';
import type { NotifyBus } from '../platform/notify.js';
import type { Database } from '../db/schema.js';
import { recordAudit } from '../audit/record.js';
import { problem } from '../http/problem.js';
import { findOperatorByAccount, profileOf, type OperatorProfile } from '../users/operators.js';
import { dummyHash, verifyPassword } from './password.js';
import { openSuccessor, sealSuccessor } from './grace.js';
import {
  accountKey,
  assertLoginAllowed,
  recordLoginFailure,
  recordLoginSuccess,
  type LoginAttempt,
} from './rate-limit.js';
import {
  hashRefreshToken,
  newRefreshToken,
  readAccessToken,
  signAccessToken,
  type AccessClaims,
} from './tokens.js';

/**
 * Sessions: sign-in (with its rate limits, rate-limit.ts), refresh-token rotation with a short
 * grace for a lost answer (grace.ts) and reuse detection after it, sign-out, and the check every
 * authenticated request goes through. A session is one refresh-token family with an absolute end.
 */

/** The operator behind a request: read from the database, or remembered until any instance changes them. */
export type SignedInOperator = OperatorProfile;

export interface AuthInfo {
  operator: SignedInOperator;
  sessionId: string;
  /** Seconds since the epoch: the presented access token's end, and the session's. */
  expireTime: number;
  refreshExpireTime: number;
}

export interface TokenPair {
  authToken: string;
  refreshToken: string;
  expireTime: number;
  refreshExpireTime: number;
}

const sec = (d: Date | number): number => Math.floor((typeof d === 'number' ? d : d.getTime()) / 1000);

export function sessionUserOf(
  op: SignedInOperator,
  expireTime: number,
  refreshExpireTime: number,
): SessionUser {
  return {
    name: op.name,
    phone: op.phone,
    avatar: op.avatar,
    bio: op.bio,
    role: op.roles,
    expireTime,
    refreshExpireTime,
    first_name: op.first_name,
  };
}

const tokenInvalid = () =>
  problem(
    Codes.UNAUTHENTICATED,
    'The access token is missing or not valid; sign in again',
    '访问令牌缺失或无效，请重新登录',
  );
const sessionRevoked = () =>
  problem(Codes.SESSION_REVOKED, 'This session has ended; sign in again', '该会话已结束，请重新登录');

/**
 * Ends sessions of an operator (all, or all but one); their tokens stop working at once. The
 * caller announces the change (AuthService.sessionsChanged) in the same transaction.
 */
export async function revokeSessionsOf(
  db: Kysely<Database>,
  operatorId: number,
  reason: string,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  config: AuthConfig;
  clock: Clock;
  secret: Buffer;
  /**
   * Where a change to sessions or operators is announced to every instance serving the database
   * (server/platform/notify.ts). With it, checked sessions are remembered between changes while
   * the bus listens (a change on any instance drops them everywhere); without it, or while its
   * connection is down, every request reads its session.
   */
  bus?: NotifyBus;
  /**
   * What else ends when an operator signs out (features' sessions of their own, such as the
   * pay-server token), so a signed-out operator keeps no way in, whoever copied a token.
   */
  onSignOut?: (db: Kysely<Database>, operatorId: number) => Promise<void>;
}

type SessionRow = Awaited<ReturnType<AuthService['readSession']>>;

/** Enough for every operator of a studio; past it the memory starts over. */
const REMEMBERED_SESSIONS = 10_000;

/** Access tokens whose signature was checked, as many as the sessions remembered. */
const REMEMBERED_TOKENS = 10_000;

/** The bus channel of session and operator changes; the payload is the operator's id. */
export const SESSIONS_CHANNEL = 'gameops_sessions';

export class AuthService {
  readonly #db: Kysely<Database>;
  readonly #config: AuthConfig;
  readonly #clock: Clock;
  readonly #secret: Buffer;
  readonly #onSignOut: NonNullable<AuthServiceDeps['onSignOut']>;
  readonly #dummy: Promise<string>;
  readonly #bus: NotifyBus | undefined;
  /** Sessions read since the last change, by id; null when not remembering. */
  readonly #remembered: Map<string, NonNullable<SessionRow>> | null;
  /** Bumped by every change; a read that raced a change is not remembered. */
  #generation = 0;
  /**
   * The claims of access tokens whose signature was checked, by the token's exact text: the HMAC,
   * the base64 checks and the JSON were a sixth of a session check's time (bench/throughput.ts's
   * profile). A token's text and the secret never change, so neither does what it proves; its
   * expiry and its session are still checked at every use.
   */
  readonly #verified = new Map<string, AccessClaims>();

  constructor(deps: AuthServiceDeps) {
    this.#bus = deps.bus;
    this.#remembered = deps.bus ? new Map() : null;
    deps.bus?.subscribe(SESSIONS_CHANNEL, {
      message: (payload) => this.#forgetOperator(Number(payload)),
      missed: () => this.forgetSessions(),
    });
    this.#db = deps.db;
    this.#config = deps.config;
    this.#clock = deps.clock;
    this.#secret = deps.secret;
    this.#onSignOut = deps.onSignOut ?? (async () => undefined);
    // Ready before the first unknown account shows up, so that it costs what a known one does.
    this.#dummy = dummyHash(this.#config.scrypt);
  }

  get config(): AuthConfig {
    return this.#config;
  }

  /**
   * Drops every remembered session. This instance's own changes come from its mutating requests,
   * which call this when they start and again when they have answered (server/app.ts), so here a
   * revoked session or a disabled, changed or deleted operator is never served from memory. Reads
   * (GET) change neither. Other instances hear of a change through `sessionsChanged`.
   */
  forgetSessions(): void {
    this.#generation += 1;
    this.#remembered?.clear();
  }

  /** Drops the remembered sessions of one operator (any other id: all of them). */
  #forgetOperator(operatorId: number): void {
    if (!Number.isSafeInteger(operatorId) || !this.#remembered) {
      this.forgetSessions();
      return;
    }
    this.#generation += 1;
    for (const [id, row] of this.#remembered) if (row.id === operatorId) this.#remembered.delete(id);
  }

  /**
   * Announces to every instance (this one too) that an operator's sessions or account changed:
   * a sign-out, a revocation, a new password, roles, name, disabled, deleted. Every writer of the
   * sessions or operators tables that can affect a session check calls this, with its own handle:
   * inside a transaction the announcement leaves when it commits.
   */
  async sessionsChanged(db: Kysely<Database>, operatorId: number): Promise<void> {
    await this.#bus?.publish(db, SESSIONS_CHANNEL, String(operatorId));
  }

  readSession(sessionId: string) {
    return this.#db
      .selectFrom('sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.revoked_at', 's.expires_at'])
      .selectAll('o')
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
  }

  /** The session with its operator: remembered when allowed, else read. Expiry is checked by the caller at each use. */
  async #sessionOf(sessionId: string): Promise<SessionRow> {
    // Deaf to the other instances' changes, memory cannot be trusted: read.
    const memory = this.#bus?.listening ? this.#remembered : null;
    const known = memory?.get(sessionId);
    if (known) return known;
    const generation = this.#generation;
    const row = await this.readSession(sessionId);
    if (row && memory && generation === this.#generation && this.#bus?.listening) {
      if (memory.size >= REMEMBERED_SESSIONS) memory.clear();
      memory.set(sessionId, row);
    }
    return row;
  }

  /** A well-signed token's claims (checked once per token text), or undefined. */
  #claimsOf(token: string): AccessClaims | undefined {
    const known = this.#verified.get(token);
    if (known) return known;
    const claims = readAccessToken(this.#secret, token);
    // Only well-signed tokens are kept: a client cannot fill the memory with junk.
    if (claims) {
      if (this.#verified.size >= REMEMBERED_TOKENS) this.#verified.clear();
      this.#verified.set(token, claims);
    }
    return claims;
  }

  #accessToken(
    sessionId: string,
    operatorId: number,
    sessionEnd: Date,
    now: number,
  ): { token: string; exp: number } {
    // An access token never outlives its session.
    const exp = Math.min(sec(now) + this.#config.accessTtlSec, sec(sessionEnd));
    return { token: signAccessToken(this.#secret, { sid: sessionId, uid: operatorId, exp }), exp };
  }

  async login(account: string, password: string, ip: string): Promise<TokenPair & { user: SessionUser }> {
    const db = this.#db;
    const nowMs = this.#clock();
    const now = new Date(nowMs);
    const row = await findOperatorByAccount(db, account);
    const attempt: LoginAttempt = { key: accountKey(account, row?.id), operatorId: row?.id, ip };
    const limits = this.#config.rateLimit;
    const audit = (outcome: 'ok' | 'error', code: number) =>
      recordAudit(db, {
        at: now,
        operatorId: row?.id ?? null,
        operator: row?.name ?? account,
        action: 'auth.login',
        target: row?.phone ?? account,
        outcome,
        code,
        clientIp: ip,
      });

    try {
      await assertLoginAllowed(db, attempt, limits, now);
    } catch (err) {
      await audit('error', Codes.RATE_LIMITED);
      throw err;
    }

    const good = await verifyPassword(password, row?.password_hash ?? (await this.#dummy));
    if (!row || !good) {
      await recordLoginFailure(db, attempt, limits, now);
      await audit('error', Codes.INVALID_CREDENTIALS);
      throw new ApiError(Codes.INVALID_CREDENTIALS);
    }
    // Told only to someone who knows the password.
    if (row.disabled) {
      await audit('error', Codes.ACCOUNT_DISABLED);
      throw new ApiError(Codes.ACCOUNT_DISABLED);
    }

    const sessionId = randomUUID();
    const expiresAt = new Date(nowMs + this.#config.sessionTtlSec * 1000);
    const refreshToken = newRefreshToken();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sessions')
        .values({ id: sessionId, operator_id: row.id, created_at: now, expires_at: expiresAt, client_ip: ip })
        .execute();
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hashRefreshToken(refreshToken), session_id: sessionId, created_at: now })
        .execute();
      await trx.updateTable('operators').set({ last_login_at: now }).where('id', '=', row.id).execute();
    });
    await recordLoginSuccess(db, { ...attempt, operatorId: row.id }, limits, now);
    await audit('ok', Codes.OK);

    const access = this.#accessToken(sessionId, row.id, expiresAt, nowMs);
    const op = profileOf(row);
    return {
      authToken: access.token,
      refreshToken,
      expireTime: access.exp,
      refreshExpireTime: sec(expiresAt),
      user: sessionUserOf(op, access.exp, sec(expiresAt)),
    };
  }

  async refresh(refreshToken: string, ip: string): Promise<TokenPair> {
    const db = this.#db;
    const nowMs = this.#clock();
    const now = new Date(nowMs);
    const hash = hashRefreshToken(refreshToken);
    const find = () =>
      db
        .selectFrom('refresh_tokens as t')
        .innerJoin('sessions as s', 's.id', 't.session_id')
        .innerJoin('operators as o', 'o.id', 's.operator_id')
        .select([
          't.used_at',
          't.successor',
          's.id as session_id',
          's.expires_at',
          's.revoked_at',
          'o.id as operator_id',
          'o.name',
          'o.phone',
          'o.disabled',
        ])
        .where('t.token_hash', '=', hash)
        .executeTakeFirst();
    const found = await find();
    if (!found) throw new ApiError(Codes.REFRESH_INVALID);

    const reuse = async (): Promise<never> => {
      // A used token came back: someone holds a copy. End the whole family, whoever it is.
      await revokeSessionsOfFamily(db, found.session_id, now);
      await this.sessionsChanged(db, found.operator_id);
      await recordAudit(db, {
        at: now,
        operatorId: found.operator_id,
        operator: found.name,
        action: 'auth.refreshReuse',
        target: found.phone,
        outcome: 'error',
        code: Codes.SESSION_REVOKED,
        clientIp: ip,
      });
      // Also one of the backend's own events: a stolen token is the security team's business.
      await recordSystemEvent(db, {
        at: now,
        kind: 'auth.refreshReuse',
        level: 'warn',
        subject: found.name,
        detail: { sessionId: found.session_id, clientIp: ip },
      });
      throw problem(
        Codes.SESSION_REVOKED,
        'This refresh token was already used, so the session was ended for safety; sign in again',
        '该刷新令牌已被使用过，为安全起见会话已结束，请重新登录',
      );
    };
    const pairFor = (next: string): TokenPair => {
      const access = this.#accessToken(found.session_id, found.operator_id, found.expires_at, nowMs);
      return {
        authToken: access.token,
        refreshToken: next,
        expireTime: access.exp,
        refreshExpireTime: sec(found.expires_at),
      };
    };
    /**
     * A used token within the rotation's grace, whose successor is still unused: the answer that
     * carried the successor was lost, so it is answered again. Anything else is reuse.
     */
    const graceOrReuse = async (usedAt: Date | null, seal: string | null): Promise<TokenPair> => {
      const inGrace = usedAt !== null && nowMs - usedAt.getTime() <= this.#config.refreshGraceSec * 1000;
      const next = inGrace && seal ? openSuccessor(this.#secret, refreshToken, seal) : undefined;
      if (next === undefined) return reuse();
      const successor = await db
        .selectFrom('refresh_tokens')
        .select('used_at')
        .where('token_hash', '=', hashRefreshToken(next))
        .where('session_id', '=', found.session_id)
        .executeTakeFirst();
      if (!successor || successor.used_at) return reuse();
      return pairFor(next);
    };

    if (found.revoked_at) throw sessionRevoked();
    if (found.expires_at.getTime() <= nowMs) {
      throw problem(
        Codes.REFRESH_INVALID,
        'The session has expired; sign in again',
        '会话已过期，请重新登录',
      );
    }
    if (found.disabled) throw new ApiError(Codes.ACCOUNT_DISABLED);
    if (found.used_at) return graceOrReuse(found.used_at, found.successor);

    const next = newRefreshToken();
    const rotated = await db.transaction().execute(async (trx) => {
      // Marking the old token used is the race guard: of two concurrent uses, only one wins.
      const res = await trx
        .updateTable('refresh_tokens')
        .set({ used_at: now, successor: sealSuccessor(this.#secret, refreshToken, next) })
        .where('token_hash', '=', hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ token_hash: hashRefreshToken(next), session_id: found.session_id, created_at: now })
        .execute();
      return true;
    });
    if (rotated) return pairFor(next);
    // A concurrent refresh with the same token won: this one is its twin, answered alike.
    const again = await find();
    return graceOrReuse(again?.used_at ?? null, again?.successor ?? null);
  }

  /** Ends the session the refresh token belongs to. Unknown tokens end nothing. */
  async logout(refreshToken: string, ip: string): Promise<boolean> {
    const db = this.#db;
    const now = new Date(this.#clock());
    const found = await db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.id as session_id', 's.revoked_at', 'o.id as operator_id', 'o.name', 'o.phone'])
      .where('t.token_hash', '=', hashRefreshToken(refreshToken))
      .executeTakeFirst();
    if (!found) return false;
    if (!found.revoked_at) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now, revoked_reason: 'logout' })
        .where('id', '=', found.session_id)
        .execute();
    }
    await this.#onSignOut(db, found.operator_id);
    await this.sessionsChanged(db, found.operator_id);
    await recordAudit(db, {
      at: now,
      operatorId: found.operator_id,
      operator: found.name,
      action: 'auth.logout',
      target: found.phone,
      outcome: 'ok',
      code: Codes.OK,
      clientIp: ip,
    });
    return true;
  }

  /**
   * The signed-in operator behind an Authorization header, checked against the database. Only
   * the canonical spelling is accepted, `Bearer <token>` with one space and nothing around: a
   * token that still works with junk added is one that logs and filters cannot match reliably.
   */
  async authenticate(authorization: string | undefined): Promise<AuthInfo> {
    if (!authorization) {
      throw problem(
        Codes.UNAUTHENTICATED,
        'Sign in first (no access token was sent)',
        '请先登录（请求未携带访问令牌）',
      );
    }
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization);
    if (!match?.[1]) {
      throw problem(
        Codes.UNAUTHENTICATED,
        'The Authorization header must be exactly "Bearer " and the access token; sign in again if in doubt',
        'Authorization 请求头须为 "Bearer " 加访问令牌，不能有其他内容；如有疑问请重新登录',
      );
    }
    const claims = this.#claimsOf(match[1]);
    if (!claims) throw tokenInvalid();
    const nowMs = this.#clock();
    if (claims.exp * 1000 <= nowMs) throw new ApiError(Codes.TOKEN_EXPIRED);

    const row = await this.#sessionOf(claims.sid);
    // Gone: the operator was deleted with their sessions.
    if (!row) throw sessionRevoked();
    if (row.id !== claims.uid) throw tokenInvalid();
    if (row.revoked_at || row.expires_at.getTime() <= nowMs) throw sessionRevoked();
    if (row.disabled) throw new ApiError(Codes.ACCOUNT_DISABLED);
    return {
      operator: profileOf(row),
      sessionId: claims.sid,
      expireTime: claims.exp,
      refreshExpireTime: sec(row.expires_at),
    };
  }
}

async function revokeSessionsOfFamily(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: 'refresh-reuse' })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
