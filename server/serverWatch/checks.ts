import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { CheckSpec } from '../../shared/api/serverWatch.js';

/**
 * One check of one server: a TCP connection, an HTTP(S) request expecting a status, or a game
 * server's status URL reporting its online players. Every check opens a fresh connection (no
 * keep-alive): a check is about whether a new client gets in, and a reused socket that the server
 * closed meanwhile would look like a failure that is not one.
 *
 * A failure says why in `error`, as `<reason>: <detail>`, the reason one of CHECK_ERRORS, so the
 * console can say it in the operator's language and still show the technical detail.
 */

export const CHECK_ERRORS = [
  'refused',
  'timeout',
  'dns',
  'unreachable',
  'reset',
  'tls',
  'status',
  'body',
  'network',
] as const;
export type CheckErrorReason = (typeof CHECK_ERRORS)[number];

export interface CheckOutcome {
  ok: boolean;
  /** Connect time (tcp) or time to the response's headers (http, game status), in ms. */
  responseMs: number | null;
  error: string | null;
  onlinePlayers: number | null;
  incomeToday: number | null;
}

/** The most a status answer may hold: a status is a few hundred bytes. */
const MAX_STATUS_BYTES = 64 * 1024;

const httpAgent = new HttpAgent({ keepAlive: false });
const httpsAgent = new HttpsAgent({ keepAlive: false });

export function runCheck(spec: CheckSpec, timeoutMs: number): Promise<CheckOutcome> {
  return spec.kind === 'tcp' ? tcpCheck(spec.host, spec.port, timeoutMs) : httpCheck(spec, timeoutMs);
}

function failed(reason: CheckErrorReason, detail: string, responseMs: number | null = null): CheckOutcome {
  return {
    ok: false,
    responseMs,
    error: `${reason}: ${detail}`.slice(0, 500),
    onlinePlayers: null,
    incomeToday: null,
  };
}

/** A socket error as one of our reasons. */
function networkFailure(err: NodeJS.ErrnoException, where: string): CheckOutcome {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return failed('refused', where);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return failed('dns', where);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL')
    return failed('unreachable', `${where} (${code})`);
  if (code === 'ECONNRESET' || code === 'EPIPE' || err.message === 'socket hang up')
    return failed('reset', where);
  if (
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code.startsWith('ERR_SSL') ||
    /certificate|SSL|TLS/i.test(err.message)
  )
    return failed('tls', `${where}: ${code || err.message}`);
  return failed('network', `${where}: ${code || err.message}`);
}

function tcpCheck(host: string, port: number, timeoutMs: number): Promise<CheckOutcome> {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect({ host, port });
    let done = false;
    const finish = (outcome: CheckOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish(failed('timeout', `no connection within ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.once('connect', () =>
      finish({
        ok: true,
        responseMs: Math.round(performance.now() - started),
        error: null,
        onlinePlayers: null,
        incomeToday: null,
      }),
    );
    socket.once('error', (err: NodeJS.ErrnoException) => finish(networkFailure(err, where)));
  });
}

function httpCheck(
  spec: Extract<CheckSpec, { kind: 'http' | 'gameStatus' }>,
  timeoutMs: number,
): Promise<CheckOutcome> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(spec.url);
    } catch {
      resolve(failed('network', `not a URL: ${spec.url}`));
      return;
    }
    const secure = url.protocol === 'https:';
    const started = performance.now();
    let done = false;
    let responseMs: number | null = null;
    const finish = (outcome: CheckOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(outcome);
    };
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method: 'GET',
        agent: secure ? httpsAgent : httpAgent,
        headers: {
          'user-agent': 'GameOps-ServerWatch/1',
          accept: spec.kind === 'gameStatus' ? 'application/json' : '*/*',
          connection: 'close',
        },
      },
      (res) => {
        responseMs = Math.round(performance.now() - started);
        if (spec.kind === 'http') {
          res.resume();
          finish(
            res.statusCode === spec.expectStatus
              ? { ok: true, responseMs, error: null, onlinePlayers: null, incomeToday: null }
              : failed('status', `HTTP ${res.statusCode ?? '?'}, expected ${spec.expectStatus}`, responseMs),
          );
          return;
        }
        readStatus(res, responseMs).then(finish, () =>
          finish(failed('body', 'the answer broke off', responseMs)),
        );
      },
    );
    const timer = setTimeout(
      () =>
        finish(
          failed(
            'timeout',
            `no ${responseMs === null ? 'answer' : 'complete answer'} within ${timeoutMs} ms`,
            responseMs,
          ),
        ),
      timeoutMs,
    );
    req.once('error', (err: NodeJS.ErrnoException) => finish(networkFailure(err, url.host)));
    req.end();
  });
}

/** A game status answer: 200 and JSON with a whole, non-negative `onlinePlayers`. */
async function readStatus(res: IncomingMessage, responseMs: number): Promise<CheckOutcome> {
  if (res.statusCode !== 200) {
    res.resume();
    return failed('status', `HTTP ${res.statusCode ?? '?'}, expected 200`, responseMs);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_STATUS_BYTES)
      return failed('body', `the status is over ${MAX_STATUS_BYTES} bytes`, responseMs);
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return failed('body', 'the status is not JSON', responseMs);
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const players = record['onlinePlayers'];
  if (typeof players !== 'number' || !Number.isSafeInteger(players) || players < 0) {
    return failed('body', 'the status has no onlinePlayers (a whole number of 0 or more)', responseMs);
  }
  const income = record['incomeToday'];
  return {
    ok: true,
    responseMs,
    error: null,
    onlinePlayers: players,
    incomeToday: typeof income === 'number' && Number.isSafeInteger(income) && income >= 0 ? income : null,
  };
}
