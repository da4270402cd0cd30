import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from './checks.js';

/** Each kind of check against real loopback servers that answer well, badly, or not at all. */
describe('a check', () => {
  let http: Server;
  let silent: TcpServer;
  const sockets = new Set<Socket>();
  let port = 0;
  let silentPort = 0;
  let closedPort = 0;

  beforeAll(async () => {
    http = createServer((req, res) => {
      const send = (status: number, body: string, type = 'application/json') => {
        res.writeHead(status, { 'content-type': type });
        res.end(body);
      };
      switch (req.url) {
        case '/ok':
          return send(200, 'fine', 'text/plain');
        case '/teapot':
          return send(418, 'short and stout', 'text/plain');
        case '/status':
          return send(200, JSON.stringify({ onlinePlayers: 42, incomeToday: 900 }));
        case '/status-no-income':
          return send(200, JSON.stringify({ onlinePlayers: 3 }));
        case '/status-bad-players':
          return send(200, JSON.stringify({ onlinePlayers: -1 }));
        case '/status-text':
          return send(200, 'not json', 'text/plain');
        case '/status-503':
          return send(503, JSON.stringify({ onlinePlayers: 1 }));
        case '/status-huge':
          return send(200, JSON.stringify({ onlinePlayers: 1, pad: 'x'.repeat(70_000) }));
        default:
          return send(404, '{}');
      }
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    port = (http.address() as AddressInfo).port;
    // Accepts connections and never says a word: an HTTP check times out on it.
    silent = createTcpServer((s) => sockets.add(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentPort = (silent.address() as AddressInfo).port;
    // A port nobody listens on.
    const probe = createTcpServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => http.close(() => r()));
    await new Promise<void>((r) => silent.close(() => r()));
  });

  const url = (path: string) => `http://127.0.0.1:${port}${path}`;

  it('tcp: passes when a connection opens, says refused when none does', async () => {
    const ok = await runCheck({ kind: 'tcp', host: '127.0.0.1', port }, 2000);
    expect(ok).toMatchObject({ ok: true, error: null });
    expect(ok.responseMs).toBeGreaterThanOrEqual(0);
    const refused = await runCheck({ kind: 'tcp', host: '127.0.0.1', port: closedPort }, 2000);
    expect(refused).toMatchObject({ ok: false, error: `refused: 127.0.0.1:${closedPort}` });
  });

  it('tcp: a host that does not resolve is a DNS failure', async () => {
    const r = await runCheck({ kind: 'tcp', host: 'no-such-host.invalid', port: 80 }, 3000);
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/^dns: /);
  });

  it('http: passes on the expected status only', async () => {
    expect(await runCheck({ kind: 'http', url: url('/ok'), expectStatus: 200 }, 2000)).toMatchObject({
      ok: true,
    });
    expect(await runCheck({ kind: 'http', url: url('/teapot'), expectStatus: 418 }, 2000)).toMatchObject({
      ok: true,
    });
    const wrong = await runCheck({ kind: 'http', url: url('/teapot'), expectStatus: 200 }, 2000);
    expect(wrong).toMatchObject({ ok: false, error: 'status: HTTP 418, expected 200' });
    expect(wrong.responseMs).not.toBeNull();
  });

  it('http: a server that never answers times out, within the check’s time', async () => {
    const r = await runCheck(
      { kind: 'http', url: `http://127.0.0.1:${silentPort}/`, expectStatus: 200 },
      600,
    );
    expect(r).toMatchObject({ ok: false, error: 'timeout: no answer within 600 ms', responseMs: null });
  });

  it('game status: reads the online players and the income', async () => {
    expect(await runCheck({ kind: 'gameStatus', url: url('/status') }, 2000)).toMatchObject({
      ok: true,
      onlinePlayers: 42,
      incomeToday: 900,
    });
    expect(await runCheck({ kind: 'gameStatus', url: url('/status-no-income') }, 2000)).toMatchObject({
      ok: true,
      onlinePlayers: 3,
      incomeToday: null,
    });
  });

  it('game status: fails on anything that is not a status', async () => {
    const cases: [string, RegExp][] = [
      ['/status-bad-players', /^body: the status has no onlinePlayers/],
      ['/status-text', /^body: the status is not JSON/],
      ['/status-503', /^status: HTTP 503, expected 200/],
      ['/status-huge', /^body: the status is over 65536 bytes/],
      ['/missing', /^status: HTTP 404/],
    ];
    for (const [path, error] of cases) {
      const r = await runCheck({ kind: 'gameStatus', url: url(path) }, 2000);
      expect(r.ok, path).toBe(false);
      expect(r.error, path).toMatch(error);
      expect(r.onlinePlayers).toBeNull();
    }
  });
});
