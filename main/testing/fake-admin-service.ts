import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Codes } from '../../shared/codes.js';
import { fail, ok } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import type { SessionUser } from '../../shared/session.js';

/**
 * A small admin service speaking the envelope over real HTTP, for the client tests that need to
 * steer the server: expire a token on demand, refuse or drop a refresh, delay answers so that
 * concurrent calls interleave with a refresh. Tests that need the real thing use server/.
 */

export type RefreshBehaviour = 'rotate' | 'refuse' | 'revoke' | 'drop' | 'unavailable';

export interface FakeAdminService {
  url: string;
  /** Base URL of the admin service, as a setting would hold it. */
  adminBase: string;
  /** Every request, in order of arrival: method, path, bearer. */
  log: { method: string; path: string; bearer: string | null; body: unknown }[];
  refreshCalls: number;
  currentAccess: string;
  currentRefresh: string;
  /** Makes the access token in use answer 20000 from now on. */
  expireAccessToken(): void;
  refreshBehaviour: RefreshBehaviour;
  /** Delay before answering a request, by path; lets a test stagger concurrent answers. */
  delayFor: (path: string, bearer: string | null) => number;
  /**
   * Makes every signed-in call answer this code from now on, as a server does once it revoked the
   * session, disabled the operator, or no longer knows the session (null: answer normally).
   */
  sessionOver: number | null;
  /** Route override: answer a path with raw text and status (non-JSON, non-envelope). */
  raw: Map<string, { status: number; body: string; contentType?: string }>;
  /**
   * The pay-server token the payment service takes (set by each payServer.signIn; null: none).
   * Payment-service requests are logged with their path under `pay:`.
   */
  payServerToken: string | null;
  stop(): Promise<void>;
}

export const FAKE_USER: SessionUser = {
  name: 'admin',
  phone: '10000000001',
  avatar: '',
  bio: 'seeded admin',
  role: ['ADMIN', 'AtomicWAR'],
  expireTime: 0,
  refreshExpireTime: 0,
  first_name: 'Ada',
};

