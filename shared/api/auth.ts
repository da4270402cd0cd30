import { z } from 'zod';
import { PUBLIC, SIGNED_IN } from '../roles.js';
import type { SessionUser } from '../session.js';
import { endpoint } from './endpoint.js';
import { feature } from '../pages.js';

/** The session user (shared/session.ts), as the backend's sign-in answers hold it. */
export const sessionUserSchema = z.object({
  name: z.string(),
  phone: z.string(),
  avatar: z.string(),
  bio: z.string(),
  role: z.array(z.string()),
  expireTime: z.number(),
  refreshExpireTime: z.number(),
  first_name: z.string(),
}) satisfies z.ZodType<SessionUser>;

/** Sign-in, token refresh and sign-out on the admin service. */

const tokenPair = {
  authToken: z.string(),
  refreshToken: z.string(),
  /** Seconds since the epoch when the access token stops working. */
  expireTime: z.number(),
  /** Seconds since the epoch when the session (its refresh token family) ends. */
  refreshExpireTime: z.number(),
};

export const authEndpoints = {
  'auth.login': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/login',
    summary: 'Sign in with an account (phone or name) and password; returns tokens and the session user.',
    access: PUBLIC,
    input: z.strictObject({
      account: z.string().trim().min(1, 'enter your account').max(64),
      password: z.string().min(1, 'enter your password').max(256),
    }),
    output: z.object({ ...tokenPair, user: sessionUserSchema }),
  }),
  'auth.refresh': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/refresh',
    summary:
      'Exchange a refresh token for a new pair. Refresh tokens rotate; presenting a used one revokes its whole family.',
    access: PUBLIC,
    input: z.strictObject({ refreshToken: z.string().min(1).max(512) }),
    output: z.object(tokenPair),
  }),
  'auth.logout': endpoint({
    service: 'admin',
    method: 'POST',
    path: '/admin/logout',
    summary: 'End the session that the refresh token belongs to (its access tokens stop working too).',
    access: PUBLIC,
    input: z.strictObject({ refreshToken: z.string().min(1).max(512) }),
    output: z.object({ loggedOut: z.boolean() }),
  }),
  'auth.session': endpoint({
    service: 'admin',
    method: 'GET',
    path: '/admin/session',
    summary: 'The signed-in operator as the console shows them, with the session times.',
    access: SIGNED_IN,
    input: z.strictObject({}),
    output: sessionUserSchema,
  }),
};

export const authFeature = feature({ id: 'auth', endpoints: authEndpoints });
