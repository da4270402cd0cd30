import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadGenerator, nodeGenerator, onPath, type LoadGenerator } from '../bench/load-generator.js';

/**
 * The throughput bench's load generators (bench/load-generator.ts) against a small server that
 * answers as the API does: what they count is what the server answered, a failure envelope or
 * another status fails the run, and every path is asked for with the bearer token. wrk's case
 * runs where wrk is installed (scripts/prerequisites.sh installs it where it may); Node's always.
 */

const TOKEN = 'v1.abc.def';
const OK_BODY = '{"Status":{"Code":1},"Data":{"ok":true}}';
const seen = new Map<string, number>();
let badAuth = 0;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) badAuth++;
    const path = req.url ?? '';
    seen.set(path, (seen.get(path) ?? 0) + 1);
    if (path.startsWith('/ok/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(OK_BODY);
    } else if (path === '/refused') {
      // A code whose digits start as the success's does: the check reads the whole code.
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"Status":{"Code":10,"Message":"no"}}');
    } else {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"Status":{"Code":1}}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const generators: LoadGenerator[] = [nodeGenerator('test')];
const wrk = onPath('wrk');
if (wrk) generators.push(loadGenerator());

describe.each(generators.map((g) => [g.name, g] as const))('the %s load generator', (_name, gen) => {
  it('counts what the server answered, asking for every path with the token', async () => {
    seen.clear();
    badAuth = 0;
    const paths = ['/ok/1', '/ok/2', '/ok/3?x=1&y=%20'];
    const load = await gen.run({ url, token: TOKEN, paths, connections: 4, seconds: 1 });
    expect(load.failed).toBe(0);
    expect(load.count).toBeGreaterThan(0);
    expect(load.perSecond).toBeGreaterThan(0);
    expect(load.p50).toBeGreaterThan(0);
    expect(load.p50).toBeLessThanOrEqual(load.p95);
    expect(load.p95).toBeLessThanOrEqual(load.p99);
    expect(badAuth).toBe(0);
    for (const p of paths) expect(seen.get(p) ?? 0).toBeGreaterThan(0);
    // The server answered at least what was counted (a request cut at the end is not counted).
    const answered = [...seen.values()].reduce((a, b) => a + b, 0);
    expect(answered).toBeGreaterThanOrEqual(load.count);
  });

  it('fails the run on an error envelope, naming it', async () => {
    await expect(
      gen.run({ url, token: TOKEN, paths: ['/ok/1', '/refused'], connections: 2, seconds: 1 }),
    ).rejects.toThrow(/requests failed, the first: .*"Code":10,/);
  });

  it('fails the run on an HTTP status other than 200, even with a success envelope', async () => {
    await expect(
      gen.run({ url, token: TOKEN, paths: ['/broken'], connections: 2, seconds: 1 }),
    ).rejects.toThrow(/requests failed, the first: .*500/);
  });

  it('fails the run when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      gen.run({
        url: `http://127.0.0.1:${port}`,
        token: TOKEN,
        paths: ['/ok/1'],
        connections: 2,
        seconds: 1,
      }),
    ).rejects.toThrow(/requests failed|wrk failed/);
  });
});

describe('choosing the load generator', () => {
  it('takes wrk from the PATH, and says so when it falls back to Node', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameops-wrk-path-'));
    const fake = join(dir, 'wrk');
    writeFileSync(fake, '#!/bin/sh\n');
    chmodSync(fake, 0o755);
    expect(onPath('wrk', dir)).toBe(fake);
    expect(loadGenerator(dir).name).toBe('wrk');
    const empty = mkdtempSync(join(tmpdir(), 'gameops-no-wrk-'));
    expect(loadGenerator(empty).name).toBe('node:http (wrk is not on the PATH)');
  });
});
