import { sql } from 'kysely';
import { Codes } from '../../shared/codes.js';
import { ApiError } from '../../shared/envelope.js';
import { phoneSchema, type usersEndpoints } from '../../shared/api/users.js';
import { ROLES } from '../../shared/roles.js';
import { auditPage } from '../audit/record.js';
import { hashPassword } from '../auth/password.js';
import { revokeSessionsOf } from '../auth/sessions.js';
import { containsPattern, listPage } from '../db/paging.js';
import type { OperatorRow, OperatorUpdate } from './tables.js';
import { auditedResult, type HandlerContext, type HandlerMap, signedInOf } from '../http/context.js';
import { problem } from '../http/problem.js';
import { findOperatorByPhone, toOperator } from './operators.js';

/** Operator accounts (shared/api/users.ts): list, get, logs, create, update, delete, roles. */

const notFound = (phone: string) =>
  problem(Codes.NOT_FOUND, `No operator has the phone ${phone}`, `没有手机号为 ${phone} 的操作员`);

async function mustFind(ctx: HandlerContext, phone: string): Promise<OperatorRow> {
  const row = await findOperatorByPhone(ctx.db, phone);
  if (!row) throw notFound(phone);
  return row;
}

/**
 * Sign-in takes a phone or a name, so a name shaped like a phone would make an account ambiguous.
 */
function assertNameNotPhone(name: string): void {
  if (phoneSchema.safeParse(name).success) {
    throw problem(
      Codes.VALIDATION,
      'name: cannot look like a phone number (operators sign in with either)',
      'name：名称不能像手机号（操作员可用两者之一登录）',
      [{ path: 'name', message: 'cannot look like a phone number' }],
    );
  }
}

async function assertUnique(
  ctx: HandlerContext,
  phone: string | undefined,
  name: string | undefined,
  exceptId?: number,
) {
  if (phone !== undefined) {
    let q = ctx.db.selectFrom('operators').select('id').where('phone', '=', phone);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      throw problem(Codes.CONFLICT, `The phone ${phone} is already taken`, `手机号 ${phone} 已被使用`, [
        { path: 'phone', message: 'already taken' },
      ]);
    }
  }
  if (name !== undefined) {
    let q = ctx.db
      .selectFrom('operators')
      .select('id')
      .where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) {
      throw problem(Codes.CONFLICT, `The name ${name} is already taken`, `名称 ${name} 已被使用`, [
        { path: 'name', message: 'already taken' },
      ]);
    }
  }
}

/** A concurrent insert can still win the race; the unique index then says which field. */
function conflictFromDb(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e.code === '23505') {
    const field = e.constraint === 'operators_name_key' ? 'name' : 'phone';
    throw problem(
      Codes.CONFLICT,
      `That ${field} is already taken`,
      `该${field === 'name' ? '名称' : '手机号'}已被使用`,
      [{ path: field, message: 'already taken' }],
    );
  }
  throw err;
}

function forbidSelf(en: string, zh: string, path: string): never {
  throw problem(Codes.FORBIDDEN, en, zh, [{ path, message: en }]);
}

