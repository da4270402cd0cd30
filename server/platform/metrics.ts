import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolState } from '../db/open.js';
import type { OperationCounters } from './counters.js';

/**
 * The backend's measurements for Prometheus (`GET /metrics`, issue 21), with prom-client: requests,
 * errors and latency per endpoint, the database pool, the event loop's delay, Node's process
 * figures, and what the features count through their port (counters.ts). One registry per server (tests run several in one process). The labels are bounded:
 * an endpoint id or a route's pattern, never a raw URL, so a scanner's random paths cannot grow
 * the series without end (they all count as `unmatched`).
 */

/** Latency buckets in seconds: 1 ms to 10 s, as the API statistics page's. */
const LATENCY_BUCKETS_S = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10];

export interface BackendMetrics {
  registry: Registry;
  /**
   * One answered request: `route` is the endpoint id (or the route's pattern for routes outside
   * the table), `code` the envelope's code (1 = success).
   */
  observe(route: string, method: string, status: number, code: number, seconds: number): void;
  /** The features' port: server-watch checks, payment notices, gift-code redemptions. */
  counters: OperationCounters;
  close(): void;
}

export interface MetricsSources {
  /** The database pool, when there is one. */
  pool?: (() => PoolState) | undefined;
  /** Default labels on every series (the worker's number under `--workers`). */
  labels?: Record<string, string>;
  /** The read replica's delay at its last check, null while it is down (with DATABASE_READ_URL). */
  replicaLag?: (() => number | null) | undefined;
}

export function createMetrics(sources: MetricsSources = {}): BackendMetrics {
  const registry = new Registry();
  if (sources.labels) registry.setDefaultLabels(sources.labels);
  collectDefaultMetrics({ register: registry, prefix: 'gameops_' });

  const requests = counterIn(
    registry,
    'gameops_http_requests_total',
    'Requests answered, by route (endpoint id), method and HTTP status',
    ['route', 'method', 'status'] as const,
  );
  const errors = counterIn(
    registry,
    'gameops_http_errors_total',
    'Requests answered with an error envelope, by route and envelope code',
    ['route', 'code'] as const,
  );
  const latency = new Histogram({
    name: 'gameops_http_request_duration_seconds',
    help: 'Time from the request to its answer, by route',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS_S,
    registers: [registry],
  });

  const counters = operationCounters(registry);

  // The event loop's delay as a histogram of its own (the default metrics give a mean of samples):
  // its p99 says how long a request may wait behind other work of this process.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  new Gauge({
    name: 'gameops_event_loop_delay_p99_seconds',
    help: 'The 99th percentile of the event loop delay since the last scrape',
    registers: [registry],
    collect() {
      this.set(loop.percentile(99) / 1e9);
      loop.reset();
    },
  });

  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'gameops_db_pool_connections',
      help: 'PostgreSQL pool connections by state (open, idle, max) and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'open' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
        this.set({ state: 'max' }, p.max);
      },
    });
  }

  const replicaLag = sources.replicaLag;
  if (replicaLag) {
    new Gauge({
      name: 'gameops_replica_up',
      help: 'Whether the read replica answered its last check (1) or not (0): reads then go to the primary',
      registers: [registry],
      collect() {
        this.set(replicaLag() === null ? 0 : 1);
      },
    });
    new Gauge({
      name: 'gameops_replica_lag_seconds',
      help: 'How far behind the primary the read replica was at its last check (NaN while it is down)',
      registers: [registry],
      collect() {
        // Not 0 while it is down: that would read as a replica fully caught up.
        this.set(replicaLag() ?? Number.NaN);
      },
    });
  }

  return {
    registry,
    observe(route, method, status, code, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
      if (code !== 1) errors.inc({ route, code: String(code) });
    },
    counters,
    close() {
      loop.disable();
    },
  };
}

function counterIn<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly L[],
) {
  return new Counter({ name, help, labelNames, registers: [registry] });
}

function operationCounters(registry: Registry): OperationCounters {
  const checks = counterIn(
    registry,
    'gameops_server_watch_checks_total',
    'Server-watch checks made by this backend, by outcome (up, down, error: the check could not be made)',
    ['outcome'] as const,
  );
  const notices = counterIn(
    registry,
    'gameops_payment_notices_total',
    'Payment notices received, by provider and outcome (credited, duplicate, refused)',
    ['provider', 'outcome'] as const,
  );
  const redemptions = counterIn(
    registry,
    'gameops_gift_code_redemptions_total',
    "Game servers' gift-code redemptions, by outcome (redeemed, or why not)",
    ['outcome'] as const,
  );
  return {
    serverCheck: (outcome) => checks.inc({ outcome }),
    paymentNotice: (provider, outcome) => notices.inc({ provider, outcome }),
    redemption: (outcome) => redemptions.inc({ outcome }),
  };
}
