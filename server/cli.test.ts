import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend } from './backend.js';
import { LOCK_FILE } from './db/data-dir-lock.js';
import { createDatabase, dropDatabase } from '../tests/support/postgres.js';
import { postgresUrl } from '../tests/support/backends.js';
import { ROOT, runTs } from '../tests/support/processes.js';

/**
 * `server/cli.ts`: create-super against PostgreSQL (never a default password), and `serve`
 * printing its URLs and stopping cleanly on a signal.
 */

async function loginCode(url: string, account: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/v1/sr/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  return ((await res.json()) as { Status: { Code: number } }).Status.Code;
}

describe.skipIf(!postgresUrl())('create-super on PostgreSQL', () => {
  const dbName = `t_cli_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createDatabase(postgresUrl(), dbName);
  });
  afterAll(async () => {
    await dropDatabase(postgresUrl(), dbName);
  });

  it('a PostgreSQL backend starts with no operators at all: no demo password', async () => {
    const b = await startBackend({ databaseUrl, seedPlayers: 0 });
    try {
      expect(b.seeded.demoOperators).toBe(0);
      expect(await b.database.db.selectFrom('operators').select('id').execute()).toEqual([]);
      expect(await loginCode(b.url, 'super', 'gameops-demo')).toBe(40101);
    } finally {
      await b.close();
    }
  });

  it('refuses without a password', async () => {
    const r = await runTs('server/cli.ts', ['create-super', '--phone', '13500000001', '--name', 'root'], {
      env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: '' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No password given/);
  });

  it('refuses a weak password or a bad phone', async () => {
    const weak = await runTs('server/cli.ts', ['create-super', '--phone', '13500000001', '--name', 'root'], {
      env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: 'short' },
    });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/password: at least 10 characters/);
    const phone = await runTs('server/cli.ts', ['create-super', '--phone', 'nope', '--name', 'root'], {
      env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: 'a-long-password' },
    });
    expect(phone.code).toBe(1);
    expect(phone.stderr).toMatch(/phone/);
  });

  it('creates a SUPER from the environment or standard input, who can then sign in', async () => {
    const fromEnv = await runTs(
      'server/cli.ts',
      ['create-super', '--phone', '13500000001', '--name', 'root'],
      {
        env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: 'env-password-123' },
      },
    );
    expect(fromEnv.stderr).toBe('');
    expect(fromEnv.code).toBe(0);
    expect(fromEnv.stdout).toMatch(/Created SUPER operator root \(13500000001\)/);

    const fromStdin = await runTs(
      'server/cli.ts',
      ['create-super', '--phone', '13500000002', '--name', 'root2', '--first-name', 'Second Root'],
      { env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: '' }, stdin: 'stdin-password-123\n' },
    );
    expect(fromStdin.code).toBe(0);

    const again = await runTs(
      'server/cli.ts',
      ['create-super', '--phone', '13500000001', '--name', 'root3'],
      {
        env: { DATABASE_URL: databaseUrl, GAMEOPS_SUPER_PASSWORD: 'env-password-123' },
      },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);

    const b = await startBackend({ databaseUrl, seedPlayers: 0 });
    try {
      expect(await loginCode(b.url, 'root', 'env-password-123')).toBe(1);
      expect(await loginCode(b.url, '13500000002', 'stdin-password-123')).toBe(1);
      const ops = await b.database.db
        .selectFrom('operators')
        .select(['name', 'roles'])
        .orderBy('id')
        .execute();
      expect(ops).toEqual([
        { name: 'root', roles: ['SUPER'] },
        { name: 'root2', roles: ['SUPER'] },
      ]);
      const audit = await b.database.db
        .selectFrom('audit_log')
        .select(['action', 'operator', 'target'])
        .execute();
      expect(audit).toContainEqual({
        action: 'users.create',
        operator: 'create-super (command line)',
        target: '13500000001',
      });
    } finally {
      await b.close();
    }
  });
});

describe('serve', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Starts `serve` on a new embedded database; resolves once `until` has been printed. */
  async function serve(args: string[], until: RegExp) {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-cli-'));
    dirs.push(dir);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        resolve(ROOT, 'server/cli.ts'),
        'serve',
        '--port',
        '0',
        '--data',
        dir,
        '--seed',
        '0',
        ...args,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exit = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    await new Promise<void>((r, reject) => {
      const timer = setTimeout(() => reject(new Error(`not printed: ${until}; got: ${out}`)), 60_000);
      // Wait for the last line we check: stdout may arrive in several chunks.
      child.stdout.on('data', () => {
        if (out.includes('openapi') && until.test(out)) {
          clearTimeout(timer);
          r();
        }
      });
    });
    const url = /admin\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
    return { child, dir, exit, out: () => out, url };
  }

  it('with --demo: prints the base URLs and the published password, and stops cleanly on SIGINT', async () => {
    const s = await serve(['--demo'], /Demo operators created/);
    expect(s.out()).toMatch(/admin\s+http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sr/);
    expect(s.out()).toMatch(/pve\s+http:\/\/127\.0\.0\.1:\d+\/api\/v1\/dr/);
    expect(s.out()).toMatch(/Demo operators created \(password "gameops-demo"\)/);
    expect(await loginCode(s.url, 'super', 'gameops-demo')).toBe(1);
    s.child.kill('SIGINT');
    expect(await s.exit).toBe(0);
    expect(existsSync(join(s.dir, LOCK_FILE))).toBe(false);
  });

  it('without --demo: a new database has no operator, and the CLI says to run create-super', async () => {
    const s = await serve([], /create-super/);
    expect(s.out()).toMatch(/No operator yet/);
    expect(s.out()).toMatch(/npm run server -- create-super --phone PHONE --name NAME --data /);
    expect(s.out()).toMatch(/or start this server with --demo/);
    expect(s.out()).not.toMatch(/Demo operators created/);
    expect(await loginCode(s.url, 'super', 'gameops-demo')).toBe(40101);
    s.child.kill('SIGINT');
    expect(await s.exit).toBe(0);
  });

  it('--demo is refused for PostgreSQL, which never gets a published password', async () => {
    const r = await runTs('server/cli.ts', ['serve', '--demo'], {
      env: { DATABASE_URL: 'postgres://nowhere.invalid/none' },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--demo is for the embedded database only/);
  });

  it('refuses a read replica without a PostgreSQL primary, and a lag bound that is no number of seconds', async () => {
    const alone = await runTs(
      'server/cli.ts',
      ['serve', '--database-read-url', 'postgres://replica.invalid/x'],
      {
        env: { DATABASE_URL: '' },
      },
    );
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/names a replica of a PostgreSQL primary: set DATABASE_URL too/);
    const lag = await runTs('server/cli.ts', ['serve'], {
      env: {
        DATABASE_URL: 'postgres://nowhere.invalid/none',
        DATABASE_READ_URL: 'postgres://replica.invalid/none',
        GAMEOPS_READ_MAX_LAG_SEC: '0',
      },
    });
    expect(lag.code).toBe(1);
    expect(lag.stderr).toMatch(/--read-max-lag-sec takes whole seconds from 1 to 86400, not "0"/);
  });

  it('refuses a PostgreSQL pool of one connection, or of no number, saying why', async () => {
    const one = await runTs('server/cli.ts', ['serve', '--pg-pool-size', '1'], {
      env: { DATABASE_URL: 'postgres://nowhere.invalid/none' },
    });
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/--pg-pool-size takes a number of connections from 2 to 500, not "1"/);
    expect(one.stderr).toMatch(/held by server watch/);
    const word = await runTs('server/cli.ts', ['serve'], {
      env: { DATABASE_URL: 'postgres://nowhere.invalid/none', GAMEOPS_PG_POOL_SIZE: 'ten' },
    });
    expect(word.code).toBe(1);
    expect(word.stderr).toMatch(/--pg-pool-size takes a number of connections from 2 to 500, not "ten"/);
  });
});
