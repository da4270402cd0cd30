import type { authEndpoints } from '../../shared/api/auth.js';
import { signedInOf, type HandlerMap } from '../http/context.js';
import { sessionUserOf } from './sessions.js';

/** Sign-in, refresh, sign-out and the session user (shared/api/auth.ts). */
export const authHandlers: HandlerMap<typeof authEndpoints> = {
  'auth.login': async (input, ctx) => ctx.deps.auth.login(input.account, input.password, ctx.ip),

  'auth.refresh': async (input, ctx) => ctx.deps.auth.refresh(input.refreshToken, ctx.ip),

  'auth.logout': async (input, ctx) => ({
    loggedOut: await ctx.deps.auth.logout(input.refreshToken, ctx.ip),
  }),

  'auth.session': async (_input, ctx) => {
    const auth = signedInOf(ctx);
    return sessionUserOf(auth.operator, auth.expireTime, auth.refreshExpireTime);
  },
};
