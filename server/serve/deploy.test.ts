import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import {
  chmodSync,
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.js';
import { Codes } from '../../shared/codes.js';
import { buildServer as buildApp } from '../app.js';
import { migrateToLatest } from '../db/migrations.js';
import { openDatabase } from '../db/open.js';
import { postgresUrl } from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';

/**
 * The deployable server (issue 21), as an operator runs it: the bundle of `npm run build:server`
 * under plain `node`, its probes, metrics and request ids over HTTP, `--workers` on PostgreSQL,
 * and a stop on SIGTERM. Built under node_modules/.cache, so the bundle finds the dependencies
 * it leaves outside as a deployment's `npm ci --omit=dev` would give them.
 */

const repo = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(repo, 'node_modules/.cache/gameops-server-test', randomBytes(4).toString('hex'));
const bundle = join(outDir, 'server.js');

interface Running {
  child: ChildProcess;
  url: string;
  out: () => string;
  exited: Promise<number | null>;
}

/**
 * Starts the bundle (or `command`, which runs it); resolves with its URL once the banner says
 * where it listens.
 */
function start(
  args: string[],
  env: Record<string, string> = {},
  command: { file: string; args: string[]; cwd?: string } = { file: process.execPath, args: [bundle] },
): Promise<Running> {
  const child = spawn(command.file, [...command.args, ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(command.cwd ? { cwd: command.cwd } : {}),
  });
  let text = '';
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${text}`)), 60_000);
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const url = /reference backend on (http:\/\/[\d.:]+)/.exec(text)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, out: () => text, exited });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`exited ${code} before listening:\n${text}`)));
  });
}

/** One request on a connection of its own (so the cluster may hand it to any worker). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request(url, { agent: false, headers: { connection: 'close', ...headers } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

beforeAll(async () => {
  await buildServer(outDir);
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the server bundle on the embedded database', () => {
  const data = mkdtempSync(join(tmpdir(), 'gameops-deploy-'));
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  it('runs under plain node with its probes, metrics and request ids, and stops on SIGTERM', async () => {
    const s = await start(['--port', '0', '--data', data]);
    const health = await get(`${s.url}/health`);
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({
      Status: { Code: 1 },
      Data: { status: 'ok', database: 'pglite' },
    });

    const ready = await get(`${s.url}/ready`);
    expect(JSON.parse(ready.body)).toMatchObject({ Status: { Code: 1 }, Data: { status: 'ready' } });

    // A plain id the caller gave comes back; anything else is replaced, never echoed into the log.
    expect((await get(`${s.url}/health`, { 'x-request-id': 'lb-42.a' })).headers['x-request-id']).toBe(
      'lb-42.a',
    );
    const odd = (await get(`${s.url}/health`, { 'x-request-id': 'a b<script>' })).headers['x-request-id'];
    expect(odd).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await get(`${s.url}/api/v1/sr/no-such-route`);
    expect(missing.status).toBe(404);
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const metrics = await get(`${s.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(
      /gameops_http_requests_total\{route="\/health",method="GET",status="200"\} [1-9]/,
    );
    expect(metrics.body).toContain('gameops_http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('gameops_event_loop_delay_p99_seconds');
    expect(metrics.body).toMatch(/gameops_http_errors_total\{route="unmatched",code="\d+"\} 1/);

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 120_000);

  it('refuses more than one worker on the embedded database, saying why', async () => {
    const child = spawn(process.execPath, [bundle, '--port', '0', '--data', data, '--workers', '2'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stderr.on('data', (c: Buffer) => (text += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(text).toContain('--workers 2 needs PostgreSQL');
  }, 60_000);
});

/** Every file under `dir` (symbolic links not followed), with its size and time. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).map((e) => {
    const p = join(e.parentPath, e.name);
    const s = lstatSync(p);
    return `${relative(dir, p)} ${s.size} ${s.mtimeMs}`;
  });
}

describe('the bundle as the container and the systemd unit run it', () => {
  it('starts from a read-only folder and writes only its data folder', async () => {
    // The image's layout (deploy/Containerfile): the bundle, package.json, node_modules.
    const root = mkdtempSync(join(tmpdir(), 'gameops-ro-'));
    const app = join(root, 'app');
    const data = join(root, 'data');
    mkdirSync(join(app, 'dist-server'), { recursive: true });
    mkdirSync(data);
    for (const f of readdirSync(outDir)) copyFileSync(join(outDir, f), join(app, 'dist-server', f));
    copyFileSync(join(repo, 'package.json'), join(app, 'package.json'));
    symlinkSync(join(repo, 'node_modules'), join(app, 'node_modules'));
    const before = filesOf(app);
    // Read-only as a read-only root file system is: root writes through a folder's mode, so as
    // root the folder and the packages are mounted read-only in a mount namespace of the child's.
    const asRoot = process.getuid?.() === 0;
    const command = asRoot
      ? {
          file: 'unshare',
          args: [
            '--mount',
            '--propagation',
            'private',
            'sh',
            '-c',
            'mount --bind -o ro "$1" "$1" && mount --bind -o ro "$2" "$2" && cd "$1" && shift 2 && exec "$@"',
            'sh',
            app,
            join(repo, 'node_modules'),
            process.execPath,
            'dist-server/server.js',
          ],
        }
      : { file: process.execPath, args: ['dist-server/server.js'], cwd: app };
    if (!asRoot) chmodSync(app, 0o555);
    try {
      // Empty settings, as an env file's `NAME=` lines give them, count as unset.
      const unset = { GAMEOPS_HOST: '', GAMEOPS_TIME_ZONE: '', GAMEOPS_WORKERS: '', GAMEOPS_SEED: '' };
      const s = await start(
        ['serve', '--port', '0'],
        { ...unset, GAMEOPS_DATA_DIR: data, HOME: app },
        command,
      );
      // Ready: the new database is made and migrated, in the data folder.
      expect(JSON.parse((await get(`${s.url}/ready`)).body)).toMatchObject({ Data: { status: 'ready' } });
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      expect(s.out()).not.toMatch(/EROFS|EACCES|read-only file system/i);
      expect(filesOf(app)).toEqual(before);
      expect(readdirSync(data).length).toBeGreaterThan(0);
    } finally {
      chmodSync(app, 0o755);
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!postgresUrl())('--workers on PostgreSQL', () => {
  const dbName = `t_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  beforeAll(async () => {
    databaseUrl = await createDatabase(postgresUrl(), dbName);
  });
  afterAll(() => dropDatabase(postgresUrl(), dbName));

  it('spreads requests over the workers, sums their metrics, and stops them all on SIGTERM', async () => {
    // The smallest pool allowed: once the leader runs server watch's checks it holds one of its
    // two connections for as long as it leads, and requests must still get the other.
    const s = await start(['--port', '0', '--workers', '2'], {
      DATABASE_URL: databaseUrl,
      GAMEOPS_PG_POOL_SIZE: '2',
    });
    const pids = new Set<number>();
    // The second worker starts once the first listens: ask until both have answered.
    const until = Date.now() + 60_000;
    while (pids.size < 2 && Date.now() < until) {
      const r = await get(`${s.url}/health`);
      if (r.status === 200) pids.add((JSON.parse(r.body) as { Data: { pid: number } }).Data.pid);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(s.child.pid ?? -1)).toBe(false);
    const ready = await Promise.all(Array.from({ length: 30 }, () => get(`${s.url}/ready`)));
    expect(ready.map((r) => r.status)).toEqual(ready.map(() => 200));

    const metrics = await get(`${s.url}/metrics`);
    expect(metrics.body).toMatch(/gameops_db_pool_connections\{state="max",worker="1"\} 2\n/);
    expect(metrics.body).toMatch(
      /gameops_http_requests_total\{route="\/health",method="GET",status="200",worker="1"\}/,
    );
    expect(metrics.body).toMatch(
      /gameops_http_requests_total\{route="\/health",method="GET",status="200",worker="2"\}/,
    );

    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});

describe('the probes and metrics of one server', () => {
  it('answers /ready with 503 once it drains, and /metrics to another host only with the token', async () => {
    const database = await openDatabase({});
    await migrateToLatest(database.db);
    const { app, probe } = await buildApp({ db: database.db, kind: 'pglite', metricsToken: 's3cret-token' });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ Status: { Code: 1 }, Data: { status: 'ready' } });
      expect(ready.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

      const far = { method: 'GET' as const, url: '/metrics', remoteAddress: '10.1.2.3' };
      const refused = await app.inject(far);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ Status: { Code: Codes.FORBIDDEN } });
      const wrong = await app.inject({ ...far, headers: { authorization: 'Bearer s3cret-tokeX' } });
      expect(wrong.statusCode).toBe(403);
      const right = await app.inject({ ...far, headers: { authorization: 'Bearer s3cret-token' } });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('gameops_http_requests_total');
      const local = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);

      probe.draining = true;
      const draining = await app.inject({ method: 'GET', url: '/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ Status: { Code: Codes.UNAVAILABLE } });
      expect(JSON.stringify(draining.json())).toContain('stopping');
      // Liveness stays up while it drains: the process is fine, it just takes no new work.
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
