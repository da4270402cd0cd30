import type { Result, ResultError } from '../../shared/envelope.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { LoginInput, SessionEndReason } from '../../shared/ipc.js';
import {
  GUEST_USER,
  isSessionValid,
  sessionUserSchema,
  type SessionState,
  type SessionUser,
} from '../../shared/session.js';
import type { EventHub } from '../events.js';
import type { SessionHooks, TokenPair } from '../http/api-client.js';
import type { KeyValueStore } from '../storage/kv.js';
import { ACCESS_TOKEN, REFRESH_TOKEN, type TokenStore } from './token-store.js';

/** The key the session user is persisted under (the spec keeps it in local storage). */
export const SESSION_USER_KEY = 'session.user';

type AuthCall = {
  (id: 'auth.login', input: LoginInput): Promise<Result<OutputOf<'auth.login'>>>;
  (id: 'auth.logout', input: { refreshToken: string }): Promise<Result<OutputOf<'auth.logout'>>>;
};

export interface SessionDeps {
  tokens: TokenStore;
  kv: KeyValueStore;
  events: EventHub;
  /** The API client's call, for the two auth endpoints only the session may use. */
  call: AuthCall;
  now?: () => number;
}

export interface SessionManager extends SessionHooks {
  state(): Promise<SessionState>;
  login(input: LoginInput): Promise<Result<SessionState>>;
  /** Best effort on the server; always signs out here. */
  logout(): Promise<Result<SessionState>>;
  /** Signs out locally without telling the server (its tokens belong to a backend we left). */
  forget(): Promise<SessionState>;
  /** At start-up: a remembered user whose tokens are gone (memory storage, cleared keychain) is a guest. */
  restore(): Promise<SessionState>;
  user(): SessionUser;
}

export function createSessionManager(deps: SessionDeps): SessionManager {
  const now = deps.now ?? Date.now;
  let epoch = 0;
  let user = loadUser(deps.kv);

  const setUser = (next: SessionUser) => {
    user = next;
    deps.kv.set(SESSION_USER_KEY, next);
  };

  const state = async (): Promise<SessionState> => {
    const signedIn = isSessionValid(user, now()) && (await deps.tokens.get(REFRESH_TOKEN)) !== null;
    return { user, signedIn, tokenStorage: deps.tokens.storage };
  };

  const changed = async (): Promise<SessionState> => {
    const s = await state();
    deps.events.emit('session:changed', s);
    return s;
  };

  const clearLocal = async () => {
    epoch++;
    await deps.tokens.clear();
    setUser(GUEST_USER);
  };

  return {
    state,
    user: () => user,
    epoch: () => epoch,

    async login(input) {
      const res = await deps.call('auth.login', input);
      if (!res.ok) return res;
      const previous = await deps.tokens.get(REFRESH_TOKEN);
      epoch++;
      // The previous operator's pay-server session must not carry over to this one.
      await deps.tokens.clear();
      await deps.tokens.set(REFRESH_TOKEN, res.data.refreshToken);
      await deps.tokens.set(ACCESS_TOKEN, res.data.authToken);
      setUser({
        ...res.data.user,
        expireTime: res.data.expireTime,
        refreshExpireTime: res.data.refreshExpireTime,
      });
      if (previous && previous !== res.data.refreshToken) {
        // Signing in over a live session: end the old one on the server too, without waiting for it.
        void deps.call('auth.logout', { refreshToken: previous }).catch(() => undefined);
      }
      return { ok: true, data: await changed() };
    },

    async logout() {
      const refreshToken = await deps.tokens.get(REFRESH_TOKEN);
      await clearLocal();
      if (refreshToken) {
        // Local sign-out has already happened: a server we cannot reach must not keep the operator in.
        const res = await deps.call('auth.logout', { refreshToken });
        if (!res.ok)
          console.warn(`[gameops] server sign-out failed (${res.error.code}): ${res.error.message}`);
      }
      return { ok: true, data: await changed() };
    },

    async forget() {
      await clearLocal();
      return changed();
    },

    async restore() {
      const hasTokens = (await deps.tokens.get(REFRESH_TOKEN)) !== null;
      if (hasSession(user) && (!hasTokens || !isSessionValid(user, now()))) await clearLocal();
      return state();
    },

    async refreshed(pair: TokenPair) {
      if (!hasSession(user)) return;
      setUser({ ...user, expireTime: pair.expireTime, refreshExpireTime: pair.refreshExpireTime });
      await changed();
    },

    async ended(reason: SessionEndReason, error: ResultError) {
      const wasSignedIn = hasSession(user);
      await clearLocal();
      await changed();
      if (wasSignedIn) deps.events.emit('session:expired', { reason, message: error.message });
    },
  };
}

/**
 * A user that came from a sign-in, as opposed to the guest. Not by name: an operator may well be
 * called "guest" (the demo database has one).
 */
export function hasSession(user: SessionUser): boolean {
  return user.refreshExpireTime > 0;
}

function loadUser(kv: KeyValueStore): SessionUser {
  const parsed = sessionUserSchema.safeParse(kv.get(SESSION_USER_KEY));
  return parsed.success ? parsed.data : GUEST_USER;
}
