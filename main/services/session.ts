import type { EventHub } from '../events.js';
import { createSessionStore, hasSession, type SessionStore } from '../session/session.js';
import type { Localized } from '../session/keychain.js';
import type { TokenStore } from '../session/token-store.js';
import type { KeyValueStore } from '../storage/kv.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SETTINGS, backendIdentity, type SettingsService } from './settings.js';

/**
 * The operator's session: who is signed in, with which tokens, kept where and why. It signs out
 * locally before the console moves to another backend, whose tokens these are not. Signing in
 * and out on the server is the sign-in service's (sign-in.ts), which needs the API client, which
 * needs this.
 */

export interface SessionService extends MainService {
  /** The session's state and changes; the API client reads and stores tokens through it. */
  store: SessionStore;
}

export interface SessionServiceDeps {
  tokens: TokenStore;
  /** Why the tokens are not in the keychain, in both languages; null or absent when they are. */
  tokenStorageReason?: Localized | null;
  kv: KeyValueStore;
  events: EventHub;
  settings: SettingsService;
  now?: () => number;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const reason = deps.tokenStorageReason ?? null;
  const store = createSessionStore({
    tokens: deps.tokens,
    kv: deps.kv,
    events: deps.events,
    backend: () => backendIdentity(deps.settings.get()),
    tokenStorageReason: () => (reason ? reason[deps.settings.language()] : null),
    now: deps.now,
  });

  // Before the new address is saved: from then on a call may go there, and no token of this
  // session must be left to go with it.
  deps.settings.onBeforeChange(async ({ before, after }) => {
    if (backendIdentity(before) !== backendIdentity(after) && hasSession(store.user())) await store.forget();
  });

  return {
    name: 'session',
    store,
    emits: ['session:changed', 'session:expired'],
    handlers: {
      'session:get': () => store.state(),
      'payServer:get': () => store.payServerState(),
    },
    async start() {
      await store.restore();
      if (deps.settings.backendChangedAtStart) await store.forget();
    },
  };
}

export const SESSION = serviceId<SessionService>('session');

export const sessionService = defineService({
  id: SESSION,
  needs: { settings: SETTINGS },
  create: ({ settings }, given: Omit<SessionServiceDeps, 'settings'>) =>
    createSessionService({ ...given, settings }),
});
