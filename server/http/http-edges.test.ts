import http from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes } from '../../shared/codes.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';

/**
 * What a careless client sends at the HTTP level, answered with an envelope every time: URLs and
 * headers past Node's limit, path parameters past the router's, malformed %-escapes, bytes that
 * are not HTTP, oversize bodies however they are sent, loose numbers, bodies the server would
 * misread, operator text in a URL. And the connection: an answer after which the server closes
 * says `Connection: close`; otherwise the next request on the same connection works.
 */

const SR = '/api/v1/sr';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: { Status: { Code: number; Message?: string }; Data: unknown };
  /** Whether this request went out on a connection an earlier request had used. */
  reusedSocket: boolean;
}

/** Requests over one keep-alive connection (at most one socket), as a client library would. */
class KeepAliveClient {
  readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  constructor(private readonly port: number) {}

  request(
    method: string,
    path: string,
    opts: {
      headers?: Record<string, string>;
      body?: Buffer | string;
      chunked?: boolean;
      slowly?: boolean;
    } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: this.agent,
          headers: {
            ...(body && !opts.chunked ? { 'content-length': String(body.length) } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => {
            try {
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: JSON.parse(text) as Answer['body'],
                reusedSocket: req.reusedSocket,
              });
            } catch {
              reject(new Error(`not JSON (HTTP ${res.statusCode}): ${text.slice(0, 200)}`));
            }
          });
        },
      );
      req.on('error', reject);
      if (!body) {
        req.end();
        return;
      }
      // Slowly: 64 KB at a time, each after the last has gone out, as a real upload arrives.
      const step = opts.slowly ? 64 * 1024 : body.length;
      let at = 0;
      const pump = () => {
        if (at >= body.length) {
          req.end();
          return;
        }
        const chunk = body.subarray(at, at + step);
        at += step;
        if (req.write(chunk)) setImmediate(pump);
        else req.once('drain', pump);
      };
      req.on('error', () => undefined);
      pump();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Raw bytes to the server; what came back, and whether the server closed the connection. */
function rawExchange(port: number, data: string, waitMs = 3000): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed });
    }, waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      resolve({ text, closed });
    });
    socket.on('connect', () => socket.write(data));
  });
}

/** The envelope after the head of a raw HTTP answer. */
function envelopeIn(raw: string): Answer['body'] {
  const at = raw.indexOf('\r\n\r\n');
  return JSON.parse(raw.slice(at + 4)) as Answer['body'];
}

