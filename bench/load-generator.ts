import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

/**
 * The throughput bench's load: keep-alive connections that GET a list of paths in turn with a
 * bearer token, for some seconds, from a process other than the server's. An answer counts as a
 * success only when it is HTTP 200 with a success envelope (`{"Status":{"Code":1}`): a failed
 * request fails the run rather than counting as a fast one.
 *
 * wrk (C, LuaJIT) when it is on the PATH, as the issue measured: a Node generator spends about
 * one of this machine's two cores on its own requests, which caps what it measures. Node's
 * node:http loops otherwise, named in the bench's table so the figures are read for what they are.
 */

export interface LoadJob {
  url: string;
  token: string;
  paths: readonly string[];
  connections: number;
  seconds: number;
}

export interface Load {
  count: number;
  failed: number;
  firstFailure: string;
  perSecond: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadGenerator {
  /** What the bench's table names as its load generator. */
  name: string;
  run(job: LoadJob): Promise<Load>;
}

/** The first `name` on the PATH that this process may execute, or undefined. */
export function onPath(name: string, path = process.env['PATH'] ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/** wrk where it is installed, else Node's generator. */
export function loadGenerator(path = process.env['PATH'] ?? ''): LoadGenerator {
  const wrk = onPath('wrk', path);
  return wrk ? wrkGenerator(wrk) : nodeGenerator('wrk is not on the PATH');
}

function failOnErrors(load: Load): Load {
  if (load.failed > 0) throw new Error(`${load.failed} requests failed, the first: ${load.firstFailure}`);
  return load;
}

/** A Lua string literal of an ASCII path (the bench's paths are; anything else is refused). */
function luaString(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not a printable ASCII path: ${JSON.stringify(text)}`);
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/**
 * wrk's script: each thread walks the paths from its own offset; `response` counts every answer
 * that is not HTTP 200 with a success envelope (and keeps the first); `done` sums the threads and
 * prints one JSON line with wrk's own latency percentiles (its histogram gives any percentile, so
 * p95 is measured as p50 and p99 are, not derived).
 */
export function wrkScript(paths: readonly string[], token: string): string {
  if (paths.length === 0) throw new Error('no paths to load');
  return `
local paths = { ${paths.map(luaString).join(', ')} }
local headers = { ["Authorization"] = ${luaString(`Bearer ${token}`)} }
local threads = {}
local counter = 0

function setup(thread)
  thread:set("offset", #threads * 7919)
  table.insert(threads, thread)
end

function init(args)
  failed = 0
  first_failure = ""
  counter = offset or 0
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1], headers)
end

function response(status, headers, body)
  if status ~= 200 or not string.find(body, '^{"Status":{"Code":1[,}]') then
    failed = failed + 1
    if first_failure == "" then first_failure = status .. " " .. string.sub(body, 1, 200) end
  end
end

local function quote(s)
  return '"' .. string.gsub(s, '[%c"\\\\]', function(c) return string.format("\\\\u%04x", string.byte(c)) end) .. '"'
end

function done(summary, latency, requests)
  local failed_total, first = 0, ""
  for _, t in ipairs(threads) do
    failed_total = failed_total + t:get("failed")
    if first == "" then first = t:get("first_failure") end
  end
  local e = summary.errors
  local socket = e.connect + e.read + e.write + e.timeout
  if socket > 0 and first == "" then
    first = string.format("socket errors: connect %d, read %d, write %d, timeout %d", e.connect, e.read, e.write, e.timeout)
  end
  io.write(string.format(
    '\\n{"count":%d,"failed":%d,"firstFailure":%s,"perSecond":%f,"p50":%f,"p95":%f,"p99":%f}\\n',
    summary.requests, failed_total + socket, quote(first), summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
`;
}

/** The JSON line the script's `done` printed, the last line of wrk's output that is one. */
export function parseWrkOutput(stdout: string): Load {
  const line = stdout
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"count":'));
  if (!line) throw new Error(`wrk printed no result:\n${stdout.slice(0, 2000)}`);
  return JSON.parse(line) as Load;
}

function wrkGenerator(wrk: string): LoadGenerator {
  return {
    name: 'wrk',
    async run(job) {
      const dir = mkdtempSync(join(tmpdir(), 'gameops-wrk-'));
      try {
        const script = join(dir, 'load.lua');
        writeFileSync(script, wrkScript(job.paths, job.token));
        // No more threads than cores or connections: wrk's threads are its event loops.
        const threads = Math.max(1, Math.min(availableParallelism(), job.connections));
        const stdout = await new Promise<string>((resolve, reject) => {
          execFile(
            wrk,
            [
              `-t${threads}`,
              `-c${job.connections}`,
              `-d${job.seconds}s`,
              '--timeout',
              '10s',
              '-s',
              script,
              job.url,
            ],
            { maxBuffer: 1 << 20 },
            (err, out, errText) =>
              err ? reject(new Error(`wrk failed: ${err.message}\n${errText}`)) : resolve(out),
          );
        });
        return failOnErrors(parseWrkOutput(stdout));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Node's generator, in plain JavaScript for a `node -e` process: `connections` loops, each on a
 * keep-alive socket of its own, GET the next path in turn for `seconds`; prints the count, the
 * failures and the latencies' percentiles as JSON.
 */
const NODE_LOADGEN = `
const http = require('node:http');
const { url, token, paths, connections, seconds } = JSON.parse(process.argv[1]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const u = new URL(url);
const times = [];
let next = 0, failed = 0, firstFailure = '';
const get = (path) => new Promise((resolve) => {
  const t0 = process.hrtime.bigint();
  const req = http.request({ host: u.hostname, port: u.port, path, agent, headers: { authorization: 'Bearer ' + token } }, (res) => {
    const chunks = [];
    res.on('data', (c) => chunks.push(c));
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const ok = res.statusCode === 200 && (text.startsWith('{"Status":{"Code":1}') || text.startsWith('{"Status":{"Code":1,'));
      if (!ok) { failed++; firstFailure ||= path + ' ' + res.statusCode + ' ' + text.slice(0, 200); }
      resolve(Number(process.hrtime.bigint() - t0) / 1e6);
    });
  });
  req.on('error', (e) => { failed++; firstFailure ||= String(e); resolve(0); });
  req.end();
});
(async () => {
  const start = Date.now();
  const end = start + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end) times.push(await get(paths[next++ % paths.length]));
  }));
  const elapsed = (Date.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] || 0;
  process.stdout.write(JSON.stringify({ count: times.length, failed, firstFailure, perSecond: times.length / elapsed, p50: pct(50), p95: pct(95), p99: pct(99) }));
  agent.destroy();
})();
`;

/** Node's generator; `why` says in the table why it was chosen over wrk. */
export function nodeGenerator(why: string): LoadGenerator {
  return {
    name: `node:http (${why})`,
    run: (job) =>
      new Promise<Load>((resolve, reject) => {
        const child = spawn(process.execPath, ['-e', NODE_LOADGEN, JSON.stringify(job)], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.on('error', reject);
        child.on('exit', (code) => {
          if (code !== 0) return reject(new Error(`the load generator exited ${code}`));
          try {
            resolve(failOnErrors(JSON.parse(out) as Load));
          } catch (err) {
            reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
      }),
  };
}
