import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, platform } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import { WEB_BRIDGE_TOKEN_HEADER, WEB_LAUNCH_FRAGMENT, isRequestChannel } from '../../shared/ipc.js';
import type { ResultError } from '../../shared/envelope.js';
import { createConsoleCore, type ConsoleCore, type ConsoleCoreDeps } from '../core.js';
import type { BackendLauncher, EmbeddedBackendOptions } from '../backend/launcher.js';
import { createForkLauncher, createInProcessLauncher } from '../backend/node-launcher.js';
import { contentSecurityPolicy, rendererSecurityHeaders } from '../security.js';
import { openTokenStore, type KeytarApi } from '../session/keychain.js';
import { servicesAt } from '../settings/settings-store.js';
import { openJsonFileKv } from '../storage/json-file-kv.js';
import { checkBridgeRequest, createLaunchDoor, isOwnHost } from './guard.js';
import { resolveRendererFile } from '../renderer-files.js';
import { sendFile } from './static-files.js';
import { serveExport } from '../exports/download.js';
import { forwardableEnvelope } from '../http/forward.js';
import { FORWARDED_ENVELOPE } from '../../shared/forwarded-answer.js';

/**
 * The browser host: main's core in plain Node, the built renderer over http://127.0.0.1, and the
 * same bridge as the desktop app's preload over HTTP (POST /__ipc/<channel>) and Server-Sent
 * Events (GET /__events), each carrying the launch's bridge token (guard.ts). For development
 * without Electron and for Playwright.
 */

export type HostBackendOptions =
  | ({
      kind?: 'embedded';
      /** 'in-process' (default): fastest, and stop() closes it; 'fork': a child Node process, like the app. */
      process?: 'in-process' | 'fork';
      /** A throwaway database instead of dataDir/backend (in-process only). */
      inMemory?: boolean;
      /**
       * Seed the demo operators (published password) into a new database: `--demo`, the
       * end-to-end tests. Without it the host is a fresh desktop install: no operator until the
       * first run creates one.
       */
      demo?: boolean;
    } & Omit<EmbeddedBackendOptions, 'dataDir' | 'firstRun' | 'demo'>)
  | {
      kind: 'url';
      /** A reference backend's root (http://host:port); each service is at url + its base path. */
      url: string;
    };

export interface HostOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Settings, the session user and the embedded backend's database. Default: a temporary folder removed by stop(). */
  dataDir?: string;
  /** The built renderer (`npx vite build --mode web`). Default: dist/renderer. */
  rendererDir?: string;
  /** 'memory' (default) or the OS keychain, with memory as the fallback when there is none. */
  tokenStorage?: 'memory' | 'keychain';
  /** Default HOST_KEYCHAIN_SERVICE: never the desktop app's entries. */
  keychainService?: string;
  /** keytar, for tests that watch what the host files in the keychain. */
  loadKeytar?: () => Promise<KeytarApi>;
  /** Default: the embedded reference backend, in process, with its data in dataDir/backend. */
  backend?: HostBackendOptions;
  /** The first launch secret; default: random. Each works once. */
  secret?: string;
  /** First-run language. Default zh-CN. */
  language?: Language;
  /** HTTP timeout of main's client, in ms. */
  timeoutMs?: number;
  /** An updater for the core (tests of the update screens); default none: the host does not update. */
  updater?: ConsoleCoreDeps['updater'];
}

