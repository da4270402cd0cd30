import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { EXPORT_ROUTE, type ExportRequest } from '../shared/api/exports.js';
import { startBackend, type BackendOptions } from '../server/backend.js';
import { secretsKeyOf } from '../server/platform/secrets-key.js';
import { DEMO_PASSWORD } from '../server/seed/operators.js';
import { benchOnEachDatabase } from './each-database.js';
import { seedAuditRows } from './system-logs.js';

/**
 * `npx tsx bench/exports.ts`: the XLSX of BENCH_EXPORT_ROWS audit entries (default 100,000, the
 * issue's size) through the export route, on PGlite and on PostgreSQL: the time to the last byte,
 * and the backend's memory while it writes (sampled; the backend runs in this process). Memory
 * is flat when the peak over the start does not grow with the rows: the script also runs a tenth
 * of the rows and prints both. The target is at most 10 s. BENCH_DB=pglite or postgres runs one
 * database (bench/run.ts sets it from BENCH_SKIP_PGLITE / BENCH_SKIP_POSTGRES).
 */

const ROWS = Number(process.env['BENCH_EXPORT_ROWS'] ?? 100_000);
const LIMIT_MS = 10_000;
const MB = 1024 * 1024;

interface Figures {
  rows: number;
  ms: number;
  bytes: number;
  /** Heap and RSS peaks over the moment the export began, in bytes. */
  heapGrowth: number;
  rssGrowth: number;
  /** The machine's load (one-minute average) when it ended: a shared machine's figures need it. */
  load: number;
}

async function exportOnce(url: string, token: string, rows: number): Promise<Figures> {
  const request: ExportRequest = {
    endpoint: 'systemLogs.audit',
    input: {},
    format: 'xlsx',
    title: 'Audit trail',
    columns: [
      { key: 'id', label: 'Id', kind: 'number' },
      { key: 'at', label: 'Time', kind: 'datetime' },
      { key: 'operator', label: 'Operator' },
      { key: 'action', label: 'Action' },
      { key: 'game', label: 'Game' },
      { key: 'target', label: 'Target' },
      { key: 'outcome', label: 'Outcome' },
      { key: 'code', label: 'Code', kind: 'number' },
    ],
    filters: [{ label: 'Rows', value: String(rows) }],
  };
  global.gc?.();
  const start = process.memoryUsage();
  let peakHeap = start.heapUsed;
  let peakRss = start.rss;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed);
    peakRss = Math.max(peakRss, m.rss);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${url}${EXPORT_ROUTE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(request),
  });
  if (!res.ok || !res.body) throw new Error(`export refused: HTTP ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  const ms = performance.now() - t0;
  clearInterval(sample);
  return {
    rows,
    ms,
    bytes,
    heapGrowth: peakHeap - start.heapUsed,
    rssGrowth: peakRss - start.rss,
    load: loadavg()[0] ?? 0,
  };
}

async function benchOne(label: string, options: BackendOptions): Promise<void> {
  const backend = await startBackend({ ...options, seedPlayers: 0, demo: true, serverWatch: false });
  try {
    const db = backend.database.db;
    const login = await fetch(`${backend.url}/api/v1/sr/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'super', password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { Data: { authToken: string } }).Data.authToken;
    const tenth = Math.max(1, Math.round(ROWS / 10));
    await seedAuditRows(db, new Date(), tenth);
    const small = await exportOnce(backend.url, token, tenth);
    await seedAuditRows(db, new Date(), ROWS - tenth);
    const big = await exportOnce(backend.url, token, ROWS);
    for (const f of [small, big]) {
      const verdict = f.rows < ROWS ? '' : f.ms <= LIMIT_MS ? ', ok' : `, OVER ${LIMIT_MS / 1000} s`;
      console.log(
        `- ${label}: XLSX of ${f.rows.toLocaleString('en')} rows in ${(f.ms / 1000).toFixed(2)} s ` +
          `(${(f.bytes / MB).toFixed(1)} MiB; backend heap +${(f.heapGrowth / MB).toFixed(0)} MiB, ` +
          `RSS +${(f.rssGrowth / MB).toFixed(0)} MiB at peak${verdict}; load ${f.load.toFixed(1)})`,
      );
    }
  } finally {
    await backend.close();
  }
}

console.log(`Exports: the XLSX of ${ROWS.toLocaleString('en')} audit entries through the export route`);
benchOnEachDatabase('exports', (kind, target) =>
  kind === 'pglite'
    ? benchOne('PGlite', target)
    : benchOne('PostgreSQL 15', { ...target, secretsKey: secretsKeyOf(randomBytes(32), 'given') }),
);
