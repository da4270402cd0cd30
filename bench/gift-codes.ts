import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRequest } from '../shared/api/endpoint.js';
import { ENDPOINTS } from '../shared/api/table.js';
import { MAX_BATCH_SIZE } from '../shared/api/giftCodes.js';
import { SERVICE_BASE_PATHS } from '../shared/games.js';
import { startBackend, type BackendOptions } from '../server/backend.js';
import { DEMO_PASSWORD } from '../server/seed/operators.js';
import { createDatabase, startPostgres } from '../tests/support/postgres.js';
import { BENCH_POSTGRES_SETTINGS } from './postgres-settings.js';
import { secretsKeyOf } from '../server/platform/secrets-key.js';
import { randomBytes } from 'node:crypto';

/**
 * `npx tsx bench/gift-codes.ts`: makes a batch of 100,000 activation codes through the HTTP API
 * (the audited create: batch row, codes, audit entry in one transaction) on PGlite and on
 * PostgreSQL 15, three times each, and prints the times. The target is at most 5 s a batch.
 * BENCH_SKIP_PGLITE=1 / BENCH_SKIP_POSTGRES=1 skip a database; BENCH_GIFT_RUNS sets the runs
 * (default 3).
 */

const RUNS = Number(process.env['BENCH_GIFT_RUNS'] ?? 3);
const LIMIT_MS = 5000;

interface Envelope {
  Status: { Code: number; Message?: string };
  Data: unknown;
}

async function post(url: string, path: string, body: unknown, token?: string): Promise<Envelope> {
  const r = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await r.json()) as Envelope;
}

async function benchOne(label: string, options: BackendOptions): Promise<number[]> {
  const backend = await startBackend({ ...options, seedPlayers: 0, demo: true, serverWatch: false });
  try {
    const login = await post(backend.url, '/api/v1/sr/admin/login', {
      account: 'admin',
      password: DEMO_PASSWORD,
    });
    const token = (login.Data as { authToken: string }).authToken;
    const times: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const now = Date.now();
      const plan = planRequest(ENDPOINTS['giftCodes.create'], {
        game: 'ymmj',
        name: `Bench ${run}`,
        count: MAX_BATCH_SIZE,
        prefix: '',
        channel: 'bench',
        grant: { kind: 'items', rewards: [{ itemId: 20001, count: 1 }] },
        validFrom: new Date(now).toISOString(),
        validUntil: new Date(now + 86_400_000).toISOString(),
        usesPerCode: 1,
        usesPerPlayer: 1,
        reason: 'bench',
      });
      const start = performance.now();
      const res = await post(
        backend.url,
        `${SERVICE_BASE_PATHS[plan.service]}${plan.path}`,
        plan.body,
        token,
      );
      const ms = performance.now() - start;
      if (res.Status.Code !== 1) throw new Error(`${label}: create failed: ${JSON.stringify(res.Status)}`);
      const total = (res.Data as { total: number }).total;
      if (total !== MAX_BATCH_SIZE) throw new Error(`${label}: made ${total} codes`);
      times.push(ms);
    }
    return times;
  } finally {
    await backend.close();
  }
}

function print(label: string, times: number[]): void {
  const worst = Math.max(...times);
  const verdict = worst <= LIMIT_MS ? 'ok' : `OVER ${LIMIT_MS} ms`;
  console.log(
    `- ${label}: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (worst ${(worst / 1000).toFixed(2)} s, ${verdict})`,
  );
}

async function main(): Promise<void> {
  console.log(
    `Gift codes: one batch of ${MAX_BATCH_SIZE.toLocaleString('en')} codes through the API, ${RUNS} runs`,
  );
  if (process.env['BENCH_SKIP_PGLITE'] === '1') console.log('- PGlite skipped (BENCH_SKIP_PGLITE=1)');
  else {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-bench-gift-'));
    try {
      print('PGlite', await benchOne('PGlite', { dataDir: dir }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (process.env['BENCH_SKIP_POSTGRES'] === '1') {
    console.log('- PostgreSQL skipped (BENCH_SKIP_POSTGRES=1)');
    return;
  }
  const cluster = await startPostgres(BENCH_POSTGRES_SETTINGS).catch((err: unknown) => {
    console.log(`- PostgreSQL not available: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  if (!cluster) return;
  try {
    const url = await createDatabase(cluster.url, 'bench_gift');
    print(
      'PostgreSQL 15',
      await benchOne('PostgreSQL', { databaseUrl: url, secretsKey: secretsKeyOf(randomBytes(32), 'given') }),
    );
  } finally {
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
