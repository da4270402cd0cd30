import { z } from 'zod';
import { PUBLIC, ROLES, SUPER_ONLY } from '../roles.js';
import { feature } from '../pages.js';
import { GAME_IDS } from '../games.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { operatorNameSchema, operatorSchema, passwordSchema, phoneSchema } from './users.js';
import { accessRequestsPages } from './accessRequests.pages.js';
import { gameIdSchema, roleSchema } from '../ids-schema.js';

/**
 * Access requests (issue 8, `/auth/register`): a newcomer asks for an operator account with the
 * name and phone they will sign in with, the games they work on, why, and the password they
 * choose; a super-admin approves it with roles (which creates the operator with that password)
 * or declines it with a reason. Both decisions are audited.
 *
 * Submitting is public: the newcomer has no account yet. What keeps it from being a way to flood
 * the console: one open request per phone, a phone or name that is already an operator's is
 * refused (CONFLICT), and one address may send at most ACCESS_REQUEST_LIMIT.perAddress requests
 * within ACCESS_REQUEST_LIMIT.windowSec (RATE_LIMITED). The password is stored only as its hash,
 * made exactly as an operator's, and is never shown again, not even to the super-admin.
 */

export const ACCESS_REQUEST_STATUSES = ['open', 'approved', 'declined'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/**
 * How many requests one address may send within the window. An office shares one address (and
 * the desktop app's embedded backend sees every request from main), so the number is generous:
 * it stops a script, not a team.
 */
export const ACCESS_REQUEST_LIMIT = { perAddress: 20, windowSec: 3600 } as const;

/** How long the "why" may be. */
export const ACCESS_REQUEST_WHY = { min: 5, max: 500 } as const;

export const accessRequestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  games: z.array(gameIdSchema),
  why: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The super-admin who approved or declined it (their name at the time). */
  decidedBy: z.string().nullable(),
  /** The roles given on approval. */
  roles: z.array(roleSchema).nullable(),
  /** The reason given on declining. */
  declineReason: z.string().nullable(),
});
export type AccessRequest = z.infer<typeof accessRequestSchema>;

const requestId = intParam({ min: 1, message: 'a request id is a positive whole number' });

export const accessRequestSubmitSchema = z.strictObject({
  name: operatorNameSchema,
  phone: phoneSchema,
  games: z
    .array(gameIdSchema)
    .min(1, 'pick at least one game')
    .max(GAME_IDS.length)
    .refine((g) => new Set(g).size === g.length, 'each game once'),
  why: z
    .string()
    .trim()
    .min(ACCESS_REQUEST_WHY.min, `say why in at least ${ACCESS_REQUEST_WHY.min} characters`)
    .max(ACCESS_REQUEST_WHY.max, `at most ${ACCESS_REQUEST_WHY.max} characters`),
  password: passwordSchema,
});
export type AccessRequestSubmitInput = z.input<typeof accessRequestSubmitSchema>;

export const accessRequestsEndpoints = {
  'accessRequests.submit': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/access-requests',
    summary:
      'A newcomer asks for an operator account (public). Refused with 40900 when the phone has an ' +
      'open request or belongs to an operator, or the name is an operator’s; with 42900 when the ' +
      'address sent too many requests within the hour.',
    access: PUBLIC,
    // Recorded like every change, as not signed in (the newcomer is nobody yet), under the phone.
    audit: true,
    input: accessRequestSubmitSchema,
    output: z.object({ id: z.number().int(), status: z.literal('open'), createdAt: z.string() }),
  }),
  'accessRequests.list': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/access-requests',
    summary: 'Access requests, newest first; status: open, approved, declined or all (the default).',
    access: SUPER_ONLY,
    input: z.strictObject({
      ...pageInput,
      status: z.enum([...ACCESS_REQUEST_STATUSES, 'all']).default('all'),
    }),
    output: pageOf(accessRequestSchema),
  }),
  'accessRequests.approve': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/access-requests/:id/approve',
    summary:
      'Approves an open request with roles: the operator is created with the name, phone and ' +
      'password of the request. A request decided already, or a phone or name taken since, is 40900.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({
      id: requestId,
      roles: z.array(roleSchema).min(1, 'pick at least one role').max(ROLES.length),
    }),
    output: z.object({ request: accessRequestSchema, operator: operatorSchema }),
  }),
  'accessRequests.decline': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/access-requests/:id/decline',
    summary: 'Declines an open request with a reason. A request decided already is 40900.',
    access: SUPER_ONLY,
    audit: true,
    input: z.strictObject({ id: requestId, reason: reasonSchema }),
    output: accessRequestSchema,
  }),
};

export const accessRequestsFeature = feature({ ...accessRequestsPages, endpoints: accessRequestsEndpoints });
