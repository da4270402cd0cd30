import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_KEY_HEADER } from '../shared/constants.js';
import { startBackend } from './backend.js';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './db/data-dir-lock.js';
import type { WorkerMessage } from './worker-protocol.js';
import { exited, forkTs, nextMessage } from '../tests/support/processes.js';

/**
 * The backend as main runs it: a forked worker that reports ready (or why not), holds its data
 * directory against every other process, and goes away with its parent.
 */

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'gameops-worker-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const isType =
  <K extends WorkerMessage['type']>(type: K) =>
  (m: unknown): m is Extract<WorkerMessage, { type: K }> =>
    typeof m === 'object' && m !== null && (m as { type?: unknown }).type === type;

// Each test forks the worker through tsx, which compiles the backend's TypeScript at start (about
// 15 s on a busy 2-core machine), and the first test forks two: more than the default 30 s.
describe('backend worker', { timeout: 90_000 }, () => {
  it('starts, reports ready, holds the data directory, answers stats, and stops when told', async () => {
    const dir = tempDir();
    const a = forkTs('server/worker.ts', ['--data', dir, '--seed', '10', '--demo']);
    try {
      const ready = await nextMessage(a, isType('ready'));
      expect(ready.port).toBeGreaterThan(0);
      expect(ready.database).toBe('pglite');
      expect(ready.setup).toBe('demo');
      const health = (await (await fetch(`${ready.url}/health`)).json()) as { Status: { Code: number } };
      expect(health.Status.Code).toBe(1);
      const login = (await (
        await fetch(`${ready.url}/api/v1/sr/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: 'admin', password: 'gameops-demo' }),
        })
      ).json()) as { Status: { Code: number } };
      expect(login.Status.Code).toBe(1);

      // A second process on the same directory is refused with a clear message.
      const b = forkTs('server/worker.ts', ['--data', dir]);
      const err = await nextMessage(b, isType('error'));
      expect(err.code).toBe('DATA_DIR_LOCKED');
      expect(err.message).toContain(`process ${a.pid}`);
      expect(await exited(b)).toBe(1);

      // So is another instance in this process.
      await expect(startBackend({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);

      a.send({ type: 'stats' });
      const stats = await nextMessage(a, isType('stats'));
      expect(stats.rss).toBeGreaterThan(stats.heapUsed);

      a.send({ type: 'stop' });
      expect(await exited(a)).toBe(0);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    } finally {
      a.kill('SIGKILL');
    }
  });

  it('as the desktop app runs it: a launch key over the message port, first-run setup, no demo password', async () => {
    const dir = tempDir();
    const key = randomBytes(32).toString('base64url');
    // What the environment says is not a key the worker takes (it used to be how the key came).
    const envKey = randomBytes(32).toString('base64url');
    const w = forkTs(
      'server/worker.ts',
      ['--data', dir, '--seed', '0', '--first-run', '--launch-key-from-parent'],
      { GAMEOPS_LAUNCH_KEY: envKey },
    );
    try {
      // It asks for its key, and does not start without one.
      await nextMessage(w, isType('needsLaunchKey'));
      w.send({ type: 'launchKey', key });
      const ready = await nextMessage(w, isType('ready'));
      expect(ready.setup).toBe('needed');
      // The key is in no environment of the worker's (what the user's other processes can read).
      if (process.platform === 'linux') {
        expect(readFileSync(`/proc/${w.pid}/environ`, 'utf8')).not.toContain(key);
      }
      const call = async (path: string, init: RequestInit = {}) =>
        ((await (await fetch(`${ready.url}${path}`, init)).json()) as { Status: { Code: number } }).Status
          .Code;
      expect(await call('/health')).toBe(40100);
      expect(await call('/health', { headers: { [EMBEDDED_KEY_HEADER]: envKey } })).toBe(40100);
      expect(await call('/health', { headers: { [EMBEDDED_KEY_HEADER]: key } })).toBe(1);
      const login = JSON.stringify({ account: 'super', password: 'gameops-demo' });
      const headers = { 'content-type': 'application/json', [EMBEDDED_KEY_HEADER]: key };
      expect(await call('/api/v1/sr/admin/login', { method: 'POST', headers, body: login })).toBe(40101);
      const first = JSON.stringify({
        mode: 'super',
        phone: '13700000001',
        name: 'root',
        password: 'a-long-password',
      });
      expect(await call('/api/v1/sr/admin/setup', { method: 'POST', headers, body: first })).toBe(1);
      const root = JSON.stringify({ account: 'root', password: 'a-long-password' });
      expect(await call('/api/v1/sr/admin/login', { method: 'POST', headers, body: root })).toBe(1);
      w.send({ type: 'stop' });
      expect(await exited(w)).toBe(0);
    } finally {
      w.kill('SIGKILL');
    }
  });

  it('exits when its parent goes away', async () => {
    const dir = tempDir();
    const w = forkTs('server/worker.ts', ['--data', dir, '--seed', '0']);
    try {
      await nextMessage(w, isType('ready'));
      w.disconnect();
      expect(await exited(w)).toBe(0);
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    } finally {
      w.kill('SIGKILL');
    }
  });
});

describe('data directory lock', () => {
  it('takes over a lock left by a process that is gone', async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: dead, host: hostname(), token: 'old', since: new Date(0).toISOString() }),
    );
    const b = await startBackend({ dataDir: dir, seedPlayers: 0 });
    try {
      expect(b.created).toBe(true);
    } finally {
      await b.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('treats our own pid in a lock we do not hold as stale (a reused pid after a restart)', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), token: 'x', since: '' }),
    );
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(dir).release();
  });

  it('keeps the data, the demo accounts as they were, and sessions across restarts', async () => {
    const dir = tempDir();
    const first = await startBackend({
      dataDir: dir,
      seedPlayers: 5,
      demo: true,
      auth: { scrypt: { N: 1024 } },
    });
    expect(first.created).toBe(true);
    expect(first.seeded.demoOperators).toBe(9);
    const res = await fetch(`${first.url}/api/v1/sr/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'super', password: 'gameops-demo' }),
    });
    const token = ((await res.json()) as { Data: { authToken: string } }).Data.authToken;
    await first.database.db.deleteFrom('operators').where('name', '=', 'guest').execute();
    await first.close();

    const second = await startBackend({ dataDir: dir });
    try {
      expect(second.created).toBe(false);
      expect(second.seeded).toEqual({ demoOperators: 0 });
      const names = (await second.database.db.selectFrom('operators').select('name').execute()).map(
        (r) => r.name,
      );
      expect(names).not.toContain('guest');
      const players = await second.database.db.selectFrom('players').select('id').execute();
      expect(players).toHaveLength(20);
      const session = await fetch(`${second.url}/api/v1/sr/admin/session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await session.json()) as { Status: { Code: number } }).Status.Code).toBe(1);
    } finally {
      await second.close();
    }
  });
});
