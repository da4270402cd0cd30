import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, platform } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import { isRequestChannel } from '../../shared/ipc.js';
import type { ResultError } from '../../shared/envelope.js';
import { createConsoleCore, type ConsoleCore } from '../core.js';
import type { BackendLauncher, EmbeddedBackendOptions } from '../backend/launcher.js';
import { createForkLauncher, createInProcessLauncher } from '../backend/node-launcher.js';
import { contentSecurityPolicy } from '../security.js';
import { openTokenStore } from '../session/keychain.js';
import { servicesAt } from '../settings/settings-store.js';
import { openJsonFileKv } from '../storage/json-file-kv.js';
import { checkBridgeRequest, isOwnHost, newSecret, sameSecret, sessionCookie } from './guard.js';
import { resolveStatic, sendFile } from './static-files.js';

/**
 * The browser host: main's core in plain Node, the built renderer over http://127.0.0.1, and the
 * same bridge as the desktop app's preload over HTTP (POST /__ipc/<channel>) and Server-Sent
 * Events (GET /__events). For development without Electron and for Playwright.
 */

export type HostBackendOptions =
  | ({
      kind?: 'embedded';
      /** 'in-process' (default): fastest, and stop() closes it; 'fork': a child Node process, like the app. */
      process?: 'in-process' | 'fork';
      /** A throwaway database instead of dataDir/backend (in-process only). */
      inMemory?: boolean;
    } & Omit<EmbeddedBackendOptions, 'dataDir'>)
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
  keychainService?: string;
  /** Default: the embedded reference backend, in process, with its data in dataDir/backend. */
  backend?: HostBackendOptions;
  /** The launch secret; default: random per launch. */
  secret?: string;
  /** First-run language. Default zh-CN. */
  language?: Language;
  /** HTTP timeout of main's client, in ms. */
  timeoutMs?: number;
}