describe.each(backendKinds())('HTTP edges on %s', (kind) => {
  let t: TestBackend;
  let token: string;
  let port: number;

  beforeAll(async () => {
    t = await startTestBackend(kind, { bodyLimit: 1024 * 1024 });
    token = (await t.api.login('super')).authToken;
    port = t.backend.port;
  });
  afterAll(async () => {
    await t?.close();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  describe('every answer is an envelope, and says when the connection closes', () => {
    it('a URL over 16 KB: URI_TOO_LONG, Connection: close, and the next request works', async () => {
      const client = new KeepAliveClient(port);
      try {
        const first = await client.request('GET', `${SR}/admin/users?q=${'a'.repeat(17 * 1024)}`, {
          headers: auth(),
        });
        expect(first.status).toBe(414);
        expect(first.body).toEqual({
          Status: { Code: Codes.URI_TOO_LONG, Message: expect.stringMatching(/URL is longer than 16 KB/) },
          Data: null,
        });
        expect(first.headers.connection).toBe('close');
        const next = await client.request('GET', '/health');
        expect(next.body.Status.Code).toBe(Codes.OK);
      } finally {
        client.close();
      }
    });

    it('headers over 16 KB: HEADERS_TOO_LARGE in the caller’s language, Connection: close', async () => {
      const client = new KeepAliveClient(port);
      try {
        const first = await client.request('GET', '/health', {
          headers: { 'accept-language': 'zh-CN', 'x-padding': 'p'.repeat(17 * 1024) },
        });
        expect(first.status).toBe(431);
        expect(first.body.Status.Code).toBe(Codes.HEADERS_TOO_LARGE);
        expect(first.body.Status.Message).toMatch(/请求头超过 16 KB/);
        expect(first.headers.connection).toBe('close');
        expect((await client.request('GET', '/health')).body.Status.Code).toBe(Codes.OK);
      } finally {
        client.close();
      }
    });

    it('a path parameter over 100 characters: URI_TOO_LONG without echoing the URL; the connection stays', async () => {
      const client = new KeepAliveClient(port);
      try {
        const long = '1'.repeat(150);
        const first = await client.request('GET', `${SR}/admin/user/${long}`, { headers: auth() });
        expect(first.status).toBe(414);
        expect(first.body.Status.Code).toBe(Codes.URI_TOO_LONG);
        expect(first.body.Status.Message).not.toContain(long);
        expect(first.headers.connection).not.toBe('close');
        const next = await client.request('GET', '/health');
        expect(next.body.Status.Code).toBe(Codes.OK);
        expect(next.reusedSocket).toBe(true);
      } finally {
        client.close();
      }
    });

    it('a malformed %-escape in the path or the query: VALIDATION, naming where', async () => {
      const path = await t.api.request('GET', `${SR}/admin/user/%E0%A4%A`, { token });
      expect(path.status).toBe(400);
      expect(path.body).toEqual({
        Status: { Code: Codes.VALIDATION, Message: expect.stringMatching(/\(path\).*malformed %-escape/) },
        Data: null,
      });
      const query = await t.api.request('GET', `${SR}/admin/users?q=%E0%A4%A`, { token });
      expect(query.status).toBe(400);
      expect(query.body.Status.Code).toBe(Codes.VALIDATION);
      expect(query.body.Status.Message).toMatch(/q: holds a malformed %-escape/);
      // Before, the literal text was searched for.
      const fine = await t.api.request('GET', `${SR}/admin/users?q=%25E0`, { token });
      expect(fine.body.Status.Code).toBe(Codes.OK);
    });

    it('bytes that are not HTTP: a VALIDATION envelope with Connection: close', async () => {
      const { text, closed } = await rawExchange(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
      expect(envelopeIn(text)).toMatchObject({ Status: { Code: Codes.VALIDATION }, Data: null });
      expect(closed).toBe(true);
    });

    it('an HTTP/1.1 request without Host: an envelope (Node’s own answer had no body)', async () => {
      const { text } = await rawExchange(port, 'GET /health HTTP/1.1\r\n\r\n', 1000);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(envelopeIn(text)).toMatchObject({ Status: { Code: Codes.VALIDATION }, Data: null });
      expect(envelopeIn(text).Status.Message).toMatch(/Host header/);
    });

    it('a method the server has no route for: an envelope', async () => {
      const { text } = await rawExchange(
        port,
        'PROPFIND /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
      );
      expect(envelopeIn(text)).toMatchObject({ Status: { Code: Codes.ROUTE_NOT_FOUND }, Data: null });
    });
  });

  describe('oversize bodies get the 413 envelope, never a reset', () => {
    const big = JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024), password: 'y' });

    for (const chunked of [false, true]) {
      it(`2 MB ${chunked ? 'chunked' : 'with Content-Length'}, sent slowly: 413, and the connection serves the next request`, async () => {
        const client = new KeepAliveClient(port);
        try {
          for (let i = 0; i < 2; i++) {
            const r = await client.request('POST', `${SR}/admin/login`, {
              headers: { 'content-type': 'application/json' },
              body: big,
              chunked,
              slowly: true,
            });
            expect(r.status).toBe(413);
            expect(r.body).toEqual({
              Status: { Code: Codes.PAYLOAD_TOO_LARGE, Message: expect.stringMatching(/larger than/) },
              Data: null,
            });
            const next = await client.request('GET', '/health');
            expect(next.body.Status.Code).toBe(Codes.OK);
            expect(next.reusedSocket).toBe(true);
          }
        } finally {
          client.close();
        }
      });
    }

    it('a body declared past what the server will drain: 413 at once, with Connection: close', async () => {
      const head =
        `POST ${SR}/admin/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${64 * 1024 * 1024}\r\n\r\n{"account":`;
      const { text, closed } = await rawExchange(port, head);
      expect(text).toMatch(/^HTTP\/1\.1 413 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(envelopeIn(text)).toMatchObject({ Status: { Code: Codes.PAYLOAD_TOO_LARGE } });
      expect(closed).toBe(true);
    });
  });

  describe('numbers are decimal digits only', () => {
    for (const page of ['0x10', '%201', '1e1', '', '+1', '1.0', '-1', '１']) {
      it(`page=${page} is refused`, async () => {
        const r = await t.api.request('GET', `${SR}/admin/users?page=${page}`, { token });
        expect(r.status).toBe(400);
        expect(r.body.Status.Code).toBe(Codes.VALIDATION);
        expect(r.body.Status.Message).toMatch(/page/);
      });
    }

    it('page=2 is read as 2', async () => {
      const r = await t.api.request<{ page: number }>('GET', `${SR}/admin/users?page=2&pageSize=1`, {
        token,
      });
      expect(r.body.Status.Code).toBe(Codes.OK);
      expect(r.body.Data.page).toBe(2);
    });
  });

  describe('bodies the server would misread are refused', () => {
    const login = JSON.stringify({ account: 'super', password: 'gameops-demo' });

    for (const encoding of ['gzip', 'br', 'deflate', 'zstd', 'gzip, identity']) {
      it(`Content-Encoding: ${encoding} gets UNSUPPORTED_MEDIA_TYPE`, async () => {
        const r = await t.api.request('POST', `${SR}/admin/login`, {
          raw: login,
          contentType: 'application/json',
          headers: { 'content-encoding': encoding },
        });
        expect(r.status).toBe(415);
        expect(r.body.Status.Code).toBe(Codes.UNSUPPORTED_MEDIA_TYPE);
        expect(r.body.Status.Message).toMatch(/does not decode Content-Encoding/);
      });
    }

    for (const charset of ['latin1', 'iso-8859-1', 'utf-16', '"windows-1252"']) {
      it(`charset=${charset} gets UNSUPPORTED_MEDIA_TYPE`, async () => {
        const r = await t.api.request('POST', `${SR}/admin/login`, {
          raw: login,
          contentType: `application/json; charset=${charset}`,
        });
        expect(r.status).toBe(415);
        expect(r.body.Status.Code).toBe(Codes.UNSUPPORTED_MEDIA_TYPE);
        expect(r.body.Status.Message).toMatch(/UTF-8/);
      });
    }

    it('identity and UTF-8 (any spelling) are read as usual', async () => {
      for (const [contentType, encoding] of [
        ['application/json; charset=utf-8', 'identity'],
        ['application/json; charset="UTF-8"', undefined],
        ['application/json;charset=utf8', undefined],
      ] as const) {
        const r = await t.api.request('POST', `${SR}/admin/login`, {
          raw: login,
          contentType,
          headers: encoding ? { 'content-encoding': encoding } : {},
        });
        expect(r.body.Status.Code, contentType).toBe(Codes.OK);
      }
    });
  });

  describe('operator text never travels in a URL', () => {
    const create = (phone: string, name: string) =>
      t.api.call(
        ENDPOINTS['users.create'],
        { phone, name, password: 'a-long-password', roles: ['GUEST'] },
        token,
      );

    it('DELETE takes its inputs from a JSON body', async () => {
      expect((await create('13511110001', 'delete-by-body')).body.Status.Code).toBe(Codes.OK);
      const r = await t.api.request('DELETE', `${SR}/admin/user/13511110001/delete`, {
        token,
        json: { reason: 'left the studio' },
      });
      expect(r.body).toEqual({ Status: { Code: Codes.OK }, Data: { deleted: true } });
      const entry = await t.backend.database.db
        .selectFrom('audit_log')
        .select(['reason', 'outcome'])
        .where('action', '=', 'users.delete')
        .where('target', '=', '13511110001')
        .executeTakeFirstOrThrow();
      expect(entry).toEqual({ reason: 'left the studio', outcome: 'ok' });
    });

    it('a query string on a DELETE is refused, and its text is not kept', async () => {
      expect((await create('13511110002', 'delete-by-url')).body.Status.Code).toBe(Codes.OK);
      // Refused calls never reach the handler that names the target: they are found by their time.
      t.clock.advance(60);
      const r = await t.api.request('DELETE', `${SR}/admin/user/13511110002/delete?reason=secret-in-url`, {
        token,
      });
      expect(r.status).toBe(400);
      expect(r.body.Status.Code).toBe(Codes.VALIDATION);
      expect(r.body.Status.Message).toMatch(
        /send inputs in the JSON body, not the URL: operator text must not travel in a URL/,
      );
      // Even with a body beside it.
      const both = await t.api.request('DELETE', `${SR}/admin/user/13511110002/delete?reason=secret-in-url`, {
        token,
        json: { reason: 'in the body' },
      });
      expect(both.body.Status.Code).toBe(Codes.VALIDATION);
      const still = await t.api.call(ENDPOINTS['users.get'], { phone: '13511110002' }, token);
      expect(still.body.Status.Code).toBe(Codes.OK);

      const entries = await t.backend.database.db
        .selectFrom('audit_log')
        .select(['reason', 'outcome', 'code'])
        .where('action', '=', 'users.delete')
        .where('at', '=', new Date(t.clock.now))
        .execute();
      expect(entries).toEqual([
        { reason: null, outcome: 'error', code: Codes.VALIDATION },
        { reason: null, outcome: 'error', code: Codes.VALIDATION },
      ]);
      const leaked = await t.backend.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('reason', 'like', '%secret-in-url%')
        .execute();
      expect(leaked).toEqual([]);
    });
  });
});
