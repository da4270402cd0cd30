import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { Codes, type Language } from '../../shared/codes.js';
import { ApiError, fail, httpStatusFor } from '../../shared/envelope.js';
import { messageOf, problem } from './problem.js';
import { bodyIsRead, drainBody } from './unread-body.js';

/** Turns anything thrown while serving a request into an error envelope. Never a bare 500. */

interface FastifyLikeError {
  code?: string;
  statusCode?: number;
  message?: string;
}

export function toApiError(err: unknown, bodyLimit: number): ApiError {
  if (err instanceof ApiError) return err;
  const e = (err ?? {}) as FastifyLikeError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(
        Codes.PAYLOAD_TOO_LARGE,
        `The request body is larger than ${bodyLimit} bytes`,
        `请求体超过 ${bodyLimit} 字节的上限`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(
        Codes.UNSUPPORTED_MEDIA_TYPE,
        'The request body must be JSON, sent with Content-Type: application/json',
        '请求体须为 JSON，并设置 Content-Type: application/json',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem(
        Codes.MALFORMED_JSON,
        'The request says it carries JSON but the body is empty; send a JSON object',
        '请求声明为 JSON 但请求体为空，请发送一个 JSON 对象',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return problem(
        Codes.MALFORMED_JSON,
        'The request body is not valid JSON; check quotes, commas and brackets',
        '请求体不是有效的 JSON，请检查引号、逗号和括号',
      );
    case 'FST_ERR_BAD_URL':
      return problem(Codes.ROUTE_NOT_FOUND, 'The request path is not a valid URL', '请求路径不是有效的 URL');
    default:
      break;
  }
  // Fastify's own client errors we did not name above (the parser's, mostly).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return new ApiError(Codes.PAYLOAD_TOO_LARGE);
    if (e.statusCode === 415) return new ApiError(Codes.UNSUPPORTED_MEDIA_TYPE);
    if (e.statusCode === 404) return new ApiError(Codes.ROUTE_NOT_FOUND);
    return new ApiError(Codes.MALFORMED_JSON);
  }
  return new ApiError(Codes.INTERNAL);
}

/**
 * Answers with the error's envelope. The request's body may not have been read (the answer came
 * before it: too large, wrong encoding): it is read and dropped first, so the client gets this
 * answer rather than a reset and the connection serves its next request; a body too large to
 * drop closes the connection, and the answer says so (see unread-body.ts).
 */
export async function sendError(
  reply: FastifyReply,
  err: unknown,
  lang: Language,
  log: FastifyBaseLogger,
  bodyLimit: number,
): Promise<FastifyReply> {
  const apiErr = toApiError(err, bodyLimit);
  if (apiErr.code === Codes.INTERNAL) log.error({ err }, 'request failed');
  if (!bodyIsRead(reply.request.raw)) {
    // Fastify says close after a body it did not read; once it is read, the connection can
    // serve the client's next request (unless the client itself asked to close).
    const drained = (await drainBody(reply.request.raw)) === 'complete';
    reply.header('connection', drained && reply.raw.shouldKeepAlive ? 'keep-alive' : 'close');
  }
  return reply
    .code(httpStatusFor(apiErr.code))
    .header('content-type', 'application/json; charset=utf-8')
    .send(fail(apiErr.code, messageOf(apiErr, lang)));
}