export interface RunningHost {
  /** http://127.0.0.1:PORT */
  url: string;
  /** url + /__launch?secret=...: opening it grants the cookie and lands on the console. */
  launchUrl: string;
  secret: string;
  port: number;
  dataDir: string;
  /** The core behind the bridge: handlers, events, dispatch, backendReady(). */
  core: ConsoleCore;
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BODY_LIMIT = 1024 * 1024;

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'gameops-host-'))));
  const rendererDir = resolve(options.rendererDir ?? join(REPO_ROOT, 'dist/renderer'));
  const secret = options.secret ?? newSecret();
  // The cookie is not the secret: a leaked cookie jar does not reveal the launch URL, nor the reverse.
  const cookieSecret = randomBytes(24).toString('base64url');
  const csp = contentSecurityPolicy();

  const backendOpt = options.backend ?? {};
  let launcher: BackendLauncher | undefined;
  if (backendOpt.kind !== 'url') {
    const { kind: _k, process: how, inMemory, ...rest } = backendOpt;
    const embedded: EmbeddedBackendOptions = inMemory ? rest : { ...rest, dataDir: join(dataDir, 'backend') };
    launcher = how === 'fork' ? createForkLauncher(embedded) : createInProcessLauncher(embedded);
  }

  const tokens = await openTokenStore({
    preferMemory: (options.tokenStorage ?? 'memory') === 'memory',
    service: options.keychainService,
  });
  const core = await createConsoleCore({
    kv: openJsonFileKv(join(dataDir, 'console.json')),
    tokens: tokens.store,
    backend: launcher,
    app: { name: 'GameOps Console', version: await appVersion(), shell: 'browser', platform: platform() },
    defaultLanguage: options.language ?? 'zh-CN',
    initialSettings:
      backendOpt.kind === 'url'
        ? { backend: 'custom', services: servicesAt(backendOpt.url) }
        : { backend: 'embedded' },
    timeoutMs: options.timeoutMs,
  });

  const streams = new Set<ServerResponse>();
  let port = 0;

  const securityHeaders = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      ...securityHeaders,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
    res.end(JSON.stringify(body));
  };
  /** A Result error in the page's language: the catalogue's text, then what exactly was wrong. */
  const refuse = (res: ServerResponse, status: number, code: number, detail: string) => {
    const lang = languageOf(res.req.headers['accept-language']);
    const message = `${codeText(code, lang)} (${detail})`;
    json(res, status, { ok: false, error: { code, message } satisfies ResultError });
  };
  /** Plain-text pages a person may land on: both languages, since there is no page to pick one. */
  const textPage = (res: ServerResponse, status: number, en: string, zh: string) => {
    res.writeHead(status, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`${zh}\n${en}\n`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (!isOwnHost(req.headers.host, port)) {
      return textPage(res, 403, 'This host does not answer to that name.', '此主机不接受该主机名的请求。');
    }

    if (url.pathname === '/__launch') {
      const given = url.searchParams.get('secret') ?? '';
      if (method !== 'GET' || !sameSecret(given, secret)) {
        return textPage(
          res,
          403,
          'Wrong or missing launch secret: open the launch URL the host printed.',
          '启动密钥错误或缺失：请打开主机输出的启动链接。',
        );
      }
      res.writeHead(302, {
        ...securityHeaders,
        'Set-Cookie': sessionCookie(cookieSecret),
        Location: '/',
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }

    const isIpc = url.pathname.startsWith('/__ipc/');
    if (isIpc || url.pathname === '/__events') {
      const refusal = checkBridgeRequest(
        {
          host: req.headers.host,
          origin: req.headers.origin,
          cookie: req.headers.cookie,
          originRequired: isIpc,
        },
        port,
        cookieSecret,
      );
      if (refusal) {
        const lang = languageOf(req.headers['accept-language']);
        return json(res, refusal.status, {
          ok: false,
          error: { code: Codes.FORBIDDEN, message: refusal.message[lang] },
        });
      }
      return isIpc
        ? ipc(req, res, decodeURIComponent(url.pathname.slice('/__ipc/'.length)))
        : events(req, res);
    }

    if (url.pathname.startsWith('/__')) return refuse(res, 404, Codes.ROUTE_NOT_FOUND, `no ${url.pathname}`);
    if (method !== 'GET' && method !== 'HEAD')
      return refuse(res, 405, Codes.METHOD_NOT_ALLOWED, `${method} is not served here`);
    const file = await resolveStatic(rendererDir, url.pathname);
    if (!file) {
      return textPage(
        res,
        404,
        `Not found: ${url.pathname} (is the renderer built? npx vite build --mode web)`,
        `找不到：${url.pathname}（渲染端是否已构建？npx vite build --mode web）`,
      );
    }
    sendFile(res, file, securityHeaders, method === 'HEAD');
  };

  const ipc = async (req: IncomingMessage, res: ServerResponse, channel: string) => {
    if (req.method !== 'POST') return refuse(res, 405, Codes.METHOD_NOT_ALLOWED, 'bridge calls are POST');
    if (!isRequestChannel(channel)) return refuse(res, 404, Codes.UNKNOWN_ENDPOINT, `no channel ${channel}`);
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return refuse(res, 415, Codes.UNSUPPORTED_MEDIA_TYPE, 'send { "input": ... } as application/json');
    }
    const raw = await readBody(req, BODY_LIMIT);
    if (raw === null)
      return refuse(res, 413, Codes.PAYLOAD_TOO_LARGE, `the body is over ${BODY_LIMIT} bytes`);
    let body: unknown;
    try {
      body = raw.length === 0 ? {} : JSON.parse(raw);
    } catch {
      return refuse(res, 400, Codes.MALFORMED_JSON, 'the body is not valid JSON');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return refuse(res, 400, Codes.VALIDATION, 'the body must be { "input": ... }');
    }
    json(res, 200, await core.dispatch(channel, (body as { input?: unknown }).input));
  };

  const events = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return refuse(res, 405, Codes.METHOD_NOT_ALLOWED, 'the event stream is GET');
    res.writeHead(200, {
      ...securityHeaders,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 1000\n\n');
    streams.add(res);
    const off = core.events.onAny((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    // Comments keep idle proxies and the browser from dropping a quiet stream.
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    ping.unref();
    res.on('close', () => {
      clearInterval(ping);
      off();
      streams.delete(res);
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[gameops host] request failed:', err);
      if (!res.headersSent) refuse(res, 500, Codes.INTERNAL, 'the host failed on this request');
      else res.destroy();
    });
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  let stopped: Promise<void> | null = null;
  return {
    url,
    launchUrl: `${url}/__launch?secret=${encodeURIComponent(secret)}`,
    secret,
    port,
    dataDir,
    core,
    stop() {
      stopped ??= (async () => {
        for (const s of streams) s.end();
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
