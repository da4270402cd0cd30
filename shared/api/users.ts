import { z } from 'zod';
import { SUPER_ONLY, ROLES } from '../roles.js';
import { feature } from '../pages.js';
import { endpoint, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { sortInput } from './sorting.js';
import { usersPages } from './users.pages.js';
import { gameIdSchema, roleSchema } from '../ids-schema.js';

/** Operator accounts (spec: /admin/user, /admin/users, /admin/roles). Super-admin only. */

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9]{5,20}$/, 'a phone number of 5 to 20 digits, optionally starting with +');

export const operatorSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  first_name: z.string(),
  avatar: z.string(),
  bio: z.string(),
  roles: z.array(roleSchema),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  game: z.string().nullable(),
  target: z.string(),
  reason: z.string().nullable(),
  outcome: z.enum(['ok', 'error']),
  code: z.number().int(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const operatorNameSchema = z.string().trim().min(2, 'at least 2 characters').max(64);
export const passwordSchema = z.string().min(10, 'at least 10 characters').max(256);
const nameSchema = operatorNameSchema;

/**
 * The audit log's two kinds of entry: what an operator's session did (sign-in, sign-out,
 * refresh-token reuse: actions starting `auth.`) and everything else they did.
 */
export const AUDIT_KINDS = ['sessions', 'actions'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];
export const auditKindOf = (action: string): AuditKind =>
  action.startsWith('auth.') ? 'sessions' : 'actions';
const rolesSchema = z.array(roleSchema).min(1, 'pick at least one role').max(ROLES.length);

export const usersEndpoints = {
  'users.list': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/users',
    summary: 'Operators, newest first; q matches name, first name or phone (partial, any case).',
    access: SUPER_ONLY,
    input: z.strictObject({
      ...pageInput,
      q: z.string().trim().max(64).optional(),
      role: roleSchema.optional(),
    }),
    output: pageOf(operatorSchema),
  }),
  'users.get': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/user/:phone',
    summary: 'One operator by phone.',
    access: SUPER_ONLY,
    input: z.strictObject({ phone: phoneSchema }),
    output: operatorSchema,
  }),
  'users.logs': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/user/:phone/logs',
    summary:
      'Audit entries of what this operator did, newest first. kind: sessions (sign-in, sign-out, ' +
      'refresh-token reuse) or actions (every other call); game; from/to (ISO date-times, from ' +
      'inclusive, to exclusive).',
    access: SUPER_ONLY,
    input: z
      .strictObject({
        phone: phoneSchema,
        kind: z.enum(AUDIT_KINDS).optional(),
        game: gameIdSchema.optional(),
        from: z.iso.datetime({ offset: true }).optional(),
        to: z.iso.datetime({ offset: true }).optional(),
        ...sortInput(['at']),
        ...pageInput,
      })
      .refine((v) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to), {
        path: ['to'],
        message: 'must be after from',
      }),
    output: pageOf(auditEntrySchema),
  }),
  'users.create': endpoint({
    service: 'admin',
    method: 'PUT',
    path: '/admin/user',
    summary: 'Create an operator account.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({
      phone: phoneSchema,
      name: nameSchema,
      first_name: z.string().trim().max(64).default(''),
      password: passwordSchema,
      roles: rolesSchema,
      bio: z.string().trim().max(500).default(''),
      avatar: z.string().trim().max(500).default(''),
      reason: reasonSchema.optional(),
    }),
    output: operatorSchema,
  }),
  'users.update': endpoint({
    service: 'admin',
    method: 'PATCH',
    path: '/admin/user',
    summary: 'Change an operator (found by phone): name, roles, password, profile, or disable them.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({
      phone: phoneSchema,
      name: nameSchema.optional(),
      first_name: z.string().trim().max(64).optional(),
      password: passwordSchema.optional(),
      roles: rolesSchema.optional(),
      bio: z.string().trim().max(500).optional(),
      avatar: z.string().trim().max(500).optional(),
      disabled: z.boolean().optional(),
      reason: reasonSchema,
    }),
    output: operatorSchema,
  }),
  'users.delete': endpoint({
    service: 'admin',
    method: 'DELETE',
    path: '/admin/user/:phone/delete',
    summary: 'Delete an operator; their sessions end at once. Needs a reason.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ phone: phoneSchema, reason: reasonSchema }),
    output: z.object({ deleted: z.boolean() }),
  }),
  'users.roles': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/roles',
    summary: 'The roles an operator can hold.',
    access: SUPER_ONLY,
    input: z.strictObject({}),
    output: z.object({ roles: z.array(roleSchema) }),
  }),
};

export const usersFeature = feature({ ...usersPages, endpoints: usersEndpoints });
