import { z } from 'zod';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import type { Result, ResultError } from '../../shared/envelope.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { LoginInput, PayServerSession, SessionEndReason } from '../../shared/ipc.js';
import { GUEST_USER, isSessionValid, type SessionState, type SessionUser } from '../../shared/session.js';
import { sessionUserSchema } from '../../shared/api/auth.js';
import type { EventHub } from '../events.js';
import type { CallPin, SessionHooks, SessionSnapshot, TokenPair } from '../http/api-client.js';
import type { KeyValueStore } from '../storage/kv.js';
import { createSerialQueue } from './serial-queue.js';
import { ACCESS_TOKEN, PAY_SERVER_TOKEN, REFRESH_TOKEN, type TokenStore } from './token-store.js';

/** The key the session user is persisted under (the spec keeps it in local storage). */
export const SESSION_USER_KEY = 'session.user';
/** The backend the stored tokens came from (ServiceTarget.backend). */
export const SESSION_BACKEND_KEY = 'session.backend';

/** Sign-in and sign-out name the backend they are for: a token never goes to another one. */
type AuthCall = {
  (id: 'auth.login', input: LoginInput, pin: CallPin): Promise<Result<OutputOf<'auth.login'>>>;
  (
    id: 'auth.logout',
    input: { refreshToken: string },
    pin: CallPin,
  ): Promise<Result<OutputOf<'auth.logout'>>>;
  (id: 'payServer.signIn', input: Record<string, never>): Promise<Result<OutputOf<'payServer.signIn'>>>;
};

/** The pay-server session as kept in the `adminUser` entry (spec: token and expiredAt, in seconds). */
const payServerEntrySchema = z.object({ token: z.string().min(1), expiredAt: z.number() });
type PayServerEntry = z.infer<typeof payServerEntrySchema>;

