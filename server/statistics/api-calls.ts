import { sql, type Kysely } from 'kysely';
import { LATENCY_BUCKETS_MS, type ApiStats } from '../../shared/api/statistics.js';
import type { Database } from '../db/schema.js';
import { dayEnd, dayStart, type RangeArgs } from './matches.js';
import { addBuckets, emptyBuckets, percentileOf } from './meter.js';

/**
 * API statistics read from the meter's hourly rows: per endpoint and hour, and per endpoint over
 * the range (histograms added bucket by bucket, so the range's p95 is a true p95 of its calls, not
 * an average of hourly ones). Scope `all` adds every game's calls and those of no game.
 */

interface Group {
  endpoint: string;
  calls: number;
  errors: number;
  buckets: number[];
}

const figures = (g: Group) => ({
  endpoint: g.endpoint,
  calls: g.calls,
  errors: g.errors,
  p50: percentileOf(g.buckets, 0.5),
  p95: percentileOf(g.buckets, 0.95),
});

function add(into: Map<string, Group>, key: string, endpoint: string, r: Omit<Group, 'endpoint'>): void {
  let g = into.get(key);
  if (!g) {
    g = { endpoint, calls: 0, errors: 0, buckets: emptyBuckets() };
    into.set(key, g);
  }
  g.calls += r.calls;
  g.errors += r.errors;
  addBuckets(g.buckets, r.buckets);
}

export async function apiStats(
  db: Kysely<Database>,
  a: RangeArgs & { scope: 'game' | 'all' },
): Promise<ApiStats> {
  const scope = a.scope === 'game' ? sql`game = ${a.game}` : sql`true`;
  const range = sql`hour >= ${dayStart(a.start, a.zone)} and hour < ${dayEnd(a.end, a.zone)}`;
  const { rows } = await sql<{
    hour: Date;
    endpoint: string;
    calls: number;
    errors: number;
    buckets: number[];
  }>`
    select hour, endpoint, calls, errors, buckets from api_call_hours where ${scope} and ${range}`.execute(
    db,
  );
  const { rows: codes } = await sql<{ endpoint: string; code: number; calls: number }>`
    select endpoint, code, sum(calls)::int as calls from api_call_errors where ${scope} and ${range}
    group by 1, 2 order by 1, 3 desc, 2`.execute(db);
  const hours = new Map<string, Group & { hour: string }>();
  const total = new Map<string, Group>();
  for (const r of rows) {
    const hour = new Date(r.hour).toISOString();
    const key = `${hour} ${r.endpoint}`;
    if (!hours.has(key))
      hours.set(key, { hour, endpoint: r.endpoint, calls: 0, errors: 0, buckets: emptyBuckets() });
    add(hours, key, r.endpoint, r);
    add(total, r.endpoint, r.endpoint, r);
  }
  return {
    game: a.game,
    start: a.start,
    end: a.end,
    timeZone: a.zone,
    scope: a.scope,
    bucketsMs: [...LATENCY_BUCKETS_MS],
    hours: [...hours.values()]
      .sort((x, y) => x.hour.localeCompare(y.hour) || x.endpoint.localeCompare(y.endpoint))
      .map((g) => ({ hour: g.hour, ...figures(g) })),
    endpoints: [...total.values()]
      .sort((x, y) => y.calls - x.calls || x.endpoint.localeCompare(y.endpoint))
      .map((g) => ({
        ...figures(g),
        errorCodes: codes
          .filter((c) => c.endpoint === g.endpoint)
          .map((c) => ({ code: c.code, calls: c.calls })),
      })),
  };
}