export async function startFakeAdminService(): Promise<FakeAdminService> {
  let generation = 1;
  const expired = new Set<string>();
  const revokedRefresh = new Set<string>();
  const base = SERVICE_BASE_PATHS.admin;
  const times = () => {
    const now = Math.floor(Date.now() / 1000);
    return { expireTime: now + 600, refreshExpireTime: now + 3600 };
  };

  const svc: FakeAdminService = {
    url: '',
    adminBase: '',
    log: [],
    refreshCalls: 0,
    currentAccess: `A${generation}`,
    currentRefresh: `R${generation}`,
    expireAccessToken: () => void expired.add(svc.currentAccess),
    refreshBehaviour: 'rotate',
    delayFor: () => 0,
    sessionOver: null,
    raw: new Map(),
    payServerToken: null,
    stop: async () => undefined,
  };
  let paySignIns = 0;
  const payBase = SERVICE_BASE_PATHS.payment;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text ? JSON.parse(text) : undefined;
    const auth = req.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : null;
    const payment = url.pathname.startsWith(`${payBase}/`);
    const path = payment ? `pay:${url.pathname.slice(payBase.length)}` : url.pathname.slice(base.length);
    svc.log.push({ method: req.method ?? '', path: `${path}${url.search}`, bearer, body });
    const delay = svc.delayFor(path, bearer);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));

    const raw = svc.raw.get(path);
    if (raw) {
      res.writeHead(raw.status, { 'Content-Type': raw.contentType ?? 'text/html' });
      res.end(raw.body);
      return;
    }

    if (path === '/admin/login' && req.method === 'POST') {
      const { account, password } = (body ?? {}) as { account?: string; password?: string };
      if (account !== 'admin' || password !== 'gameops-demo')
        return send(res, 401, fail(Codes.INVALID_CREDENTIALS));
      return send(
        res,
        200,
        ok({
          authToken: svc.currentAccess,
          refreshToken: svc.currentRefresh,
          ...times(),
          user: { ...FAKE_USER, ...times() },
        }),
      );
    }
    if (path === '/admin/refresh' && req.method === 'POST') {
      svc.refreshCalls++;
      const given = (body as { refreshToken?: string } | undefined)?.refreshToken;
      switch (svc.refreshBehaviour) {
        case 'drop':
          req.socket.destroy();
          return;
        case 'unavailable':
          return send(res, 503, fail(Codes.UNAVAILABLE));
        case 'refuse':
          return send(res, 401, fail(Codes.REFRESH_INVALID, 'refresh token expired'));
        case 'revoke':
          return send(res, 401, fail(Codes.SESSION_REVOKED, 'session revoked'));
        case 'rotate':
          break;
      }
      if (given !== svc.currentRefresh || revokedRefresh.has(given)) {
        // Like the real backend: presenting a rotated refresh token is reuse, and ends the family.
        return send(res, 401, fail(Codes.REFRESH_INVALID, `reused refresh token ${String(given)}`));
      }
      revokedRefresh.add(given);
      expired.add(svc.currentAccess);
      generation++;
      svc.currentAccess = `A${generation}`;
      svc.currentRefresh = `R${generation}`;
      return send(
        res,
        200,
        ok({ authToken: svc.currentAccess, refreshToken: svc.currentRefresh, ...times() }),
      );
    }
    if (path === '/admin/logout' && req.method === 'POST') return send(res, 200, ok({ loggedOut: true }));

    // The payment service: the pay-server token only, like the real backend.
    if (payment) return send(res, ...paymentAnswer(svc, path, bearer, req.method));

    // Everything else needs a valid access token.
    if (!bearer) return send(res, 401, fail(Codes.UNAUTHENTICATED));
    if (svc.sessionOver !== null) return send(res, 401, fail(svc.sessionOver));
    if (expired.has(bearer)) return send(res, 401, fail(Codes.TOKEN_EXPIRED));
    if (bearer !== svc.currentAccess) return send(res, 401, fail(Codes.UNAUTHENTICATED));

    if (path === '/admin/session') return send(res, 200, ok({ ...FAKE_USER, ...times() }));
    if (path === '/payserver/token' && req.method === 'POST') {
      paySignIns++;
      svc.payServerToken = `P${paySignIns}`;
      return send(
        res,
        200,
        ok({ token: svc.payServerToken, expiredAt: Math.floor(Date.now() / 1000) + 8 * 3600 }),
      );
    }
    if (path === '/admin/roles') return send(res, 200, ok({ roles: ['SUPER', 'ADMIN'] }));
    const user = /^\/admin\/user\/([^/]+)$/.exec(path);
    if (user && req.method === 'GET') return send(res, 200, ok(operator(decodeURIComponent(user[1] ?? ''))));
    return send(res, 404, fail(Codes.ROUTE_NOT_FOUND));
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, fail(Codes.INTERNAL, String(err))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  svc.url = `http://127.0.0.1:${port}`;
  svc.adminBase = `${svc.url}${base}`;
  svc.stop = () =>
    new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
  return svc;
}

/** The payment service's answer: it takes the pay-server token only, like the real backend. */
function paymentAnswer(
  svc: FakeAdminService,
  path: string,
  bearer: string | null,
  method: string | undefined,
): [number, unknown] {
  if (svc.sessionOver === Codes.ACCOUNT_DISABLED) return [403, fail(Codes.ACCOUNT_DISABLED)];
  if (!bearer) return [401, fail(Codes.UNAUTHENTICATED)];
  if (bearer !== svc.payServerToken) return [401, fail(Codes.PAY_SERVER_SIGN_IN)];
  const status = /^pay:\/order\/status\/([^/]+)$/.exec(path);
  if (status && method === 'GET')
    return [200, ok({ orderId: status[1], state: 'created', paymentStatus: 'Pending' })];
  return [404, fail(Codes.ROUTE_NOT_FOUND)];
}

/** An operator record as GET /admin/user/<phone> answers it. */
function operator(phone: string) {
  const at = new Date(0).toISOString();
  return {
    id: Number(phone.slice(-4)),
    phone,
    name: `op${phone}`,
    first_name: '',
    avatar: '',
    bio: '',
    roles: ['ADMIN'],
    disabled: false,
    createdAt: at,
    updatedAt: at,
    lastLoginAt: null,
  };
}
