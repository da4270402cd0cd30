import type { SessionHooks } from '../http/api-client.js';
import type { ApiClient } from '../http/api-client.js';
import type { EventHub } from '../events.js';
import { createSessionManager, hasSession, type SessionManager } from '../session/session.js';
import type { Localized } from '../session/keychain.js';
import type { TokenStore } from '../session/token-store.js';
import type { KeyValueStore } from '../storage/kv.js';
import type { MainService } from './registry.js';
import { backendIdentity, type SettingsService } from './settings.js';

/**
 * The operator's session: sign-in, sign-out, where the tokens are kept and why. It signs out
 * locally before the console moves to another backend, whose tokens these are not.
 */

export interface SessionService extends MainService {
  manager: SessionManager;
  /** What the API client needs of the session (refresh, end). */
  hooks: SessionHooks;
}

export interface SessionServiceDeps {
  tokens: TokenStore;
  /** Why the tokens are not in the keychain, in both languages; null or absent when they are. */
  tokenStorageReason?: Localized | null;
  kv: KeyValueStore;
  events: EventHub;
  settings: SettingsService;
  call: ApiClient['call'];
  now?: () => number;
  /** A refresh token left in a keychain the console fell back from (keychain.ts): revoked at start. */
  orphanedRefreshToken?: string | null;
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const reason = deps.tokenStorageReason ?? null;
  const manager = createSessionManager({
    tokens: deps.tokens,
    kv: deps.kv,
    events: deps.events,
    call: deps.call,
    backend: () => backendIdentity(deps.settings.get()),
    tokenStorageReason: () => (reason ? reason[deps.settings.language()] : null),
    now: deps.now,
    language: deps.settings.language,
  });

  // Before the new address is saved: from then on a call may go there, and no token of this
  // session must be left to go with it.
  deps.settings.onBeforeChange(async ({ before, after }) => {
    if (backendIdentity(before) !== backendIdentity(after) && hasSession(manager.user()))
      await manager.forget();
  });

  return {
    name: 'session',
    manager,
    hooks: {
      current: manager.current,
      refreshed: manager.refreshed,
      ended: manager.ended,
      payServerRefused: manager.payServerRefused,
    },
    emits: ['session:changed', 'session:expired'],
    handlers: {
      'session:get': () => manager.state(),
      'session:login': (input) => manager.login(input),
      'session:logout': () => manager.logout(),
      // The pay-server session: main signs in and keeps the token; the renderer sees only until when.
      'payServer:get': () => manager.payServerState(),
      'payServer:signIn': () => manager.payServerSignIn(),
    },
    async start() {
      // Before restore, which forgets the binding of tokens it does not find.
      if (deps.orphanedRefreshToken) manager.revokeOrphan(deps.orphanedRefreshToken);
      await manager.restore();
      if (deps.settings.backendChangedAtStart) await manager.forget();
    },
  };
}
