import { STATUS_CODES, maxHeaderSize, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Codes, codeText, type Language } from '../../shared/codes.js';
import { fail, httpStatusFor } from '../../shared/envelope.js';
import { languageOf, problem, type Problem } from './problem.js';

/**
 * Requests that never reach a route, answered with an envelope like every other answer: what
 * Node's HTTP parser refuses before Fastify sees a request (a URL or headers over the header
 * limit, bytes that are not HTTP), what Node itself would refuse (no Host), and what the router
 * refuses (a malformed %-escape in the path, a path parameter over the router's limit, whose
 * default answer echoed the whole URL).
 */

/** A path parameter longer than this is refused before routing (Fastify's maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

export function uriTooLong(): Problem {
  return problem(
    Codes.URI_TOO_LONG,
    `A part of the URL path is longer than ${MAX_PARAM_LENGTH} characters; no id or name is that long`,
    `URL 路径中有一段超过 ${MAX_PARAM_LENGTH} 个字符，没有这么长的编号或名称`,
  );
}

export function badPathEscape(): Problem {
  return problem(
    Codes.VALIDATION,
    `${codeText(Codes.VALIDATION, 'en')}: (path): the URL path holds a malformed %-escape; ` +
      'encode each path segment with encodeURIComponent',
    `${codeText(Codes.VALIDATION, 'zh-CN')}：(path)：URL 路径含有格式错误的 % 转义，请用 encodeURIComponent 编码每段路径`,
    [{ path: '(path)', message: 'malformed %-escape' }],
  );
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112, 3.2). Node refuses a request without one with a bare
 * 400 of its own, so the server turns that off and refuses it here, with an envelope.
 */
export function missingHostProblem(req: IncomingMessage): Problem | undefined {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return undefined;
  return problem(
    Codes.VALIDATION,
    `${codeText(Codes.VALIDATION, 'en')}: an HTTP/1.1 request must carry a Host header`,
    `${codeText(Codes.VALIDATION, 'zh-CN')}：HTTP/1.1 请求必须带有 Host 请求头`,
  );
}

/** The problem for an error code Fastify's router hands to `frameworkErrors`. */
export function frameworkProblem(code: string | undefined): Problem {
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return uriTooLong();
  if (code === 'FST_ERR_BAD_URL') return badPathEscape();
  return problem(Codes.INTERNAL, codeText(Codes.INTERNAL, 'en'), codeText(Codes.INTERNAL, 'zh-CN'));
}

/** Node's parser error: `rawPacket` holds the bytes it choked on (typed loosely by Fastify). */
interface ParserError extends Error {
  code?: string;
  rawPacket?: unknown;
}

const packetOf = (err: ParserError): Buffer | undefined =>
  Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;

/**
 * The request line alone makes the overflow when it is unfinished in the bytes the parser
 * choked on, or holds most of the limit: then the URL is what is too long.
 */
function urlIsTheExcess(packet: Buffer | undefined): boolean {
  if (!packet) return false;
  const lineEnd = packet.indexOf('\r\n');
  return lineEnd < 0 || lineEnd >= maxHeaderSize / 2;
}

/** Accept-Language from the raw bytes, when the parser got that far; else English. */
function languageIn(packet: Buffer | undefined): Language {
  const head = packet?.subarray(0, maxHeaderSize).toString('latin1') ?? '';
  return languageOf(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1]);
}

export function clientErrorProblem(err: ParserError): Problem {
  const kb = Math.round(maxHeaderSize / 1024);
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return urlIsTheExcess(packetOf(err))
      ? problem(
          Codes.URI_TOO_LONG,
          `The URL is longer than ${kb} KB; send long inputs in a JSON body (POST) or in several calls`,
          `URL 超过 ${kb} KB，请把较长的输入放在 JSON 请求体中，或分多次请求`,
        )
      : problem(
          Codes.HEADERS_TOO_LARGE,
          `The request headers are larger than ${kb} KB; remove what the server does not need (cookies, custom headers)`,
          `请求头超过 ${kb} KB，请去掉服务器不需要的内容（如 Cookie、自定义请求头）`,
        );
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || err.code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return problem(
      Codes.REQUEST_TIMEOUT,
      'The request did not arrive in time; check the network and send it again',
      '请求未能及时到达，请检查网络后重新发送',
    );
  }
  return problem(
    Codes.VALIDATION,
    `${codeText(Codes.VALIDATION, 'en')}: the request is not well-formed HTTP/1.1`,
    `${codeText(Codes.VALIDATION, 'zh-CN')}：请求不是格式正确的 HTTP/1.1`,
  );
}

/** How long a refused connection may linger for the client to read our answer. */
const LINGER_MS = 2_000;

/**
 * Node's `clientError`: the parser gave up on this connection, so nothing more can be read from
 * it. The answer says `Connection: close`, then the connection ends once it is written (the
 * client still sending gets a little time to read the answer before the socket goes).
 */
export function answerClientError(err: ParserError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const p = clientErrorProblem(err);
  const body = JSON.stringify(fail(p.code, p.texts[languageIn(packetOf(err))]));
  const status = httpStatusFor(p.code);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  // Whatever else arrives is dropped; the socket goes when the client closes, or soon anyway.
  socket.on('data', () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