export const usersHandlers: HandlerMap<typeof usersEndpoints> = {
  'users.list': async (input, ctx) => {
    let q = ctx.db.selectFrom('operators');
    if (input.q) {
      const pattern = containsPattern(input.q);
      q = q.where((eb) =>
        eb.or([
          eb('name', 'ilike', pattern),
          eb('first_name', 'ilike', pattern),
          eb('phone', 'ilike', pattern),
        ]),
      );
    }
    if (input.role) q = q.where(sql<boolean>`${input.role} = any(roles)`);
    const ordered = q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
    return listPage(q, ordered, input, toOperator);
  },

  'users.get': async (input, ctx) => toOperator(await mustFind(ctx, input.phone)),

  'users.logs': async (input, ctx) => {
    const op = await mustFind(ctx, input.phone);
    let q = ctx.db.selectFrom('audit_log').where('operator_id', '=', op.id);
    // The kinds split on the action's name as auditKindOf does: `auth.` is a session's doing.
    if (input.kind === 'sessions') q = q.where('action', 'like', 'auth.%');
    if (input.kind === 'actions') q = q.where('action', 'not like', 'auth.%');
    if (input.game) q = q.where('game', '=', input.game);
    if (input.from) q = q.where('at', '>=', new Date(input.from));
    if (input.to) q = q.where('at', '<', new Date(input.to));
    return auditPage(q, input);
  },

  'users.create': async (input, ctx) => {
    ctx.audit.target = input.phone;
    assertNameNotPhone(input.name);
    await assertUnique(ctx, input.phone, input.name);
    const passwordHash = await hashPassword(input.password, ctx.deps.auth.config.scrypt);
    const row = await ctx.db
      .insertInto('operators')
      .values({
        phone: input.phone,
        name: input.name,
        first_name: input.first_name,
        avatar: input.avatar,
        bio: input.bio,
        roles: [...new Set(input.roles)],
        password_hash: passwordHash,
        disabled: false,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(conflictFromDb);
    return auditedResult(ctx, toOperator(row));
  },

  'users.update': async (input, ctx) => {
    const me = signedInOf(ctx);
    ctx.audit.target = input.phone;
    const row = await mustFind(ctx, input.phone);
    const self = row.id === me.operator.id;
    if (self && input.disabled === true) {
      forbidSelf('You cannot disable your own account', '不能停用自己的账号', 'disabled');
    }
    if (self && input.roles && !input.roles.includes('SUPER') && row.roles.includes('SUPER')) {
      forbidSelf('You cannot remove SUPER from your own account', '不能移除自己账号的 SUPER 角色', 'roles');
    }
    if (input.name !== undefined) assertNameNotPhone(input.name);
    await assertUnique(ctx, undefined, input.name, row.id);

    const before = toOperator(row);
    ctx.audit.before = before;
    const patch: OperatorUpdate = { updated_at: ctx.now };
    if (input.name !== undefined) patch.name = input.name;
    if (input.first_name !== undefined) patch.first_name = input.first_name;
    if (input.bio !== undefined) patch.bio = input.bio;
    if (input.avatar !== undefined) patch.avatar = input.avatar;
    if (input.roles !== undefined) patch.roles = [...new Set(input.roles)];
    if (input.disabled !== undefined) patch.disabled = input.disabled;
    if (input.password !== undefined)
      patch.password_hash = await hashPassword(input.password, ctx.deps.auth.config.scrypt);

    const updated = await ctx.db
      .updateTable('operators')
      .set(patch)
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(conflictFromDb);

    // A new password or a disabled account ends the sessions it had (keeping the caller's own).
    if (input.password !== undefined || input.disabled === true) {
      const why = input.disabled === true ? 'disabled' : 'password-changed';
      await revokeSessionsOf(ctx.db, row.id, why, ctx.now, self ? me.sessionId : undefined);
    }
    // Name, roles, disabled and sessions are what a session check serves: every instance drops its copy.
    await ctx.deps.auth.sessionsChanged(ctx.db, row.id);
    const after = toOperator(updated);
    // The audit shows that the password changed, never the hash.
    ctx.audit.after = input.password !== undefined ? { ...after, passwordChanged: true } : after;
    return after;
  },

  'users.delete': async (input, ctx) => {
    const me = signedInOf(ctx);
    ctx.audit.target = input.phone;
    const row = await mustFind(ctx, input.phone);
    if (row.id === me.operator.id) {
      forbidSelf('You cannot delete your own account', '不能删除自己的账号', 'phone');
    }
    ctx.audit.before = toOperator(row);
    // Sessions and refresh tokens go with the operator (ON DELETE CASCADE): they stop at once.
    const res = await ctx.db.deleteFrom('operators').where('id', '=', row.id).executeTakeFirst();
    if (Number(res.numDeletedRows) !== 1) throw new ApiError(Codes.NOT_FOUND);
    await ctx.deps.auth.sessionsChanged(ctx.db, row.id);
    return { deleted: true };
  },

  'users.roles': async () => ({ roles: [...ROLES] }),
};
