import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { routePattern } from '../shared/api/endpoint.js';
import type { CheckSpec, WatchAlert } from '../shared/api/serverWatch.js';
import { ENDPOINTS, type EndpointId } from '../shared/api/table.js';
import { startBackend } from '../server/backend.js';
import { DEMO_PASSWORD } from '../server/seed/operators.js';
import { runCheck } from '../server/serverWatch/checks.js';

/**
 * Server watch under load: SERVERS watched servers (TCP checks of real listeners on loopback),
 * each checked every INTERVAL_SEC, against the embedded backend started in this process (PGlite,
 * as the desktop app runs it). The listeners live in a child process, so what this process spends
 * is the backend's: its engine, its database, its HTTP. Two figures, no assertion:
 *
 * - CPU: process.cpuUsage() over MEASURE_SEC once every server has been checked, as a share of
 *   one core (the budget is under 5%);
 * - alert latency: LATENCY_SAMPLES listeners are closed; for each, the time from the end of the
 *   failed check that decides "down" (one failed check, for this figure) to the alert reaching a
 *   client long-polling serverWatch.events over HTTP (the budget is 1 s).
 *
 * `npx tsx bench/watch.ts` alone, or within `npm run bench` (BENCH_SKIP_WATCH=1 skips it).
 * Environment: BENCH_WATCH_SERVERS (500), BENCH_WATCH_MEASURE_SEC (30).
 */

const SERVERS = Number(process.env['BENCH_WATCH_SERVERS'] ?? 500);
const INTERVAL_SEC = 10;
const MEASURE_SEC = Number(process.env['BENCH_WATCH_MEASURE_SEC'] ?? 30);
const LATENCY_SAMPLES = 10;
const HARD_LIMIT_MS = 10 * 60_000;

export interface WatchFigures {
  servers: number;
  intervalSec: number;
  measuredSec: number;
  /** CPU time over wall time, in % of one core. */
  cpuPercent: number;
  checksPerSec: number;
  latencyMs: { p50: number; max: number; samples: number };
}

/**
 * SERVERS TCP listeners in a child Node process: it prints their ports as one JSON line, then
 * closes the port named on each line it reads, and says "closed PORT".
 */
const LISTENERS = `
const net = require('node:net');
const readline = require('node:readline');
const n = Number(process.argv[1]);
const servers = new Map();
(async () => {
  for (let i = 0; i < n; i++) {
    const s = net.createServer((sock) => sock.destroy());
    await new Promise((ok, fail) => { s.once('error', fail); s.listen(0, '127.0.0.1', ok); });
    servers.set(s.address().port, s);
  }
  process.stdout.write(JSON.stringify([...servers.keys()]) + '\\n');
})();
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const port = Number(line.trim());
  const s = servers.get(port);
  if (!s) return;
  servers.delete(port);
  s.close(() => process.stdout.write('closed ' + port + '\\n'));
});
process.stdin.on('end', () => process.exit(0));
`;