function parsePayServerEntry(raw: string | null): PayServerEntry | null {
  if (!raw) return null;
  try {
    const parsed = payServerEntrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface SessionDeps {
  tokens: TokenStore;
  kv: KeyValueStore;
  events: EventHub;
  /** The API client's call, for the two auth endpoints only the session may use. */
  call: AuthCall;
  /** The backend the console uses now (backendIdentity of the saved settings). */
  backend: () => string;
  /** Why tokens are not in the keychain, in the operator's language; null when they are. */
  tokenStorageReason?: () => string | null;
  now?: () => number;
  /** The operator's language, for the errors the session makes itself. */
  language?: () => Language;
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
  /**
   * Signs the operator in to the pay server (payServer.signIn with the console's session) and
   * keeps the token as `adminUser`; the renderer gets only whether and until when.
   */
  payServerSignIn(): Promise<Result<PayServerSession>>;
  payServerState(): Promise<PayServerSession>;
  /**
   * Ends on the server a session whose tokens this console no longer keeps (left in a keychain
   * it fell back from), at the backend it was bound to; best effort, without waiting.
   */
  revokeOrphan(refreshToken: string): void;
}

/**
 * The one owner of the session: the user, the tokens and the epoch (bumped by every sign-in and
 * sign-out, so that work begun in one session cannot land in the next).
 *
 * Every change runs in one serial queue, and reads of the tokens that decide what a request
 * sends run there too: a refresh's new tokens are stored, or dropped, in the same step that
 * checks the session is still the one the refresh began in. Only the network calls (sign-in,
 * sign-out on the server, the refresh itself) run outside it, so a slow server never holds up a
 * sign-out.
 */
export function createSessionManager(deps: SessionDeps): SessionManager {
  const now = deps.now ?? Date.now;
  const queue = createSerialQueue();
  let epoch = 0;
  let user = loadUser(deps.kv);
  let boundTo = loadBinding(deps.kv);

  const bindTo = (backend: string | null) => {
    boundTo = backend;
    if (backend === null) deps.kv.delete(SESSION_BACKEND_KEY);
    else deps.kv.set(SESSION_BACKEND_KEY, backend);
  };
  const changedBackend = (): ResultError => ({
    code: Codes.NOT_SIGNED_IN,
    message:
      deps.language?.() === 'zh-CN'
        ? `${codeText(Codes.NOT_SIGNED_IN, 'zh-CN')}（登录期间服务地址已更改；请重新登录）`
        : `${codeText(Codes.NOT_SIGNED_IN, 'en')} (the service address changed during sign-in; sign in again)`,
  });

  const setUser = (next: SessionUser) => {
    user = next;
    deps.kv.set(SESSION_USER_KEY, next);
  };
  /** Only inside the queue (or where nothing can change): it reads the token store. */
  const stateNow = async (): Promise<SessionState> => {
    const signedIn = isSessionValid(user, now()) && (await deps.tokens.get(REFRESH_TOKEN)) !== null;
    return {
      user,
      signedIn,
      tokenStorage: deps.tokens.storage,
      tokenStorageReason: deps.tokenStorageReason?.() ?? null,
    };
  };
  const announce = async (): Promise<SessionState> => {
    const s = await stateNow();
    deps.events.emit('session:changed', s);
    return s;
  };
  /** The stored pay-server session while it lasts (main's clock; the server checks its own too). */
  const payServerNow = async (): Promise<PayServerEntry | null> => {
    const entry = parsePayServerEntry(await deps.tokens.get(PAY_SERVER_TOKEN));
    return entry && entry.expiredAt * 1000 > now() ? entry : null;
  };
  const payServerSessionOf = (entry: PayServerEntry | null): PayServerSession =>
    entry ? { signedIn: true, expiresAt: entry.expiredAt } : { signedIn: false, expiresAt: null };
  const clearLocal = async () => {
    epoch++;
    await deps.tokens.clear();
    setUser(GUEST_USER);
    bindTo(null);
  };

  return {
    state: () => queue.run(stateNow),
    user: () => user,

    current: () =>
      queue.run(async (): Promise<SessionSnapshot> => ({
        epoch,
        backend: boundTo,
        access: await deps.tokens.get(ACCESS_TOKEN),
        refresh: await deps.tokens.get(REFRESH_TOKEN),
        payServer: (await payServerNow())?.token ?? null,
      })),

    payServerState: () => queue.run(async () => payServerSessionOf(await payServerNow())),

    async payServerSignIn() {
      const from = await queue.run(async () => epoch);
      const res = await deps.call('payServer.signIn', {});
      if (!res.ok) return res;
      return queue.run(async (): Promise<Result<PayServerSession>> => {
        // Signed out, or in as someone else, meanwhile: this token is not theirs to keep.
        if (from !== epoch || !hasSession(user)) {
          return {
            ok: false,
            error: {
              code: Codes.NOT_SIGNED_IN,
              message: codeText(Codes.NOT_SIGNED_IN, deps.language?.() ?? 'en'),
            },
          };
        }
        const entry = { token: res.data.token, expiredAt: res.data.expiredAt };
        await deps.tokens.set(PAY_SERVER_TOKEN, JSON.stringify(entry));
        return { ok: true, data: payServerSessionOf(entry) };
      });
    },

    payServerRefused: (from: number, token: string) =>
      queue.run(async () => {
        if (from !== epoch) return;
        const stored = parsePayServerEntry(await deps.tokens.get(PAY_SERVER_TOKEN));
        // A newer sign-in may have stored another token meanwhile: that one stays.
        if (stored?.token === token) await deps.tokens.delete(PAY_SERVER_TOKEN);
      }),

    async login(input) {
      const at = deps.backend();
      const res = await deps.call('auth.login', input, { backend: at });
      if (!res.ok) return res;
      const stored = await queue.run(async () => {
        // The console moved to another backend while the answer was on its way: these tokens
        // are the one it left, and must not ride along to the new one.
        if (deps.backend() !== at) return null;
        const before = await deps.tokens.get(REFRESH_TOKEN);
        const beforeBackend = boundTo;
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
        bindTo(at);
        return {
          state: await announce(),
          previous: before && beforeBackend ? { token: before, backend: beforeBackend } : null,
        };
      });
      if (!stored) return { ok: false, error: changedBackend() };
      const { state, previous } = stored;
      if (previous && previous.token !== res.data.refreshToken) {
        // Signing in over a live session: end the old one on the server too, without waiting for it.
        void deps
          .call('auth.logout', { refreshToken: previous.token }, { backend: previous.backend })
          .catch(() => undefined);
      }
      return { ok: true, data: state };
    },

    async logout() {
      const { refreshToken, backend, state } = await queue.run(async () => {
        const token = await deps.tokens.get(REFRESH_TOKEN);
        const from = boundTo;
        await clearLocal();
        return { refreshToken: token, backend: from, state: await announce() };
      });
      if (refreshToken && backend) {
        // Local sign-out has already happened: a server we cannot reach must not keep the operator in.
        const res = await deps.call('auth.logout', { refreshToken }, { backend });
        if (!res.ok)
          console.warn(`[gameops] server sign-out failed (${res.error.code}): ${res.error.message}`);
      }
      return { ok: true, data: state };
    },

    revokeOrphan(refreshToken) {
      const backend = boundTo ?? deps.backend();
      void deps
        .call('auth.logout', { refreshToken }, { backend })
        .then((res) => {
          if (!res.ok) console.warn(`[gameops] a left-behind session was not revoked (${res.error.code})`);
        })
        .catch(() => undefined);
    },

    forget: () =>
      queue.run(async () => {
        await clearLocal();
        return announce();
      }),

    restore: () =>
      queue.run(async () => {
        const hasTokens = (await deps.tokens.get(REFRESH_TOKEN)) !== null;
        // Tokens kept by a version that did not record their backend: it signed out on every
        // change of backend, so they are the saved backend's.
        if (hasTokens && boundTo === null) bindTo(deps.backend());
        if (hasSession(user) && (!hasTokens || !isSessionValid(user, now()))) await clearLocal();
        else if (hasTokens && boundTo !== deps.backend()) await clearLocal();
        return stateNow();
      }),

    refreshed: (from: number, pair: TokenPair) =>
      queue.run(async () => {
        // Signed out, or in as someone else, while the refresh was under way: its tokens are moot.
        if (from !== epoch || !hasSession(user)) return false;
        // Refresh tokens rotate: the old one is dead now, so both are saved before anything else.
        await deps.tokens.set(REFRESH_TOKEN, pair.refreshToken);
        await deps.tokens.set(ACCESS_TOKEN, pair.authToken);
        setUser({ ...user, expireTime: pair.expireTime, refreshExpireTime: pair.refreshExpireTime });
        await announce();
        return true;
      }),

    ended: (from: number, reason: SessionEndReason, error: ResultError) =>
      queue.run(async () => {
        // A late answer from a session that is already over must not end the one that followed it.
        if (from !== epoch) return;
        const wasSignedIn = hasSession(user);
        await clearLocal();
        await announce();
        if (wasSignedIn) deps.events.emit('session:expired', { reason, message: error.message });
      }),
  };
}

/**
 * A user that came from a sign-in, as opposed to the guest. Not by name: an operator may well be
 * called "guest" (the demo database has one).
 */
export function hasSession(user: SessionUser): boolean {
  return user.refreshExpireTime > 0;
}

function loadBinding(kv: KeyValueStore): string | null {
  const saved = kv.get(SESSION_BACKEND_KEY);
  return typeof saved === 'string' ? saved : null;
}

function loadUser(kv: KeyValueStore): SessionUser {
  const parsed = sessionUserSchema.safeParse(kv.get(SESSION_USER_KEY));
  return parsed.success ? parsed.data : GUEST_USER;
}
