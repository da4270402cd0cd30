import { Codes, codeText, type Language } from '../../shared/codes.js';
import type { Result, ResultError } from '../../shared/envelope.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { LoginInput, PayServerSession } from '../../shared/ipc.js';
import type { SessionState } from '../../shared/session.js';
import type { CallPin } from '../http/api-client.js';
import { payServerSessionOf, type SessionStore } from './session.js';

/**
 * Signing in and out: the calls to the server that begin and end a session, whose answers the
 * session store keeps. Sign-in and sign-out name the backend they are for: a token never goes to
 * another one.
 */

type AuthCall = {
  (id: 'auth.login', input: LoginInput, pin: CallPin): Promise<Result<OutputOf<'auth.login'>>>;
  (
    id: 'auth.logout',
    input: { refreshToken: string },
    pin: CallPin,
  ): Promise<Result<OutputOf<'auth.logout'>>>;
  (id: 'payServer.signIn', input: Record<string, never>): Promise<Result<OutputOf<'payServer.signIn'>>>;
};

export interface SignInDeps {
  store: SessionStore;
  /** The API client's call, for the auth endpoints only the session may use. */
  call: AuthCall;
  /** The operator's language, for the errors the sign-in makes itself. */
  language?: () => Language;
}

export interface SignIn {
  login(input: LoginInput): Promise<Result<SessionState>>;
  /** Best effort on the server; always signs out here. */
  logout(): Promise<Result<SessionState>>;
  /**
   * Signs the operator in to the pay server (payServer.signIn with the console's session) and
   * keeps the token as `adminUser`; the renderer gets only whether and until when.
   */
  payServerSignIn(): Promise<Result<PayServerSession>>;
  /**
   * Ends on the server a session whose tokens this console no longer keeps (left in a keychain
   * it fell back from), at the backend the saved session was bound to; best effort, without waiting.
   */
  revokeOrphan(refreshToken: string): void;
}

export function createSignIn(deps: SignInDeps): SignIn {
  const { store } = deps;
  const language = () => deps.language?.() ?? 'en';
  const changedBackend = (): ResultError => ({
    code: Codes.NOT_SIGNED_IN,
    message:
      language() === 'zh-CN'
        ? `${codeText(Codes.NOT_SIGNED_IN, 'zh-CN')}（登录期间服务地址已更改；请重新登录）`
        : `${codeText(Codes.NOT_SIGNED_IN, 'en')} (the service address changed during sign-in; sign in again)`,
  });
  /** Ends a session on the server without waiting: the console has already moved on from it. */
  const revoke = (refreshToken: string, backend: string, failed: (code: number) => void = () => undefined) =>
    void deps
      .call('auth.logout', { refreshToken }, { backend })
      .then((res) => {
        if (!res.ok) failed(res.error.code);
      })
      .catch(() => undefined);

  return {
    async login(input) {
      const at = store.backend();
      const res = await deps.call('auth.login', input, { backend: at });
      if (!res.ok) return res;
      const begun = await store.begin(at, res.data);
      if (!begun) return { ok: false, error: changedBackend() };
      const { state, previous } = begun;
      // Signing in over a live session: end the old one on the server too, without waiting for it.
      if (previous && previous.token !== res.data.refreshToken) revoke(previous.token, previous.backend);
      return { ok: true, data: state };
    },

    async logout() {
      const { refreshToken, backend, state } = await store.end();
      if (refreshToken && backend) {
        // Local sign-out has already happened: a server we cannot reach must not keep the operator in.
        const res = await deps.call('auth.logout', { refreshToken }, { backend });
        if (!res.ok)
          console.warn(`[gameops] server sign-out failed (${res.error.code}): ${res.error.message}`);
      }
      return { ok: true, data: state };
    },

    async payServerSignIn() {
      const from = await store.epoch();
      const res = await deps.call('payServer.signIn', {});
      if (!res.ok) return res;
      const entry = { token: res.data.token, expiredAt: res.data.expiredAt };
      if (!(await store.keepPayServer(from, entry))) {
        return {
          ok: false,
          error: { code: Codes.NOT_SIGNED_IN, message: codeText(Codes.NOT_SIGNED_IN, language()) },
        };
      }
      return { ok: true, data: payServerSessionOf(entry) };
    },

    revokeOrphan(refreshToken) {
      revoke(refreshToken, store.startedAt(), (code) =>
        console.warn(`[gameops] a left-behind session was not revoked (${code})`),
      );
    },
  };
}
