import { sql, type Selectable, type Updateable } from 'kysely';
import { Codes } from '../../shared/codes.js';
import {
  ACCESS_REQUEST_LIMIT,
  type AccessRequest,
  type accessRequestsEndpoints,
} from '../../shared/api/accessRequests.js';
import { phoneSchema } from '../../shared/api/users.js';
import { hashPassword } from '../auth/password.js';
import { listPage } from '../db/paging.js';
import type { AccessRequestsTable } from './tables.js';
import { auditedResult, signedInOf, type HandlerContext, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { toOperator } from '../users/operators.js';
import { gameIdSchema, roleSchema } from '../../shared/ids-schema.js';

/**
 * Access requests (shared/api/accessRequests.ts). The password a newcomer chooses is hashed at
 * once with the operators' own helper and parameters, so approving copies the hash into the new
 * operator's row and the newcomer signs in with exactly what they typed; no handler ever answers
 * with the hash.
 */

type Endpoints = typeof accessRequestsEndpoints;
type RequestRow = Selectable<AccessRequestsTable>;

export function toAccessRequest(row: RequestRow): AccessRequest {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    // Only known values: a value edited into the database by hand is not passed on.
    games: row.games.filter((g) => gameIdSchema.safeParse(g).success) as AccessRequest['games'],
    why: row.why,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    decidedBy: row.decided_by,
    roles: row.roles
      ? (row.roles.filter((r) => roleSchema.safeParse(r).success) as NonNullable<AccessRequest['roles']>)
      : null,
    declineReason: row.decline_reason,
  };
}

const field = (path: string, message: string) => [{ path, message }];

/** The phone or name already belongs to an operator: the newcomer should sign in, or pick another. */
async function assertNotOperator(ctx: HandlerContext, phone: string, name: string): Promise<void> {
  const byPhone = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (byPhone) {
    throw problem(
      Codes.CONFLICT,
      `The phone ${phone} already belongs to an operator: sign in instead, or ask a super-admin to reset the password`,
      `手机号 ${phone} 已是运营人员的账号：请直接登录，或请超级管理员重置密码`,
      field('phone', 'already an operator'),
    );
  }
  const byName = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  if (byName) {
    throw problem(
      Codes.CONFLICT,
      `The name ${name} is already an operator's; choose another name to sign in with`,
      `名称 ${name} 已被运营人员使用，请换一个登录名称`,
      field('name', 'already taken'),
    );
  }
}

function alreadyOpen(phone: string): never {
  throw problem(
    Codes.CONFLICT,
    `The phone ${phone} already has a request waiting for review; a super-admin will answer it`,
    `手机号 ${phone} 已有一个待审核的申请，超级管理员会尽快处理`,
    field('phone', 'a request is already waiting'),
  );
}

/** The phone's open request, another open request's name, or too many from this address. */
async function assertMaySubmit(ctx: HandlerContext, phone: string, name: string): Promise<void> {
  const open = await ctx.db
    .selectFrom('access_requests')
    .select(['phone', 'name'])
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('phone', '=', phone), eb(sql<string>`lower(name)`, '=', name.toLowerCase())]))
    .execute();
  if (open.some((r) => r.phone === phone)) alreadyOpen(phone);
  if (open.length > 0) {
    throw problem(
      Codes.CONFLICT,
      `Someone else has asked for the name ${name} and is waiting for review; choose another name`,
      `另一位申请人已申请名称 ${name}，正在等待审核，请换一个名称`,
      field('name', 'already requested'),
    );
  }
  const since = new Date(ctx.now.getTime() - ACCESS_REQUEST_LIMIT.windowSec * 1000);
  const { n } = await ctx.db
    .selectFrom('access_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('client_ip', '=', ctx.ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(n) >= ACCESS_REQUEST_LIMIT.perAddress) {
    throw problem(
      Codes.RATE_LIMITED,
      `Too many access requests from this address within the hour (${ACCESS_REQUEST_LIMIT.perAddress}); try again later`,
      `此地址一小时内提交的访问申请过多（${ACCESS_REQUEST_LIMIT.perAddress} 个），请稍后再试`,
    );
  }
}

async function mustFindRequest(ctx: HandlerContext, id: number): Promise<RequestRow> {
  const row = await ctx.db.selectFrom('access_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) {
    throw problem(
      Codes.NOT_FOUND,
      `There is no access request ${id}; reload the list`,
      `没有编号为 ${id} 的访问申请，请刷新列表`,
    );
  }
  return row;
}

/** The request an approval or a decline acts on, named in its audit entry; 40900 once decided. */
async function openRequestOf(ctx: HandlerContext, id: number): Promise<RequestRow> {
  ctx.audit.target = String(id);
  const row = await mustFindRequest(ctx, id);
  ctx.audit.target = row.phone;
  ctx.audit.before = toAccessRequest(row);
  assertOpen(row);
  return row;
}

