import { Codes } from '../../shared/codes.js';
import { problem, type Problem } from './problem.js';

/**
 * Bodies are JSON in UTF-8, sent as they are. A body the server would misread is refused
 * instead: a Content-Encoding it does not decode (gzip, br, ...) would reach the JSON parser
 * compressed, and a charset other than UTF-8 would be read as UTF-8 all the same.
 */

interface BodyHeaders {
  'content-encoding'?: string | undefined;
  'content-type'?: string | undefined;
  'content-length'?: string | undefined;
  'transfer-encoding'?: string | undefined;
}

/** Whether the request carries a body at all: the rules are about the body. */
function hasBody(h: BodyHeaders): boolean {
  if (h['transfer-encoding'] !== undefined) return true;
  const n = Number(h['content-length'] ?? '0');
  return !Number.isFinite(n) || n > 0;
}

/** The charset parameter of a Content-Type, lower case and unquoted; undefined when absent. */
export function charsetOf(contentType: string): string | undefined {
  for (const param of contentType.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    if (param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    return param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase()
      .slice(0, 40);
  }
  return undefined;
}

export function bodyEncodingProblem(h: BodyHeaders): Problem | undefined {
  if (!hasBody(h)) return undefined;
  const codings = (h['content-encoding'] ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length > 0) {
    const named = codings.join(', ').slice(0, 40);
    return problem(
      Codes.UNSUPPORTED_MEDIA_TYPE,
      `The server does not decode Content-Encoding "${named}"; send the JSON body uncompressed`,
      `服务器不解码 Content-Encoding "${named}"，请发送未压缩的 JSON 请求体`,
    );
  }
  const charset = h['content-type'] === undefined ? undefined : charsetOf(h['content-type']);
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return problem(
      Codes.UNSUPPORTED_MEDIA_TYPE,
      `The body must be JSON in UTF-8, not "${charset}"; send Content-Type: application/json; charset=utf-8`,
      `请求体须为 UTF-8 编码的 JSON，而不是 "${charset}"，请设置 Content-Type: application/json; charset=utf-8`,
    );
  }
  return undefined;
}
