import type { InputOf } from '../../shared/api/table.js';
import type { Operator } from '../../shared/api/users.js';
import type { Role } from '../../shared/roles.js';
import { outcome, schemaErrors, type Checked, type FieldErrors } from '../kit/form.js';

/**
 * The operator form, on the form kit: its rules are the endpoints' own schemas (users.create,
 * users.update), so the form cannot accept what the server refuses. Only the messages are the
 * console's: one catalogue key per field.
 */

export interface UserFormValues {
  phone: string;
  name: string;
  first_name: string;
  bio: string;
  avatar: string;
  roles: Role[];
  password: string;
  confirmPassword: string;
  disabled: boolean;
  reason: string;
}

export type UserField = keyof UserFormValues;

export const USER_FIELDS: readonly UserField[] = [
  'phone',
  'name',
  'first_name',
  'bio',
  'avatar',
  'roles',
  'password',
  'confirmPassword',
  'disabled',
  'reason',
];

export const invalidKey = (field: UserField): string => `users.invalid.${field}`;

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
function passwordErrors(v: UserFormValues, required: boolean): FieldErrors<UserField> {
  if (!required && v.password === '' && v.confirmPassword === '') return {};
  if (v.password !== v.confirmPassword) return { confirmPassword: invalidKey('confirmPassword') };
  return {};
}

export function validateCreate(v: UserFormValues): Checked<InputOf<'users.create'>, UserField> {
  const input: InputOf<'users.create'> = {
    phone: v.phone.trim(),
    name: v.name.trim(),
    first_name: v.first_name.trim(),
    password: v.password,
    roles: [...v.roles],
    bio: v.bio.trim(),
    avatar: v.avatar.trim(),
    ...(v.reason.trim() ? { reason: v.reason.trim() } : {}),
  };
  return outcome(input, {
    ...schemaErrors('users.create', input, USER_FIELDS, invalidKey),
    ...passwordErrors(v, true),
  });
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed is sent, so the audit log records what the operator meant to change. */
export function validateUpdate(
  v: UserFormValues,
  original: Operator,
): Checked<InputOf<'users.update'>, UserField> {
  const changes: Partial<InputOf<'users.update'>> = {};
  if (v.name.trim() !== original.name) changes.name = v.name.trim();
  if (v.first_name.trim() !== original.first_name) changes.first_name = v.first_name.trim();
  if (v.bio.trim() !== original.bio) changes.bio = v.bio.trim();
  if (v.avatar.trim() !== original.avatar) changes.avatar = v.avatar.trim();
  if (!sameRoles(v.roles, original.roles)) changes.roles = [...v.roles];
  if (v.disabled !== original.disabled) changes.disabled = v.disabled;
  if (v.password !== '') changes.password = v.password;
  if (Object.keys(changes).length === 0 && v.confirmPassword === '') {
    return { ok: false, errors: {}, note: 'users.edit.nothingChanged' };
  }
  const input: InputOf<'users.update'> = { phone: original.phone, ...changes, reason: v.reason.trim() };
  return outcome(input, {
    ...schemaErrors('users.update', input, USER_FIELDS, invalidKey),
    ...passwordErrors(v, false),
  });
}
