import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { outcome, schemaErrors, type Checked, type FieldErrors } from '../kit/form.js';

/**
 * The access request form (/auth/register), on the form kit: the contract's own schema
 * (accessRequests.submit) decides what is wrong, plus the one check the server cannot make, that
 * the password was typed the same twice.
 */

export interface RequestFormValues {
  name: string;
  phone: string;
  games: GameId[];
  why: string;
  password: string;
  confirm: string;
}

export type RequestField = keyof RequestFormValues;
export const REQUEST_FIELDS: readonly RequestField[] = [
  'name',
  'phone',
  'games',
  'why',
  'password',
  'confirm',
];

export const invalidKey = (field: RequestField): string => `accessRequests.invalid.${field}`;

export function emptyRequestForm(): RequestFormValues {
  return { name: '', phone: '', games: [], why: '', password: '', confirm: '' };
}

export function validateRequest(
  v: RequestFormValues,
): Checked<InputOf<'accessRequests.submit'>, RequestField> {
  const input: InputOf<'accessRequests.submit'> = {
    name: v.name.trim(),
    phone: v.phone.trim(),
    games: v.games,
    why: v.why.trim(),
    password: v.password,
  };
  const errors: FieldErrors<RequestField> = schemaErrors(
    'accessRequests.submit',
    input,
    REQUEST_FIELDS,
    invalidKey,
  );
  if (!errors.password && v.confirm !== v.password) errors.confirm = 'accessRequests.invalid.confirm';
  return outcome(input, errors);
}

/** The games' roles: what an approval starts from, so the super-admin only adds the duties. */
export function suggestedRoles<R extends string>(games: readonly GameId[], roleOf: (g: GameId) => R): R[] {
  return [...new Set(games.map(roleOf))];
}
