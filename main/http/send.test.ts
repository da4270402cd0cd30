import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ok } from '../../shared/envelope.js';
import { SERVICE_BASE_PATHS } from '../../shared/games.js';
import { createApiClient } from './api-client.js';
import { envelopeError, send, type OutgoingRequest } from './send.js';

/** Where main may send a token, a password or operator data: https, or plain http to this computer. */

function recordingFetch() {
  const sent: { url: string; headers: Headers }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response(JSON.stringify(ok({ roles: ['ADMIN'] })), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, fetch: fetchImpl };
}

const opts = (f: typeof fetch, language: 'en' | 'zh-CN' = 'en') => ({ fetch: f, timeoutMs: 1000, language });
const req = (url: string, extra: Partial<OutgoingRequest> = {}): OutgoingRequest => ({
  method: 'GET',
  url,
  bearer: 'A1',
  ...extra,
});

describe('send', () => {
  it.each([
    'http://ops.example.com/api/v1/sr/admin/roles',
    'http://10.1.2.3:8787/api/v1/sr/admin/roles',
    'http://127.0.0.1.evil.example/api/v1/sr/admin/roles',
    'http://api.localhost:8787/api/v1/sr/admin/roles',
    'http://evil.localhost/api/v1/sr/admin/roles',
    'http://localhost.evil.example/api/v1/sr/admin/roles',
    'HTTP://OPS.EXAMPLE.COM/api/v1/sr/admin/roles',
  ])('never sends a bearer token in plain http to another computer: %s', async (url) => {
    const f = recordingFetch();
    const ex = await send(req(url), opts(f.fetch));
    expect(f.sent).toEqual([]);
    expect(ex).toMatchObject({ kind: 'failed', error: { code: Codes.NETWORK } });
    expect(ex.kind === 'failed' && ex.error.message).toMatch(
      /does not send sign-in details or tokens over plain http/,
    );
  });

  it('nor a password (sign-in sends no bearer, but a secret all the same), and says so in Chinese too', async () => {
    const f = recordingFetch();
    const ex = await send(
      req('http://ops.example.com/api/v1/sr/admin/login', {
        method: 'POST',
        bearer: undefined,
        body: { account: 'admin', password: 'x' },
      }),
      opts(f.fetch, 'zh-CN'),
    );
    expect(f.sent).toEqual([]);
    expect(ex.kind === 'failed' && ex.error.message).toMatch(/不会通过明文 http:\/\/ 向其他计算机发送/);
  });

  it('refuses an address holding a user name or password, without repeating the password', async () => {
    const f = recordingFetch();
    const ex = await send(req('https://op:hunter2@ops.example.com/api/v1/sr/admin/roles'), opts(f.fetch));
    expect(f.sent).toEqual([]);
    expect(ex.kind === 'failed' && ex.error.message).toMatch(/user name or password/);
    expect(ex.kind === 'failed' && ex.error.message).not.toContain('hunter2');
  });

  it.each([
    'https://ops.example.com/api/v1/sr/admin/roles',
    'http://127.0.0.1:8787/api/v1/sr/admin/roles',
    'http://localhost:8787/api/v1/sr/admin/roles',
    'http://[::1]:8787/api/v1/sr/admin/roles',
  ])('sends to https, or in plain http to this computer: %s', async (url) => {
    const f = recordingFetch();
    const ex = await send(req(url, { headers: { 'x-extra': 'y' } }), opts(f.fetch));
    expect(ex).toMatchObject({ kind: 'envelope', code: Codes.OK });
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]!.headers.get('authorization')).toBe('Bearer A1');
    expect(f.sent[0]!.headers.get('x-extra')).toBe('y');
  });
});