export interface RunningHost {
  /** http://127.0.0.1:PORT */
  url: string;
  /**
   * url + /__launch?secret=...: opening it lands on the console with a bridge token of its own
   * (in the redirect's fragment, which the page keeps in its origin's storage). Works once.
   */
  launchUrl: string;
  /** The secret of launchUrl. */
  secret: string;
  /** Another one-time launch URL, for another browser (or test context). */
  newLaunchUrl(): string;
  port: number;
  dataDir: string;
  /** The core behind the bridge: handlers, events, dispatch, backendReady(). */
  core: ConsoleCore;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The keychain service the host files tokens under with --keychain: its own, so a host run on a
 * developer's machine never reads, overwrites or signs out the desktop app's session.
 */
export const HOST_KEYCHAIN_SERVICE = 'GameOps Console (browser host)';
const BODY_LIMIT = 1024 * 1024;

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'gameops-host-'))));
  const rendererDir = resolve(options.rendererDir ?? join(REPO_ROOT, 'dist/renderer'));
  const core = await openHostCore(options, dataDir);
  const reply = createReplies(rendererSecurityHeaders(contentSecurityPolicy()));
  const streams = createEventStreams(core, reply);
  let port = 0;
  // Made once the port is known: nothing is admitted before.
  let door: ReturnType<typeof createLaunchDoor> | null = null;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (!isOwnHost(req.headers.host, port)) {
      return reply.text(res, 403, 'This host does not answer to that name.', '此主机不接受该主机名的请求。');
    }
    if (!door) return reply.text(res, 503, 'The host is starting.', '主机正在启动。');
    if (url.pathname === '/__launch') return launch(res, door, method, url, reply);

    const isExport = url.pathname === '/__export';
    const isIpc = url.pathname.startsWith('/__ipc/') || isExport;
    if (isIpc || url.pathname === '/__events') {
      const refusal = checkBridgeRequest(
        {
          host: req.headers.host,
          origin: req.headers.origin,
          token: headerValue(req.headers[WEB_BRIDGE_TOKEN_HEADER.toLowerCase()]),
          originRequired: isIpc,
        },
        port,
        door,
      );
      if (refusal) {
        const lang = languageOf(req.headers['accept-language']);
        return reply.json(res, refusal.status, {
          ok: false,
          error: { code: Codes.FORBIDDEN, message: refusal.message[lang] },
        });
      }
      if (isExport) return exportDownload(req, res, core, reply);
      return isIpc
        ? ipc(req, res, decodeURIComponent(url.pathname.slice('/__ipc/'.length)), core, reply)
        : streams.open(req, res);
    }

    if (url.pathname.startsWith('/__'))
      return reply.refuse(res, 404, Codes.ROUTE_NOT_FOUND, `no ${url.pathname}`);
    if (method !== 'GET' && method !== 'HEAD')
      return reply.refuse(res, 405, Codes.METHOD_NOT_ALLOWED, `${method} is not served here`);
    return rendererFile(res, rendererDir, url.pathname, method === 'HEAD', reply);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[gameops host] request failed:', err);
      if (!res.headersSent) reply.refuse(res, 500, Codes.INTERNAL, 'the host failed on this request');
      else res.destroy();
    });
  });
  port = await listen(server, options.port ?? 0);
  const url = `http://127.0.0.1:${port}`;
  const launchDoor = createLaunchDoor();
  door = launchDoor;
  const launchUrlOf = (secret: string) => `${url}/__launch?secret=${encodeURIComponent(secret)}`;
  const secret = launchDoor.issue(options.secret);

  let stopped: Promise<void> | null = null;
  return {
    url,
    launchUrl: launchUrlOf(secret),
    secret,
    newLaunchUrl: () => launchUrlOf(launchDoor.issue()),
    port,
    dataDir,
    core,
    stop() {
      stopped ??= (async () => {
        streams.close();
        await new Promise<void>((ok) => {
          server.close(() => ok());
          server.closeAllConnections();
        });
        await core.close();
        if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}

/** Main's core as the host runs it: its tokens, its settings file, and the backend it was given. */
async function openHostCore(options: HostOptions, dataDir: string): Promise<ConsoleCore> {
  const backendOpt = options.backend ?? {};
  const tokens = await openTokenStore({
    preferMemory: (options.tokenStorage ?? 'memory') === 'memory',
    service: options.keychainService ?? HOST_KEYCHAIN_SERVICE,
    ...(options.loadKeytar ? { loadKeytar: options.loadKeytar } : {}),
  });
  return createConsoleCore({
    kv: openJsonFileKv(join(dataDir, 'console.json')),
    tokens: tokens.store,
    tokenStorageReason: tokens.reason,
    orphanedRefreshToken: tokens.orphanedRefreshToken,
    backend: backendOpt.kind === 'url' ? undefined : embeddedLauncher(backendOpt, dataDir),
    app: { name: 'GameOps Console', version: await appVersion(), shell: 'browser', platform: platform() },
    defaultLanguage: options.language ?? 'zh-CN',
    initialSettings:
      backendOpt.kind === 'url'
        ? { backend: 'custom', services: servicesAt(backendOpt.url) }
        : { backend: 'embedded' },
    timeoutMs: options.timeoutMs,
    ...(options.updater ? { updater: options.updater } : {}),
  });
}

function embeddedLauncher(
  backendOpt: Exclude<HostBackendOptions, { kind: 'url' }>,
  dataDir: string,
): BackendLauncher {
  const { kind: _k, process: how, inMemory, demo, ...rest } = backendOpt;
  // Like the desktop app's backend, always in first-run mode (the setup state is readable, the
  // first run can be made); the demo operators only when asked.
  const chosen: EmbeddedBackendOptions = { ...rest, firstRun: true, demo: demo === true };
  const embedded = inMemory ? chosen : { ...chosen, dataDir: join(dataDir, 'backend') };
  return how === 'fork' ? createForkLauncher(embedded) : createInProcessLauncher(embedded);
}

/** A forwarded answer around the service's envelope (shared/forwarded-answer.ts). */
const FORWARD_HEAD = Buffer.from(`{"ok":true,${JSON.stringify(FORWARDED_ENVELOPE)}:`, 'utf8');
const FORWARD_TAIL = Buffer.from('}', 'utf8');

/** How the host answers: JSON, Result errors and plain-text pages, each with the security headers. */
type Replies = ReturnType<typeof createReplies>;

function createReplies(securityHeaders: Record<string, string>) {
  const jsonHeaders = {
    ...securityHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, jsonHeaders);
    res.end(JSON.stringify(body));
  };
  return {
    headers: securityHeaders,
    json,
    /** A Result main checked and left as the service wrote it: the service's bytes, not a copy. */
    forwarded(res: ServerResponse, envelope: Uint8Array) {
      res.writeHead(200, jsonHeaders);
      res.end(Buffer.concat([FORWARD_HEAD, envelope, FORWARD_TAIL]));
    },
    /** A Result error in the page's language: the catalogue's text, then what exactly was wrong. */
    refuse(res: ServerResponse, status: number, code: number, detail: string) {
      const lang = languageOf(res.req.headers['accept-language']);
      const message = `${codeText(code, lang)} (${detail})`;
      json(res, status, { ok: false, error: { code, message } satisfies ResultError });
    },
    /** Plain-text pages a person may land on: both languages, since there is no page to pick one. */
    text(res: ServerResponse, status: number, en: string, zh: string) {
      res.writeHead(status, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`${zh}\n${en}\n`);
    },
  };
}

/** GET /__launch?secret=...: a launch secret, once, for a bridge token in the redirect's fragment. */
function launch(
  res: ServerResponse,
  door: ReturnType<typeof createLaunchDoor>,
  method: string,
  url: URL,
  reply: Replies,
) {
  const redeemed =
    method === 'GET'
      ? door.redeem(url.searchParams.get('secret') ?? '')
      : ({ ok: false, why: 'wrong' } as const);
  if (!redeemed.ok && redeemed.why === 'used') {
    return reply.text(
      res,
      403,
      'This launch URL was already used: each works once. If this browser opened it, go to the host’s address; for another browser, get a new launch URL (press Enter in the host’s terminal).',
      '此启动链接已被使用：每个启动链接只能使用一次。若是本浏览器打开过它，请直接访问主机地址；其他浏览器请获取新的启动链接（在主机的终端中按回车键）。',
    );
  }
  if (!redeemed.ok) {
    return reply.text(
      res,
      403,
      'Wrong or missing launch secret: open the launch URL the host printed.',
      '启动密钥错误或缺失：请打开主机输出的启动链接。',
    );
  }
  res.writeHead(302, {
    ...reply.headers,
    Location: `/#${WEB_LAUNCH_FRAGMENT}=${redeemed.token}`,
    'Cache-Control': 'no-store',
  });
  res.end();
}

/** POST /__ipc/<channel> with { input }: the channel's answer, as the preload's invoke gets it. */
async function ipc(
  req: IncomingMessage,
  res: ServerResponse,
  channel: string,
  core: ConsoleCore,
  reply: Replies,
) {
  if (req.method !== 'POST') return reply.refuse(res, 405, Codes.METHOD_NOT_ALLOWED, 'bridge calls are POST');
  if (!isRequestChannel(channel))
    return reply.refuse(res, 404, Codes.UNKNOWN_ENDPOINT, `no channel ${channel}`);
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
    return reply.refuse(res, 415, Codes.UNSUPPORTED_MEDIA_TYPE, 'send { "input": ... } as application/json');
  }
  const raw = await readBody(req, BODY_LIMIT);
  if (raw === null)
    return reply.refuse(res, 413, Codes.PAYLOAD_TOO_LARGE, `the body is over ${BODY_LIMIT} bytes`);
  let body: unknown;
  try {
    body = raw.length === 0 ? {} : JSON.parse(raw);
  } catch {
    return reply.refuse(res, 400, Codes.MALFORMED_JSON, 'the body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return reply.refuse(res, 400, Codes.VALIDATION, 'the body must be { "input": ... }');
  }
  const answer = await core.dispatch(channel, (body as { input?: unknown }).input);
  const envelope = forwardableEnvelope(answer);
  if (envelope) return reply.forwarded(res, envelope);
  reply.json(res, 200, answer);
}

/** POST /__export with { input }: an export's file, streamed on (main/exports/download.ts). */
async function exportDownload(req: IncomingMessage, res: ServerResponse, core: ConsoleCore, reply: Replies) {
  if (req.method !== 'POST') return reply.refuse(res, 405, Codes.METHOD_NOT_ALLOWED, 'an export is a POST');
  const raw = await readBody(req, BODY_LIMIT);
  if (raw === null)
    return reply.refuse(res, 413, Codes.PAYLOAD_TOO_LARGE, `the body is over ${BODY_LIMIT} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return reply.refuse(res, 400, Codes.MALFORMED_JSON, 'the body is not valid JSON');
  }
  return serveExport(req, res, body, core.exports, reply.headers);
}

/** GET /__events: the core's events as Server-Sent Events, to every open page. */
function createEventStreams(core: ConsoleCore, reply: Replies) {
  const streams = new Set<ServerResponse>();
  // A deep link sent while no page has its event stream open yet (a page that has just loaded
  // opens it a moment after its first render) waits for the next stream instead of vanishing:
  // in the desktop app the window's listener exists from the start, here it comes a little later.
  // Only links wait: a late session or alert event would describe a moment that has passed.
  const waitingLinks: string[] = [];
  const MAX_WAITING_LINKS = 20;
  const offWaiting = core.events.onAny((event, payload) => {
    if (event !== 'links:open' || streams.size > 0) return;
    waitingLinks.push(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    if (waitingLinks.length > MAX_WAITING_LINKS) waitingLinks.shift();
  });
  return {
    open(req: IncomingMessage, res: ServerResponse) {
      if (req.method !== 'GET')
        return reply.refuse(res, 405, Codes.METHOD_NOT_ALLOWED, 'the event stream is GET');
      res.writeHead(200, {
        ...reply.headers,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write('retry: 1000\n\n');
      for (const frame of waitingLinks.splice(0)) res.write(frame);
      streams.add(res);
      // Each (re)connected stream starts with the session as it is now: a sign-in or sign-out
      // made while the page had no stream open (it opens a moment after its first render, or
      // after a drop) would otherwise never reach it. Events from here on wait behind that first
      // frame, in order; a session event carries the whole state, so the page ends on the newest.
      let queued: string[] | null = [];
      const send = (frame: string) => (queued ? queued.push(frame) : res.write(frame));
      const off = core.events.onAny((event, payload) => {
        send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      void Promise.resolve()
        .then(() => core.handlers['session:get'](null))
        .then(
          (state) => `event: session:changed\ndata: ${JSON.stringify(state)}\n\n`,
          (err: unknown) => (
            console.error('[gameops host] the session could not be read for a new stream:', err),
            ''
          ),
        )
        .then((first) => {
          const frames = [first, ...(queued ?? [])];
          queued = null;
          if (!res.writableEnded && !res.destroyed) for (const frame of frames) if (frame) res.write(frame);
        });
      // Comments keep idle proxies and the browser from dropping a quiet stream.
      const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
      ping.unref();
      res.on('close', () => {
        clearInterval(ping);
        off();
        streams.delete(res);
      });
    },
    close() {
      offWaiting();
      for (const s of streams) s.end();
    },
  };
}

/** A file of the built renderer (the app's page for any route path), or why there is none. */
async function rendererFile(
  res: ServerResponse,
  rendererDir: string,
  pathname: string,
  head: boolean,
  reply: Replies,
) {
  const found = await resolveRendererFile(rendererDir, pathname);
  if (found.kind === 'refused') {
    return reply.text(
      res,
      403,
      `Refused: ${pathname} is outside the console.`,
      `已拒绝：${pathname} 不在控制台内。`,
    );
  }
  if (found.kind === 'missing') {
    return reply.text(
      res,
      404,
      `Not found: ${pathname} (is the renderer built? npx vite build --mode web)`,
      `找不到：${pathname}（渲染端是否已构建？npx vite build --mode web）`,
    );
  }
  sendFile(res, found.path, reply.headers, head);
}

/** Listens on 127.0.0.1 only; resolves to the port (a free one for 0). */
async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** A header sent once; sent twice (a proxy's or a forger's), it counts as not sent. */
function headerValue(raw: string | string[] | undefined): string | undefined {
  return typeof raw === 'string' ? raw : undefined;
}

/** The body as text, or null once it passes `limit` bytes. */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else if (!over) chunks.push(chunk);
    });
    req.on('end', () => ok(over ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/** The page's language from Accept-Language: Chinese when the browser asks for it first. */
function languageOf(header: string | undefined): Language {
  return (header ?? '').trim().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

async function appVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
