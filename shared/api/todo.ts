import { z } from 'zod';
import { SIGNED_IN } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, pageInput, pageOf } from './endpoint.js';
import { sortInput } from './sorting.js';
import { todoPages } from './todo.pages.js';

/**
 * The to-do list (spec: "/admin/todo", "/admin/todo/todoCreate", the ToDoList popup; POST and GET
 * `/admin/todo`, DELETE `/admin/todo/{id}`). Every operator keeps their own list: name (the item's
 * key within that list), description and deadline (`expireAt`), sorted by deadline ascending.
 * Any signed-in operator has one, whatever their roles.
 *
 * Adding and removing are audited, as every change is: the items are personal, but the audit log
 * is where a super-admin reads who did what, and a removed reminder can matter after the fact.
 *
 * The spec builds the DELETE path from the item's name, and so do we: the name is the key, so
 * `/admin/todo/{name}` names one item of the caller's own list and nobody else's.
 *
 * The spec's GET answers the whole list (`{ todo }`, at most TODO_MAX_ITEMS), which the top bar's
 * popup counts; the list screen reads pages of it, sorted as the operator chooses (`todo.page`).
 */

/** How long a name and a description may be. */
export const TODO_LIMITS = { name: 64, desc: 500 } as const;

/** The most items one operator's list holds: the list is read whole, without paging. */
export const TODO_MAX_ITEMS = 200;

/** What the list screen sorts by: the deadline, the name, when it was added. */
export const TODO_SORTS = ['expireAt', 'name', 'createdAt'] as const;

/** An item is critical when its deadline is this close (or past). */
export const TODO_CRITICAL_MS = 3 * 86_400_000;

/** How far ahead a deadline may be: a typo in the year should not be kept as a plan. */
export const TODO_MAX_AHEAD_MS = 10 * 365 * 86_400_000;

export const todoNameSchema = z
  .string()
  .trim()
  .min(1, 'give the to-do a name')
  .max(TODO_LIMITS.name, `a to-do name is at most ${TODO_LIMITS.name} characters`);

export const todoItemSchema = z.object({
  name: z.string(),
  desc: z.string(),
  /** The deadline, ISO 8601 in UTC. */
  expireAt: z.string(),
  createdAt: z.string(),
});
export type TodoItem = z.infer<typeof todoItemSchema>;

/**
 * A deadline as the create call takes it: an ISO 8601 date and time with its offset (or Z), so
 * the server never guesses the operator's time zone. That it lies ahead is the server's check,
 * against its own clock.
 */
export const expireAtSchema = z.iso.datetime({
  offset: true,
  error: 'give the deadline as a date and time with its offset (2026-01-15T18:00:00+08:00)',
});

export const todoCreateInputSchema = z.strictObject({
  name: todoNameSchema,
  desc: z
    .string()
    .trim()
    .max(TODO_LIMITS.desc, `a description is at most ${TODO_LIMITS.desc} characters`)
    .default(''),
  expireAt: expireAtSchema,
});
export type TodoCreateInput = z.input<typeof todoCreateInputSchema>;

export const todoEndpoints = {
  'todo.list': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/todo',
    summary: "The caller's own to-do items, by deadline ascending (then in the order they were added).",
    access: SIGNED_IN,
    input: z.strictObject({}),
    output: z.object({ todo: z.array(todoItemSchema) }),
  }),
  'todo.page': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/todo/page',
    summary:
      "One page of the caller's own to-do items for the list screen, by deadline ascending unless " +
      'sorted by deadline, name or the time added (ties in the order they were added).',
    access: SIGNED_IN,
    input: z.strictObject({ ...sortInput(TODO_SORTS), ...pageInput }),
    output: pageOf(todoItemSchema),
  }),
  'todo.create': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/todo',
    summary:
      "Adds an item to the caller's own list. The name is its key: a name already in the list is " +
      `refused (40900); the deadline must lie ahead; a list holds at most ${TODO_MAX_ITEMS} items.`,
    access: SIGNED_IN,
    audit: true,
    input: todoCreateInputSchema,
    output: todoItemSchema,
  }),
  'todo.delete': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/todo/:name',
    summary: "Removes an item of the caller's own list, by its name; a name not in it is 40400.",
    access: SIGNED_IN,
    audit: true,
    input: z.strictObject({ name: todoNameSchema }),
    output: z.object({ deleted: z.literal(true) }),
  }),
};

export const todoFeature = feature({ ...todoPages, endpoints: todoEndpoints });