function startListeners(n: number): Promise<{
  child: ChildProcessByStdio<Writable, Readable, null>;
  ports: number[];
  lines: AsyncIterator<string>;
}> {
  const child = spawn(process.execPath, ['-e', LISTENERS, String(n)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return lines.next().then((first) => {
    if (first.done) throw new Error('the listener process ended before listening');
    return { child, ports: JSON.parse(first.value) as number[], lines };
  });
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? NaN;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function benchWatch(): Promise<WatchFigures> {
  const { child, ports, lines } = await startListeners(SERVERS);
  /** Ports being closed for the latency figure: when their deciding check failed (performance.now()). */
  const failedAt = new Map<number, number>();
  const watchedForLatency = new Set<number>();
  let checks = 0;
  const backend = await startBackend({
    demo: true,
    seedPlayers: 0,
    logger: false,
    serverWatch: {
      demo: false,
      // The real check, timed at its end for the ports whose failure the latency figure follows.
      check: async (spec: CheckSpec, timeoutMs: number) => {
        const outcome = await runCheck(spec, timeoutMs);
        checks++;
        if (
          !outcome.ok &&
          spec.kind === 'tcp' &&
          watchedForLatency.has(spec.port) &&
          !failedAt.has(spec.port)
        )
          failedAt.set(spec.port, performance.now());
        return outcome;
      },
    },
  });
  try {
    const base = backend.url;
    const send = async <T>(id: EndpointId, body: unknown, token?: string, query?: Record<string, string>) => {
      const ep = ENDPOINTS[id];
      const q = query ? `?${new URLSearchParams(query).toString()}` : '';
      const res = await fetch(`${base}${routePattern(ep)}${q}`, {
        method: ep.method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const env = (await res.json()) as { Status: { Code: number; Message?: string }; Data: T };
      if (env.Status.Code !== 1) throw new Error(`${id}: ${JSON.stringify(env.Status)}`);
      return env.Data;
    };
    const { authToken } = await send<{ authToken: string }>('auth.login', {
      account: 'super',
      password: DEMO_PASSWORD,
    });

    console.log(`[watch] adding ${SERVERS} watched servers (TCP on loopback, every ${INTERVAL_SEC} s)`);
    const names = new Map<string, number>();
    for (const [i, port] of ports.entries()) {
      const name = `bench-${String(i + 1).padStart(3, '0')}`;
      names.set(name, port);
      await send(
        'serverWatch.save',
        {
          name,
          game: (['atomicwar', 'ymmj', 'lw', 'party'] as const)[i % 4],
          check: { kind: 'tcp', host: '127.0.0.1', port },
          intervalSec: INTERVAL_SEC,
          timeoutMs: 2000,
          failuresToDown: 1,
        },
        authToken,
      );
    }

    // One whole interval (and a little) so every server has been checked and the engine is steady.
    await sleep((INTERVAL_SEC + 2) * 1000);
    console.log(`[watch] measuring the backend's CPU over ${MEASURE_SEC} s`);
    const checks0 = checks;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(MEASURE_SEC * 1000);
    const cpu = process.cpuUsage(cpu0);
    const wallMs = performance.now() - t0;
    const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
    const checksPerSec = ((checks - checks0) * 1000) / wallMs;

    // A client long-polling the alert log, as main's alerts service does.
    const first = await send<{ last: number }>('serverWatch.events', undefined, authToken);
    let last = first.last;
    const arrived = new Map<number, number>();
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const r = await send<{ events: WatchAlert[]; last: number }>(
          'serverWatch.events',
          undefined,
          authToken,
          {
            after: String(last),
            wait: '5',
          },
        );
        const now = performance.now();
        last = r.last;
        for (const e of r.events) {
          const port = names.get(e.serverName);
          if (e.kind === 'down' && port !== undefined && !arrived.has(port)) arrived.set(port, now);
        }
      }
    })();

    const chosen = ports.slice(0, LATENCY_SAMPLES);
    for (const p of chosen) watchedForLatency.add(p);
    console.log(`[watch] closing ${chosen.length} listeners; timing their alerts`);
    for (const p of chosen) child.stdin.write(`${p}\n`);
    for (let i = 0; i < chosen.length; i++) await lines.next();
    const deadline = performance.now() + (INTERVAL_SEC * 2 + 5) * 1000;
    while (arrived.size < chosen.length && performance.now() < deadline) await sleep(100);
    polling = false;
    await poll;
    const latencies = chosen
      .filter((p) => arrived.has(p) && failedAt.has(p))
      .map((p) => (arrived.get(p) ?? 0) - (failedAt.get(p) ?? 0))
      .sort((a, b) => a - b);
    if (latencies.length < chosen.length)
      console.log(`[watch] only ${latencies.length} of ${chosen.length} alerts arrived in time`);
    return {
      servers: SERVERS,
      intervalSec: INTERVAL_SEC,
      measuredSec: wallMs / 1000,
      cpuPercent,
      checksPerSec,
      latencyMs: { p50: percentile(latencies, 50), max: latencies.at(-1) ?? NaN, samples: latencies.length },
    };
  } finally {
    child.stdin.end();
    await backend.close();
  }
}

export function printWatch(f: WatchFigures | string): void {
  if (typeof f === 'string') {
    console.log(`\nServer watch: ${f}`);
    return;
  }
  console.log(
    `\nServer watch (${f.servers} servers, TCP on loopback, every ${f.intervalSec} s; embedded backend)\n`,
  );
  console.log(
    `- backend CPU over ${f.measuredSec.toFixed(0)} s: ${f.cpuPercent.toFixed(2)}% of one core ` +
      `(${f.checksPerSec.toFixed(1)} checks/s)`,
  );
  console.log(
    `- failed check deciding "down" -> alert at a long-polling client: p50 ${f.latencyMs.p50.toFixed(0)} ms, ` +
      `max ${f.latencyMs.max.toFixed(0)} ms (${f.latencyMs.samples} alerts)`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const guard = setTimeout(() => {
    console.error(`bench/watch: still running after ${HARD_LIMIT_MS / 60000} minutes; giving up`);
    process.exit(1);
  }, HARD_LIMIT_MS);
  guard.unref();
  benchWatch().then(
    (f) => {
      printWatch(f);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
