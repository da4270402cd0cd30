import type { FieldIssue } from '../../shared/envelope.js';
import { ENDPOINTS, type InputOf } from '../../shared/api/table.js';
import type { Operator } from '../../shared/api/users.js';
import type { Role } from '../../shared/roles.js';

/**
 * The operator form's rules are the endpoint's own schemas, so the form cannot accept what the
 * server refuses. Only the messages are the console's: one catalogue key per field.
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
/** Field -> i18n key of what is wrong with it. */
export type FieldErrors = Partial<Record<UserField, string>>;

const FIELDS: readonly UserField[] = [
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

function isField(x: unknown): x is UserField {
  return typeof x === 'string' && (FIELDS as readonly string[]).includes(x);
}

/** Field problems the server sent back (VALIDATION details), as the same per-field keys. */
export function fieldErrorsFromIssues(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0];
    if (isField(field)) errors[field] = invalidKey(field);
  }
  return errors;
}

function passwordErrors(v: UserFormValues, required: boolean): FieldErrors {
  if (!required && v.password === '' && v.confirmPassword === '') return {};
  if (v.password !== v.confirmPassword) return { confirmPassword: invalidKey('confirmPassword') };
  return {};
}

export type Validated<I> =
  { ok: true; input: I } | { ok: false; errors: FieldErrors; nothingChanged?: boolean };

export function validateCreate(v: UserFormValues): Validated<InputOf<'users.create'>> {
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
  const parsed = ENDPOINTS['users.create'].input.safeParse(input);
  const errors: FieldErrors = {
    ...(parsed.success
      ? {}
      : fieldErrorsFromIssues(
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        )),
    ...passwordErrors(v, true),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

const sameRoles = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed is sent, so the audit log records what the operator meant to change. */
export function validateUpdate(v: UserFormValues, original: Operator): Validated<InputOf<'users.update'>> {
  const changes: Partial<InputOf<'users.update'>> = {};
  if (v.name.trim() !== original.name) changes.name = v.name.trim();
  if (v.first_name.trim() !== original.first_name) changes.first_name = v.first_name.trim();
  if (v.bio.trim() !== original.bio) changes.bio = v.bio.trim();
  if (v.avatar.trim() !== original.avatar) changes.avatar = v.avatar.trim();
  if (!sameRoles(v.roles, original.roles)) changes.roles = [...v.roles];
  if (v.disabled !== original.disabled) changes.disabled = v.disabled;
  if (v.password !== '') changes.password = v.password;
  if (Object.keys(changes).length === 0 && v.confirmPassword === '') {
    return { ok: false, errors: {}, nothingChanged: true };
  }
  const input: InputOf<'users.update'> = { phone: original.phone, ...changes, reason: v.reason.trim() };
  const parsed = ENDPOINTS['users.update'].input.safeParse(input);
  const errors: FieldErrors = {
    ...(parsed.success
      ? {}
      : fieldErrorsFromIssues(
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        )),
    ...passwordErrors(v, false),
  };
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** A reason for a destructive action, by the endpoint's own rule. */
export { isReasonValid } from '../components/reason.js';
