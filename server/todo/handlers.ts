import type { Selectable } from 'kysely';
import { Codes } from '../../shared/codes.js';
import {
  TODO_MAX_AHEAD_MS,
  TODO_MAX_ITEMS,
  type TodoItem,
  type todoEndpoints,
} from '../../shared/api/todo.js';
import type { TodoItemsTable } from './tables.js';
import { auditedResult, signedInOf, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { listPage } from '../db/paging.js';
import { sortedBy } from '../db/sorting.js';

/**
 * The caller's own to-do list. Every query is limited to the signed-in operator's id, so nobody
 * reads or removes another operator's items: another operator's name is simply "not in your list".
 *
 * Adding and removing are audited like every change (the project's rule): the entry keeps the
 * item, which is the operator's own text, and lets a super-admin see when a reminder was removed.
 */

type Endpoints = typeof todoEndpoints;
type ItemRow = Selectable<TodoItemsTable>;

export function toItem(row: ItemRow): TodoItem {
  return {
    name: row.name,
    desc: row.description,
    expireAt: row.expire_at.toISOString(),
    createdAt: row.created_at.toISOString(),
  };
}

/** A refused deadline, named as the field (expireAt) the way the input check names fields. */
function badDeadline(en: string, zh: string) {
  return problem(Codes.VALIDATION, `expireAt: check the deadline: ${en}`, `expireAt：请检查截止时间：${zh}`);
}

export const todoHandlers: HandlerMap<Endpoints> = {
  'todo.list': async (_input, ctx) => {
    const me = signedInOf(ctx).operator.id;
    const rows = await ctx.db
      .selectFrom('todo_items')
      .selectAll()
      .where('operator_id', '=', me)
      .orderBy('expire_at')
      .orderBy('id')
      .execute();
    return { todo: rows.map(toItem) };
  },

  'todo.page': async (input, ctx) => {
    const me = signedInOf(ctx).operator.id;
    const mine = ctx.db.selectFrom('todo_items').where('operator_id', '=', me);
    const ordered = sortedBy(
      mine.selectAll(),
      input,
      { expireAt: 'expire_at', name: 'name', createdAt: 'created_at' },
      (q) => q.orderBy('expire_at').orderBy('id'),
      'id',
    );
    return listPage(mine, ordered, input, toItem);
  },

  'todo.create': async (input, ctx) => {
    const me = signedInOf(ctx).operator.id;
    ctx.audit.target = input.name;
    ctx.audit.before = null;
    const expireAt = new Date(input.expireAt);
    if (expireAt.getTime() <= ctx.now.getTime()) {
      throw badDeadline(
        `it has already passed (now is ${ctx.now.toISOString()}); choose a time ahead`,
        `该时间已过（现在是 ${ctx.now.toISOString()}），请选择将来的时间`,
      );
    }
    if (expireAt.getTime() - ctx.now.getTime() > TODO_MAX_AHEAD_MS) {
      throw badDeadline('it is more than 10 years ahead', '不能晚于 10 年之后');
    }
    const { count } = await ctx.db
      .selectFrom('todo_items')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('operator_id', '=', me)
      .executeTakeFirstOrThrow();
    if (Number(count) >= TODO_MAX_ITEMS) {
      throw problem(
        Codes.CONFLICT,
        `Your to-do list already holds ${TODO_MAX_ITEMS} items, the most it can; delete some first`,
        `你的待办列表已有 ${TODO_MAX_ITEMS} 项，已达上限，请先删除一些`,
      );
    }
    // The unique (operator, name) pair decides a duplicate, also between two calls at once.
    const row = await ctx.db
      .insertInto('todo_items')
      .values({
        operator_id: me,
        name: input.name,
        description: input.desc,
        expire_at: expireAt,
        created_at: ctx.now,
      })
      .onConflict((oc) => oc.columns(['operator_id', 'name']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw problem(
        Codes.CONFLICT,
        `You already have a to-do named "${input.name}": the name is its key, so choose another name or delete that item first`,
        `你已有名为“${input.name}”的待办事项：名称是它的标识，请换一个名称，或先删除原有事项`,
      );
    }
    return auditedResult(ctx, toItem(row));
  },

  'todo.delete': async (input, ctx) => {
    const me = signedInOf(ctx).operator.id;
    ctx.audit.target = input.name;
    const row = await ctx.db
      .deleteFrom('todo_items')
      .where('operator_id', '=', me)
      .where('name', '=', input.name)
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw problem(
        Codes.NOT_FOUND,
        `Your to-do list has no item named "${input.name}"; it may have been deleted already (reload the list)`,
        `你的待办列表中没有名为“${input.name}”的事项，可能已被删除（请刷新列表）`,
      );
    }
    ctx.audit.before = toItem(row);
    ctx.audit.after = null;
    return { deleted: true as const };
  },
};