describe('localhost', () => {
  it('is sent to the loopback address itself, never looked up by name', async () => {
    const f = recordingFetch();
    const ex = await send(req('http://LocalHost:8787/api/v1/sr/admin/roles?x=1'), opts(f.fetch));
    expect(ex).toMatchObject({ kind: 'envelope', code: Codes.OK });
    expect(f.sent.map((s) => s.url)).toEqual(['http://127.0.0.1:8787/api/v1/sr/admin/roles?x=1']);
  });

  it('keeps its name over https, where the certificate vouches for the host', async () => {
    const f = recordingFetch();
    await send(req('https://localhost:8443/api/v1/sr/admin/roles'), opts(f.fetch));
    expect(f.sent.map((s) => s.url)).toEqual(['https://localhost:8443/api/v1/sr/admin/roles']);
  });

  it('is really reached on 127.0.0.1 by the real fetch', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(ok({ roles: ['ADMIN'] })));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as AddressInfo;
      const ex = await send(req(`http://localhost:${port}/x`), opts(fetch));
      expect(ex).toMatchObject({ kind: 'envelope', code: Codes.OK });
    } finally {
      server.close();
    }
  });
});

describe('the client', () => {
  it('refuses a plain-http remote service address before anything leaves, whatever its service', async () => {
    const f = recordingFetch();
    const client = createApiClient({
      target: (service) => ({
        baseUrl: `http://ops.example.com${SERVICE_BASE_PATHS[service]}`,
        backend: 'studio',
      }),
      session: {
        current: async () => ({ epoch: 1, backend: 'studio', access: 'A1', refresh: 'R1', payServer: null }),
        refreshed: async () => true,
        ended: async () => undefined,
        payServerRefused: async () => undefined,
      },
      language: () => 'en',
      fetch: f.fetch,
    });
    const res = await client.call('users.roles', {});
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NETWORK);
    expect(f.sent).toEqual([]);
  });

  /** A client whose session's tokens came from backend `issuer`, its calls going to backend `target`. */
  const clientBetween = (issuer: string, target: string, f: typeof fetch) =>
    createApiClient({
      target: (service) => ({
        baseUrl: `https://ops.example.com${SERVICE_BASE_PATHS[service]}`,
        backend: target,
      }),
      session: {
        current: async () => ({ epoch: 1, backend: issuer, access: 'A1', refresh: 'R1', payServer: 'P1' }),
        refreshed: async () => true,
        ended: async () => undefined,
        payServerRefused: async () => undefined,
      },
      language: () => 'en',
      fetch: f,
    });

  it('never attaches a token to a request for another backend than the one that issued it', async () => {
    const f = recordingFetch();
    const client = clientBetween('studio-a', 'studio-b', f.fetch);
    for (const res of [
      await client.call('users.roles', {}),
      await client.call('pay.status', { orderId: 'ORDER0001' }),
    ]) {
      expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
      expect(res.ok ? '' : res.error.message).toMatch(/previous backend/);
    }
    expect(f.sent).toEqual([]);
    expect((await clientBetween('studio-b', 'studio-b', f.fetch).call('users.roles', {})).ok).toBe(true);
    expect(f.sent.map((s) => s.headers.get('authorization'))).toEqual(['Bearer A1']);
  });

  it('sends a call pinned to a backend only there (a sign-out’s refresh token)', async () => {
    const f = recordingFetch();
    const client = clientBetween('studio-a', 'studio-b', f.fetch);
    const res = await client.call('auth.logout', { refreshToken: 'R1' }, { backend: 'studio-a' });
    expect(res.ok ? 0 : res.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(f.sent).toEqual([]);
  });
});

describe('the backend’s request id', () => {
  const answering =
    (requestId: string): typeof fetch =>
    async () =>
      new Response(JSON.stringify({ Status: { Code: Codes.CONFLICT, Message: 'taken' }, Data: null }), {
        status: 409,
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      });

  it('travels with the error, so the console can show it beside the message', async () => {
    const ex = await send(req('http://127.0.0.1:9/api/v1/sr/admin/roles'), opts(answering('lb-7.a:1')));
    expect(ex.kind === 'envelope' && envelopeError(ex, 'en')).toEqual({
      code: Codes.CONFLICT,
      message: 'taken',
      requestId: 'lb-7.a:1',
    });
  });

  it('is dropped when it is not a plain id (it would be shown to the operator as it is)', async () => {
    const ex = await send(req('http://127.0.0.1:9/api/v1/sr/admin/roles'), opts(answering('<b>x</b> y')));
    expect(ex.kind === 'envelope' && envelopeError(ex, 'en')).toEqual({
      code: Codes.CONFLICT,
      message: 'taken',
    });
  });
});
