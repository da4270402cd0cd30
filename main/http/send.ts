import { Codes, codeText, type Language } from '../../shared/codes.js';
import { envelopeSchema, type FieldIssue, type ResultError } from '../../shared/envelope.js';
import type { HttpMethod } from '../../shared/api/endpoint.js';
import { LOCALHOST_PIN, serviceUrlProblem, type ServiceUrlProblem } from '../../shared/settings.js';
import { isPlainRequestId, REQUEST_ID_HEADER } from '../../shared/request-id.js';
import { FORWARD_MIN_BYTES } from './forward.js';

export interface OutgoingRequest {
  method: HttpMethod;
  url: string;
  body?: Record<string, unknown>;
  bearer?: string;
  /** Extra headers (the embedded backend's launch key). */
  headers?: Record<string, string>;
}

/** What one HTTP exchange came to: an envelope the server sent, or why there is none. */
export type Exchange =
  | {
      kind: 'envelope';
      code: number;
      message: string | undefined;
      data: unknown;
      httpStatus: number;
      /** The backend's id of this call (X-Request-Id), when it sends one. */
      requestId?: string;
      /**
       * The envelope as the service sent it (UTF-8, without a byte order mark), kept for big
       * answers only: the browser host may forward it as it is (main/http/forward.ts).
       */
      raw?: Uint8Array;
    }
  | { kind: 'failed'; error: ResultError };

export interface SendOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  language: Language;
}

/**
 * Why main will not send to an address, in both languages. Every request to a service carries a
 * token, a password or operator data, so an address that could expose them on the network gets
 * nothing: settings refuse such addresses, and this holds even for one saved by an older version.
 */
const REFUSED: Record<ServiceUrlProblem, Record<Language, string>> = {
  notUrl: { en: 'the service address is not a web address', 'zh-CN': '服务地址不是有效的网址' },
  notHttp: { en: 'the service address must start with https://', 'zh-CN': '服务地址必须以 https:// 开头' },
  insecure: {
    en: 'the console does not send sign-in details or tokens over plain http:// to another computer; use https:// (http:// only for this computer)',
    'zh-CN': '控制台不会通过明文 http:// 向其他计算机发送登录信息或令牌；请使用 https://（http:// 仅限本机）',
  },
  credentials: {
    en: 'the service address must not hold a user name or password',
    'zh-CN': '服务地址不能包含用户名或密码',
  },
};

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

export async function send(req: OutgoingRequest, opts: SendOptions): Promise<Exchange> {
  const problem = serviceUrlProblem(req.url);
  if (problem) {
    return failed(
      Codes.NETWORK,
      opts.language,
      `${req.method} ${safeUrl(req.url)}: ${REFUSED[problem][opts.language]}`,
    );
  }
  // The server writes its messages in the language the operator reads.
  const headers: Record<string, string> = {
    ...req.headers,
    Accept: 'application/json',
    'Accept-Language': opts.language === 'zh-CN' ? 'zh-CN,zh;q=0.9' : 'en',
  };
  if (req.bearer) headers['Authorization'] = `Bearer ${req.bearer}`;
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  // One deadline for the whole exchange, body included: a server that sends headers and then
  // stalls is as stuck as one that never answers.
  const signal = AbortSignal.timeout(opts.timeoutMs);
  let status: number;
  let bytes: Uint8Array;
  let requestId: string | null;
  try {
    const res = await opts.fetch(pinnedUrl(req.url), {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
      redirect: 'error',
    });
    status = res.status;
    requestId = res.headers.get(REQUEST_ID_HEADER);
    bytes = new Uint8Array(await res.arrayBuffer());
  } catch (err) {
    if (signal.aborted) {
      return failed(
        Codes.TIMEOUT,
        opts.language,
        `${req.method} ${req.url}: no answer within ${opts.timeoutMs} ms`,
      );
    }
    return failed(Codes.NETWORK, opts.language, `${req.method} ${req.url}: ${causeOf(err)}`);
  }

  // As res.text() reads it: UTF-8, a byte order mark dropped (so the bytes kept match the text).
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  let json: unknown;
  try {
    json = JSON.parse(UTF8.decode(bytes));
  } catch {
    return failed(
      Codes.BAD_RESPONSE,
      opts.language,
      `${req.method} ${req.url} answered HTTP ${status} without JSON`,
    );
  }
  const env = envelopeSchema.safeParse(json);
  if (!env.success) {
    return failed(
      Codes.BAD_RESPONSE,
      opts.language,
      `${req.method} ${req.url} answered HTTP ${status} with JSON that is not a { Status, Data } envelope`,
    );
  }
  return {
    kind: 'envelope',
    code: env.data.Status.Code,
    message: env.data.Status.Message,
    data: env.data.Data,
    httpStatus: status,
    // Only a plain id: it is shown to the operator and pasted into a support request.
    ...(isPlainRequestId(requestId) ? { requestId } : {}),
    ...(bytes.length >= FORWARD_MIN_BYTES ? { raw: bytes } : {}),
  };
}

/**
 * Plain http to `localhost` is allowed because it stays on this computer: so it goes to the
 * loopback address itself, never to whatever a resolver (a hosts file, a DNS search domain)
 * answers for the name. https keeps the name: its certificate is what vouches for the host.
 */
export function pinnedUrl(raw: string): string {
  const u = new URL(raw);
  if (u.protocol !== 'http:' || u.hostname.toLowerCase() !== 'localhost') return raw;
  u.hostname = LOCALHOST_PIN;
  return u.toString();
}

function failed(code: number, language: Language, detail: string): Exchange {
  return { kind: 'failed', error: { code, message: `${codeText(code, language)} (${detail})` } };
}

/** The URL for a message, without any user name or password it may (wrongly) hold. */
function safeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return raw;
  }
}

/** Node's fetch hides the socket error (ECONNREFUSED, ENOTFOUND) in `cause`; that is the useful part. */
function causeOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: unknown }).cause;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code} ${cause.message}` : cause.message;
  }
  return err.message;
}

/** The error a non-success envelope stands for, with the server's field issues when it sent any. */
export function envelopeError(ex: Extract<Exchange, { kind: 'envelope' }>, language: Language): ResultError {
  const message = ex.message ?? codeText(ex.code, language);
  const details = fieldIssuesIn(ex.data);
  return {
    code: ex.code,
    message,
    ...(details ? { details } : {}),
    ...(ex.requestId ? { requestId: ex.requestId } : {}),
  };
}

function fieldIssuesIn(data: unknown): FieldIssue[] | undefined {
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? ((data as Record<string, unknown>)['details'] ?? (data as Record<string, unknown>)['issues'])
      : undefined;
  if (!Array.isArray(list)) return undefined;
  const issues = list.filter(
    (i): i is FieldIssue =>
      !!i && typeof i === 'object' && typeof i.path === 'string' && typeof i.message === 'string',
  );
  return issues.length > 0 ? issues.map((i) => ({ path: i.path, message: i.message })) : undefined;
}
