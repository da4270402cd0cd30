import { createSignIn } from '../session/sign-in.js';
import { API } from './api.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SESSION } from './session.js';
import { SETTINGS } from './settings.js';

/**
 * Signing in and out (session:login, session:logout) and in to the pay server (payServer:signIn):
 * the calls to the server whose answers the session service keeps. At start it ends on the
 * server a session left in a keychain the console fell back from.
 */

export const SIGN_IN = serviceId<MainService>('sign-in');

export const signInService = defineService({
  id: SIGN_IN,
  needs: { session: SESSION, api: API, settings: SETTINGS },
  create: ({ session, api, settings }, given: { orphanedRefreshToken?: string | null }): MainService => {
    const signIn = createSignIn({ store: session.store, call: api.client.call, language: settings.language });
    return {
      name: 'sign-in',
      handlers: {
        'session:login': (input) => signIn.login(input),
        'session:logout': () => signIn.logout(),
        // The pay-server session: main signs in and keeps the token; the renderer sees only until when.
        'payServer:signIn': () => signIn.payServerSignIn(),
      },
      async start() {
        if (given.orphanedRefreshToken) signIn.revokeOrphan(given.orphanedRefreshToken);
      },
    };
  },
});
