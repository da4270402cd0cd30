import { z } from 'zod';
import type { ResultError } from '../../shared/envelope.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { PayServerSession, SessionEndReason } from '../../shared/ipc.js';
import { GUEST_USER, isSessionValid, type SessionState, type SessionUser } from '../../shared/session.js';
import { sessionUserSchema } from '../../shared/api/auth.js';
import type { EventHub } from '../events.js';
import type { SessionHooks, SessionSnapshot, TokenPair } from '../http/api-client.js';
import type { KeyValueStore } from '../storage/kv.js';
import { createSerialQueue } from './serial-queue.js';
import { ACCESS_TOKEN, PAY_SERVER_TOKEN, REFRESH_TOKEN, type TokenStore } from './token-store.js';

/** The key the session user is persisted under (the spec keeps it in local storage). */
export const SESSION_USER_KEY = 'session.user';
/** The backend the stored tokens came from (ServiceTarget.backend). */
export const SESSION_BACKEND_KEY = 'session.backend';

/** The pay-server session as kept in the `adminUser` entry (spec: token and expiredAt, in seconds). */
const payServerEntrySchema = z.object({ token: z.string().min(1), expiredAt: z.number() });
export type PayServerEntry = z.infer<typeof payServerEntrySchema>;

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
  /** The backend the console uses now (backendIdentity of the saved settings). */
  backend: () => string;
  /** Why tokens are not in the keychain, in the operator's language; null when they are. */
  tokenStorageReason?: () => string | null;
  now?: () => number;
}

/** A sign-in's answer, to keep: the tokens and the operator they belong to. */
export type SignedIn = OutputOf<'auth.login'>;

/**
 * The session's state and every change to it, without the network: the API client reads and
 * stores tokens through its hooks, and sign-in (sign-in.ts) makes the calls and hands the answers
 * here. Apart so that the client, which the sign-in calls through, does not need the sign-in.
 */
export interface SessionStore extends SessionHooks {
  state(): Promise<SessionState>;
  /** Signs out locally without telling the server (its tokens belong to a backend we left). */
  forget(): Promise<SessionState>;
  /** At start-up: a remembered user whose tokens are gone (memory storage, cleared keychain) is a guest. */
  restore(): Promise<SessionState>;
  user(): SessionUser;
  payServerState(): Promise<PayServerSession>;
  /** The session's epoch, read in the queue (work begun now belongs to it). */
  epoch(): Promise<number>;
  /** The backend the session was bound to when the console started (before restore), else the one in use. */
  startedAt(): string;
  /** The backend the console uses now. */
  backend(): string;
  /**
   * Keeps a sign-in made at backend `at` as the new session and announces it; null (nothing
   * kept) when the console moved to another backend meanwhile. `previous` is the session it
   * replaced, to end on the server.
   */
  begin(
    at: string,
    answer: SignedIn,
  ): Promise<{ state: SessionState; previous: { token: string; backend: string } | null } | null>;
  /** Ends the session here and announces it; what is left to end on the server comes back. */
  end(): Promise<{ refreshToken: string | null; backend: string | null; state: SessionState }>;
  /** Keeps a pay-server token asked for in session `from`; refused if that session is over. */
  keepPayServer(from: number, entry: PayServerEntry): Promise<boolean>;
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
export function createSessionStore(deps: SessionDeps): SessionStore {
  const now = deps.now ?? Date.now;
  const queue = createSerialQueue();
  let epoch = 0;
  let user = loadUser(deps.kv);
  let boundTo = loadBinding(deps.kv);
  const boundAtStart = boundTo;

  const bindTo = (backend: string | null) => {
    boundTo = backend;
    if (backend === null) deps.kv.delete(SESSION_BACKEND_KEY);
    else deps.kv.set(SESSION_BACKEND_KEY, backend);
  };
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
  const clearLocal = async () => {
    epoch++;
    await deps.tokens.clear();
    setUser(GUEST_USER);
    bindTo(null);
  };

  return {
    state: () => queue.run(stateNow),
    user: () => user,
    epoch: () => queue.run(async () => epoch),
    startedAt: () => boundAtStart ?? deps.backend(),
    backend: deps.backend,

    current: () =>
      queue.run(async (): Promise<SessionSnapshot> => ({
        epoch,
        backend: boundTo,
        access: await deps.tokens.get(ACCESS_TOKEN),
        refresh: await deps.tokens.get(REFRESH_TOKEN),
        payServer: (await payServerNow())?.token ?? null,
      })),

    payServerState: () => queue.run(async () => payServerSessionOf(await payServerNow())),

    keepPayServer: (from, entry) =>
      queue.run(async () => {
        // Signed out, or in as someone else, meanwhile: this token is not theirs to keep.
        if (from !== epoch || !hasSession(user)) return false;
        await deps.tokens.set(PAY_SERVER_TOKEN, JSON.stringify(entry));
        return true;
      }),

    payServerRefused: (from: number, token: string) =>
      queue.run(async () => {
        if (from !== epoch) return;
        const stored = parsePayServerEntry(await deps.tokens.get(PAY_SERVER_TOKEN));
        // A newer sign-in may have stored another token meanwhile: that one stays.
        if (stored?.token === token) await deps.tokens.delete(PAY_SERVER_TOKEN);
      }),

    begin: (at, answer) =>
      queue.run(async () => {
        // The console moved to another backend while the answer was on its way: these tokens
        // are the one it left, and must not ride along to the new one.
        if (deps.backend() !== at) return null;
        const before = await deps.tokens.get(REFRESH_TOKEN);
        const beforeBackend = boundTo;
        epoch++;
        // The previous operator's pay-server session must not carry over to this one.
        await deps.tokens.clear();
        await deps.tokens.set(REFRESH_TOKEN, answer.refreshToken);
        await deps.tokens.set(ACCESS_TOKEN, answer.authToken);
        setUser({
          ...answer.user,
          expireTime: answer.expireTime,
          refreshExpireTime: answer.refreshExpireTime,
        });
        bindTo(at);
        return {
          state: await announce(),
          previous: before && beforeBackend ? { token: before, backend: beforeBackend } : null,
        };
      }),

    end: () =>
      queue.run(async () => {
        const refreshToken = await deps.tokens.get(REFRESH_TOKEN);
        const backend = boundTo;
        await clearLocal();
        return { refreshToken, backend, state: await announce() };
      }),

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

export function payServerSessionOf(entry: PayServerEntry | null): PayServerSession {
  return entry ? { signedIn: true, expiresAt: entry.expiredAt } : { signedIn: false, expiresAt: null };
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
