import { sql, type Kysely } from 'kysely';
import { LATENCY_BUCKETS_MS } from '../../shared/api/statistics.js';
import { Codes } from '../../shared/codes.js';
import type { Database } from '../db/schema.js';

/**
 * The backend's measurements of its own API: each call's endpoint, game, outcome and latency are
 * added to counters in memory, per UTC hour, endpoint and game, and written to the database
 * (api_call_hours, api_call_errors) every FLUSH_MS and when the server closes. Recording is a few
 * map operations in the response hook: no call ever waits on the database for it. What a crash
 * loses is at most the last FLUSH_MS of measurements.
 */
export const FLUSH_MS = 5_000;

const HOUR_MS = 3_600_000;

/** The histogram's bucket of a latency: the first whose upper bound holds it, or the last (slower). */
export function bucketOf(ms: number): number {
  const i = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return i < 0 ? LATENCY_BUCKETS_MS.length : i;
}

/**
 * The `p` percentile (0 < p <= 1) of a histogram: the upper bound of the bucket holding the call
 * of rank ceil(p × calls). Null without calls, or when that call is slower than the last bound.
 */
export function percentileOf(buckets: readonly number[], p: number): number | null {
  const calls = buckets.reduce((a, b) => a + b, 0);
  if (calls === 0) return null;
  const rank = Math.max(1, Math.ceil(p * calls));
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i] ?? 0;
    if (seen >= rank) return LATENCY_BUCKETS_MS[i] ?? null;
  }
  return null;
}

export const emptyBuckets = (): number[] => new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);

/** Adds histogram `b` into `a`, bucket by bucket. */
export function addBuckets(a: number[], b: readonly number[]): void {
  for (let i = 0; i < a.length; i++) a[i] = (a[i] ?? 0) + (b[i] ?? 0);
}

interface Counter {
  hour: number;
  endpoint: string;
  game: string;
  calls: number;
  errors: number;
  buckets: number[];
  codes: Map<number, number>;
}

export class ApiMeter {
  private counters = new Map<string, Counter>();

  /** One call answered: `code` is the envelope's (1 = success), `ms` how long it took. */
  record(endpoint: string, game: string, code: number, ms: number, at: number): void {
    const hour = Math.floor(at / HOUR_MS) * HOUR_MS;
    const key = `${hour} ${endpoint} ${game}`;
    let c = this.counters.get(key);
    if (!c) {
      c = { hour, endpoint, game, calls: 0, errors: 0, buckets: emptyBuckets(), codes: new Map() };
      this.counters.set(key, c);
    }
    c.calls += 1;
    c.buckets[bucketOf(ms)] = (c.buckets[bucketOf(ms)] ?? 0) + 1;
    if (code !== Codes.OK) {
      c.errors += 1;
      c.codes.set(code, (c.codes.get(code) ?? 0) + 1);
    }
  }

  /**
   * Writes what was measured since the last flush, in one transaction; on failure the counters
   * are kept for the next one (nothing is counted twice: the transaction wrote nothing).
   */
  async flush(db: Kysely<Database>): Promise<void> {
    if (this.counters.size === 0) return;
    const taken = [...this.counters.values()].sort((a, b) =>
      `${a.hour} ${a.endpoint} ${a.game}`.localeCompare(`${b.hour} ${b.endpoint} ${b.game}`),
    );
    this.counters = new Map();
    try {
      await db.transaction().execute(async (trx) => write(trx, taken));
    } catch (err) {
      for (const c of taken) this.merge(c);
      throw err;
    }
  }

  private merge(c: Counter): void {
    const key = `${c.hour} ${c.endpoint} ${c.game}`;
    const mine = this.counters.get(key);
    if (!mine) {
      this.counters.set(key, c);
      return;
    }
    mine.calls += c.calls;
    mine.errors += c.errors;
    addBuckets(mine.buckets, c.buckets);
    for (const [code, n] of c.codes) mine.codes.set(code, (mine.codes.get(code) ?? 0) + n);
  }
}

async function write(db: Kysely<Database>, counters: readonly Counter[]): Promise<void> {
  const hours = sql.join(
    counters.map(
      (c) =>
        sql`(${new Date(c.hour)}::timestamptz, ${c.endpoint}, ${c.game}, ${c.calls}::int, ${c.errors}::int,
          ${`{${c.buckets.join(',')}}`}::int[])`,
    ),
  );
  await sql`
    insert into api_call_hours as t (hour, endpoint, game, calls, errors, buckets)
    values ${hours}
    on conflict (hour, endpoint, game) do update
    set calls = t.calls + excluded.calls, errors = t.errors + excluded.errors,
      buckets = array(select a + b from unnest(t.buckets, excluded.buckets) with ordinality as u(a, b, i) order by i)`.execute(
    db,
  );
  const errors = counters.flatMap((c) =>
    [...c.codes].sort(([a], [b]) => a - b).map(([code, n]) => ({ ...c, code, n })),
  );
  if (errors.length === 0) return;
  const rows = sql.join(
    errors.map(
      (e) => sql`(${new Date(e.hour)}::timestamptz, ${e.endpoint}, ${e.game}, ${e.code}::int, ${e.n}::int)`,
    ),
  );
  await sql`
    insert into api_call_errors as t (hour, endpoint, game, code, calls)
    values ${rows}
    on conflict (hour, endpoint, game, code) do update set calls = t.calls + excluded.calls`.execute(db);
}

/** The meter of each running server (its deps), so the statistics' read can flush it first. */
const METERS = new WeakMap<object, ApiMeter>();

export function meterOf(deps: object): ApiMeter {
  let m = METERS.get(deps);
  if (!m) {
    m = new ApiMeter();
    METERS.set(deps, m);
  }
  return m;
}
