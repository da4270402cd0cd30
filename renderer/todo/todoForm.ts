import type { InputOf } from '../../shared/api/table.js';
import { outcome, schemaErrors, type Checked, type FieldErrors } from '../kit/form.js';
import { defaultDeadline, fromLocalInput } from './deadline.js';

/**
 * The new to-do form, on the form kit: the contract's own schema (todo.create) decides what is
 * wrong, plus the one check that needs the clock, a deadline ahead of now (the server checks it
 * again against its own).
 */

export interface TodoFormValues {
  name: string;
  desc: string;
  /** The datetime-local field's value: local time, no offset. */
  expireAt: string;
}

export type TodoField = keyof TodoFormValues;
export const TODO_FIELDS: readonly TodoField[] = ['name', 'desc', 'expireAt'];

export const invalidKey = (field: TodoField): string => `todo.invalid.${field}`;

export function emptyTodoForm(nowMs: number): TodoFormValues {
  return { name: '', desc: '', expireAt: defaultDeadline(nowMs) };
}

export function validateTodo(v: TodoFormValues, nowMs: number): Checked<InputOf<'todo.create'>, TodoField> {
  const expireAt = fromLocalInput(v.expireAt);
  const input: InputOf<'todo.create'> = {
    name: v.name.trim(),
    desc: v.desc.trim(),
    expireAt: expireAt ?? '',
  };
  const errors: FieldErrors<TodoField> = schemaErrors('todo.create', input, TODO_FIELDS, invalidKey);
  if (expireAt !== null && Date.parse(expireAt) <= nowMs) errors.expireAt = 'todo.invalid.past';
  return outcome(input, errors);
}
