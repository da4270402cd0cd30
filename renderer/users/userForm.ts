import type { Operator } from '../../shared/api/users.js';
import type { Role } from '../../shared/roles.js';
import type { FieldErrors } from '../kit/form.js';
import type { BoundState } from '../kit/form/useBoundForm.js';

/**
 * The operator forms, bound to users.create and users.update (kit/form): the endpoints' own
 * schemas decide what is wrong, so the form cannot accept what the server refuses. The console
 * adds the repeated password, and a change sends only what differs from the operator.
 */

export interface UserFormValues {
  phone: string;
  name: string;
  first_name: string;
  bio: string;
  avatar: string;
  roles: Role[];
  password: string;
  /** The password typed again: checked here, never sent. */
  confirmPassword: string;
  disabled: boolean;
  reason: string;
}

export type UserField = keyof UserFormValues;

/** Either form's state, as the fields they share read it. */
export type UserForm = BoundState<UserFormValues, UserField>;

const TEXTS = 'users.fields';

/** The key of what is wrong with a field, in both forms. */
export const invalidKey = (field: UserField): string => `${TEXTS}.${field}.invalid`;

export function emptyForm(): UserFormValues {
  return {
    phone: '',
    name: '',
    first_name: '',
    bio: '',
    avatar: '',
    roles: [],
    password: '',
    confirmPassword: '',
    disabled: false,
    reason: '',
  };
}

export function formFromOperator(op: Operator): UserFormValues {
  return {
    ...emptyForm(),
    phone: op.phone,
    name: op.name,
    first_name: op.first_name,
    bio: op.bio,
    avatar: op.avatar,
    roles: [...op.roles],
    disabled: op.disabled,
  };
}

/** The repeated password is the console's own check; the server never sees it. */
function withConfirmation(errors: FieldErrors<string>, v: UserFormValues, required: boolean) {
  if (!required && v.password === '' && v.confirmPassword === '') return errors;
  return v.password === v.confirmPassword
    ? errors
    : { ...errors, confirmPassword: invalidKey('confirmPassword') };
}

/** A password is what was typed, spaces and all: it is not trimmed like the other texts. */
const asTyped = (v: UserFormValues) => v.password;

/** The form creating an operator. */
export function newUserForm() {
  return {
    endpoint: 'users.create' as const,
    name: 'user',
    texts: TEXTS,
    initial: emptyForm(),
    parse: {
      password: asTyped,
      // The reason is optional here: an empty one is not sent.
      reason: (v: UserFormValues) => v.reason.trim() || undefined,
    },
    refine: (errors: FieldErrors<string>, v: UserFormValues) => withConfirmation(errors, v, true),
  };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** A text field's value to send: the trimmed text where it differs from the operator's. */
const ifChanged = (typed: string, was: string) => (typed.trim() !== was ? typed.trim() : undefined);

/** The fields a change may send; with none of them the draft changes nothing. */
const CHANGEABLE = ['name', 'first_name', 'bio', 'avatar', 'roles', 'disabled', 'password'] as const;

const changesNothing = (candidate: Record<string, unknown>, v: UserFormValues) =>
  !CHANGEABLE.some((f) => f in candidate) && v.confirmPassword === '';

/**
 * The form changing `op`: only what changed is sent, so the audit log records what the operator
 * meant to change; a change that changes nothing only says so.
 */
export function userChangeForm(op: Operator) {
  return {
    endpoint: 'users.update' as const,
    name: 'user',
    texts: TEXTS,
    initial: formFromOperator(op),
    parse: {
      // The account's key, shown but not editable.
      phone: () => op.phone,
      name: (v: UserFormValues) => ifChanged(v.name, op.name),
      first_name: (v: UserFormValues) => ifChanged(v.first_name, op.first_name),
      bio: (v: UserFormValues) => ifChanged(v.bio, op.bio),
      avatar: (v: UserFormValues) => ifChanged(v.avatar, op.avatar),
      roles: (v: UserFormValues) => (sameRoles(v.roles, op.roles) ? undefined : [...v.roles]),
      disabled: (v: UserFormValues) => (v.disabled !== op.disabled ? v.disabled : undefined),
      password: (v: UserFormValues) => (v.password === '' ? undefined : v.password),
    },
    // Nothing to send is all the form says: no reason is asked for a change that is not made.
    refine: (errors: FieldErrors<string>, v: UserFormValues, candidate: Record<string, unknown>) =>
      changesNothing(candidate, v) ? {} : withConfirmation(errors, v, false),
    note: (candidate: Record<string, unknown>, v: UserFormValues) =>
      changesNothing(candidate, v) ? 'users.edit.nothingChanged' : undefined,
  };
}
