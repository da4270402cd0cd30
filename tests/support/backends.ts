import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { planRequest, type Endpoint } from '../../shared/api/endpoint.js';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import type { Envelope } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import { startBackend, type BackendOptions, type RunningBackend } from '../../server/backend.js';
import { DEMO_PASSWORD } from '../../server/seed/operators.js';
import { createDatabase, dropDatabase } from './postgres.js';
import { secretsKeyOf } from '../../server/platform/secrets-key.js';

/**
 * The reference backend for a test file, on the embedded database (in memory) or on a fresh
 * database of the test PostgreSQL cluster, with the demo operators either way, a clock the test
 * moves, and a small HTTP client. Tests call it over real HTTP.
 */

export const BACKEND_KINDS = ['pglite', 'postgres'] as const;
export type BackendKind = (typeof BACKEND_KINDS)[number];

/** Cheap scrypt for tests: the parameters are stored with each hash, so verification is the same code. */
export const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

export function postgresUrl(): string {
  return inject('postgresUrl');
}

/** Which kinds to run: PostgreSQL only when the cluster is up (global setup fails the run otherwise). */
export function backendKinds(): BackendKind[] {
  return postgresUrl() ? [...BACKEND_KINDS] : ['pglite'];
}

export class TestClock {
  now: number;
  constructor(start = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.now = start;
  }
  advance(seconds: number): void {
    this.now += seconds * 1000;
  }
  readonly fn = (): number => this.now;
}

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

export interface RequestOptions {
  token?: string;
  /** A JSON body (serialised), or raw text with `contentType`. */
  json?: unknown;
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export class ApiClient {
  readonly url: string;
  /** Sent with every request (an embedded backend's launch key), under what a request adds. */
  readonly headers: Record<string, string>;
  constructor(url: string, headers: Record<string, string> = {}) {
    this.url = url;
    this.headers = headers;
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...this.headers, ...opts.headers };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] = opts.contentType ?? 'application/json';
    } else if (opts.raw !== undefined) {
      body = opts.raw;
      if (opts.contentType) headers['content-type'] = opts.contentType;
    }
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${path}: answer is not JSON (HTTP ${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, headers: res.headers, body: parsed as Envelope<T> };
  }

  /** Calls an endpoint of a table by its input, as main's client would. */
  async call<T = unknown>(ep: Endpoint, input: Record<string, unknown>, token?: string): Promise<Reply<T>> {
    const plan = planRequest(ep, input);
    const path = `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`;
    return this.request<T>(plan.method, path, {
      ...(token ? { token } : {}),
      ...(plan.body ? { json: plan.body } : {}),
    });
  }

  async login(account: string, password = DEMO_PASSWORD): Promise<LoginData> {
    const res = await this.request<LoginData>('POST', '/api/v1/sr/admin/login', {
      json: { account, password },
    });
    if (res.body.Status.Code !== 1) {
      throw new Error(`login ${account} failed: ${JSON.stringify(res.body.Status)}`);
    }
    return res.body.Data;
  }
}

export interface LoginData {
  authToken: string;
  refreshToken: string;
  expireTime: number;
  refreshExpireTime: number;
  user: { name: string; phone: string; role: string[]; expireTime: number; refreshExpireTime: number };
}

export interface TestBackend {
  kind: BackendKind;
  backend: RunningBackend;
  api: ApiClient;
  clock: TestClock;
  close(): Promise<void>;
}

export async function startTestBackend(
  kind: BackendKind,
  options: Omit<BackendOptions, 'databaseUrl' | 'dataDir' | 'clock'> = {},
): Promise<TestBackend> {
  const clock = new TestClock();
  const auth = { ...options.auth, scrypt: { ...TEST_SCRYPT, ...options.auth?.scrypt } };
  // The demo operators unless a test says otherwise (a first run starts with none).
  // The delivery job runs only when a test says so (runDue), whatever the test's clock says.
  const common = {
    seedPlayers: 20,
    demo: true,
    redelivery: { everyMs: 0 },
    ...options,
    auth,
    clock: clock.fn,
  };
  let dbName: string | undefined;
  let backend: RunningBackend;
  if (kind === 'postgres') {
    const admin = postgresUrl();
    if (!admin) throw new Error('PostgreSQL is not available for this run');
    dbName = `t_${randomBytes(6).toString('hex')}`;
    const databaseUrl = await createDatabase(admin, dbName);
    // PostgreSQL keeps no secrets without a key from outside the database (GAMEOPS_SECRETS_KEY).
    backend = await startBackend({
      secretsKey: secretsKeyOf(randomBytes(32), 'given'),
      ...common,
      databaseUrl,
    });
  } else {
    backend = await startBackend(common);
  }
  return {
    kind,
    backend,
    api: new ApiClient(
      backend.url,
      options.launchKey !== undefined ? { [EMBEDDED_KEY_HEADER]: options.launchKey } : {},
    ),
    clock,
    async close() {
      await backend.close();
      if (dbName) await dropDatabase(postgresUrl(), dbName);
    },
  };
}