/**
 * Decides an open request. Only an open one is decided: of two decisions racing, the second finds
 * none and is told who decided first.
 */
async function decide(
  ctx: HandlerContext,
  id: number,
  decision: Updateable<AccessRequestsTable> & { status: 'approved' | 'declined' },
): Promise<RequestRow> {
  const decided = await ctx.db
    .updateTable('access_requests')
    .set({ ...decision, decided_at: ctx.now, decided_by: signedInOf(ctx).operator.name })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (!decided) assertOpen(await mustFindRequest(ctx, id));
  if (!decided) throw new Error('an open access request could not be decided');
  return decided;
}

/** A decided request stays decided: approving or declining it again says who did it first. */
function assertOpen(row: RequestRow): void {
  if (row.status === 'open') return;
  const when = row.decided_at ? row.decided_at.toISOString() : '';
  const who = row.decided_by ?? '';
  throw row.status === 'approved'
    ? problem(
        Codes.CONFLICT,
        `Request ${row.id} was already approved by ${who} at ${when}`,
        `申请 ${row.id} 已由 ${who} 于 ${when} 批准`,
      )
    : problem(
        Codes.CONFLICT,
        `Request ${row.id} was already declined by ${who} at ${when}`,
        `申请 ${row.id} 已由 ${who} 于 ${when} 拒绝`,
      );
}

/** A database unique index that a concurrent call won: said as the field it guards. */
function conflictFromDb(err: unknown, phone: string): never {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505') {
    if (e.constraint === 'access_requests_open_phone_idx') alreadyOpen(phone);
    const isName = e.constraint === 'operators_name_key';
    throw problem(
      Codes.CONFLICT,
      `That ${isName ? 'name' : 'phone'} was taken by an operator meanwhile`,
      `该${isName ? '名称' : '手机号'}刚刚已被运营人员使用`,
      field(isName ? 'name' : 'phone', 'already taken'),
    );
  }
  throw err;
}

export const accessRequestsHandlers: HandlerMap<Endpoints> = {
  'accessRequests.submit': async (input, ctx) => {
    // Sign-in takes a phone or a name, so a name shaped like a phone would make accounts ambiguous.
    if (phoneSchema.safeParse(input.name).success) {
      throw problem(
        Codes.VALIDATION,
        'name: cannot look like a phone number (operators sign in with either)',
        'name：名称不能像手机号（运营人员可用两者之一登录）',
        field('name', 'cannot look like a phone number'),
      );
    }
    ctx.audit.target = input.phone;
    ctx.audit.before = null;
    await assertNotOperator(ctx, input.phone, input.name);
    await assertMaySubmit(ctx, input.phone, input.name);
    const passwordHash = await hashPassword(input.password, ctx.deps.auth.config.scrypt);
    const row = await ctx.db
      .insertInto('access_requests')
      .values({
        name: input.name,
        phone: input.phone,
        games: [...new Set(input.games)],
        why: input.why,
        password_hash: passwordHash,
        status: 'open',
        client_ip: ctx.ip,
        created_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => conflictFromDb(err, input.phone));
    // The audit entry keeps the request as the list shows it: never the hash.
    ctx.audit.after = toAccessRequest(row);
    return { id: row.id, status: 'open' as const, createdAt: row.created_at.toISOString() };
  },

  'accessRequests.list': async (input, ctx) => {
    let q = ctx.db.selectFrom('access_requests');
    if (input.status !== 'all') q = q.where('status', '=', input.status);
    const ordered = q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    return listPage(q, ordered, input, toAccessRequest);
  },

  'accessRequests.approve': async (input, ctx) => {
    const row = await openRequestOf(ctx, input.id);
    await assertNotOperator(ctx, row.phone, row.name);
    const operator = await ctx.db
      .insertInto('operators')
      .values({
        phone: row.phone,
        name: row.name,
        first_name: '',
        avatar: '',
        bio: '',
        roles: [...new Set(input.roles)],
        password_hash: row.password_hash,
        disabled: false,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch((err: unknown) => conflictFromDb(err, row.phone));
    const decided = await decide(ctx, row.id, {
      status: 'approved',
      roles: [...new Set(input.roles)],
      operator_id: operator.id,
    });
    return auditedResult(ctx, { request: toAccessRequest(decided), operator: toOperator(operator) });
  },

  'accessRequests.decline': async (input, ctx) => {
    const row = await openRequestOf(ctx, input.id);
    const decided = await decide(ctx, row.id, {
      status: 'declined',
      decline_reason: input.reason,
    });
    return auditedResult(ctx, toAccessRequest(decided));
  },
};
