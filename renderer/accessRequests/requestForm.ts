import type { GameId } from '../../shared/games.js';
import type { Role } from '../../shared/roles.js';
import type { FieldErrors } from '../kit/form.js';

/**
 * The access request form (/auth/register), bound to accessRequests.submit (kit/form): the
 * contract's own schema decides what is wrong, plus the one check the server cannot make, that the
 * password was typed the same twice.
 */

export interface RequestFormValues {
  name: string;
  phone: string;
  games: GameId[];
  why: string;
  password: string;
  /** The password typed again: checked here, never sent. */
  confirm: string;
}

export type RequestField = keyof RequestFormValues;

const TEXTS = 'accessRequests.fields';

export function emptyRequestForm(): RequestFormValues {
  return { name: '', phone: '', games: [], why: '', password: '', confirm: '' };
}

/** The form asking for an account. */
export function requestForm() {
  return {
    endpoint: 'accessRequests.submit' as const,
    name: 'access-request',
    texts: TEXTS,
    initial: emptyRequestForm(),
    // A password is what was typed, spaces and all: it is not trimmed like the other texts.
    parse: { password: (d: RequestFormValues) => d.password },
    refine: (errors: FieldErrors<string>, d: RequestFormValues) =>
      !errors.password && d.confirm !== d.password
        ? { ...errors, confirm: `${TEXTS}.confirm.invalid` }
        : errors,
    // The confirmation is judged against the password: a new password makes its error stale too.
    clears: (k: RequestField): readonly RequestField[] => (k === 'password' ? ['password', 'confirm'] : [k]),
  };
}

/** The key of a field the server says is taken already (a conflict names the phone or the name). */
export const takenKey = (field: 'name' | 'phone') => `${TEXTS}.${field}.taken`;

/** Approving a request: the roles the new operator gets, starting from `suggested`. */
export function approveForm(id: number, suggested: Role[]) {
  return {
    endpoint: 'accessRequests.approve' as const,
    name: 'approve-request',
    texts: 'accessRequests.approveFields',
    initial: { roles: suggested },
    fixed: { id },
  };
}

/** The games' roles: what an approval starts from, so the super-admin only adds the duties. */
export function suggestedRoles<R extends string>(games: readonly GameId[], roleOf: (g: GameId) => R): R[] {
  return [...new Set(games.map(roleOf))];
}
