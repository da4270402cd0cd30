import { describe, expect, it } from 'vitest';
import { errorLines, errorSentence, isRetryable } from './errorText.js';
import { Codes } from '../../shared/codes.js';

describe('errorLines', () => {
  it('gives the code text and the server message', () => {
    expect(errorLines({ code: Codes.RATE_LIMITED, message: 'try again in 60 s' }, 'en')).toEqual({
      summary: 'Too many attempts; wait and try again',
      detail: 'try again in 60 s',
      technical: null,
      issues: [],
      code: Codes.RATE_LIMITED,
      requestId: null,
    });
  });

  it('carries the backend’s request id, for support', () => {
    const lines = errorLines({ code: Codes.CONFLICT, message: 'taken', requestId: 'lb-7.a' }, 'zh-CN');
    expect(lines.requestId).toBe('lb-7.a');
  });

  it('drops a message that only repeats the code', () => {
    expect(errorLines({ code: Codes.FORBIDDEN, message: 'FORBIDDEN' }, 'zh-CN').detail).toBeNull();
    expect(errorLines({ code: Codes.NETWORK, message: '  ' }, 'en').detail).toBeNull();
  });

  it("keeps a console-side failure's technical account apart, out of the operator's sentence", () => {
    // main/http/send.ts words an unreachable server so: the code's text, then what happened.
    const message =
      '无法连接服务器，请检查网络和服务地址设置 (GET http://127.0.0.1:43391/api/x: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:43391)';
    const lines = errorLines({ code: Codes.NETWORK, message }, 'zh-CN');
    expect(lines.summary).toBe('无法连接服务器，请检查网络和服务地址设置');
    expect(lines.detail).toBeNull();
    expect(lines.technical).toBe(
      'GET http://127.0.0.1:43391/api/x: ECONNREFUSED connect ECONNREFUSED 127.0.0.1:43391',
    );
    expect(errorSentence({ code: Codes.NETWORK, message }, 'zh-CN')).toBe(
      '无法连接服务器，请检查网络和服务地址设置',
    );
    // Made while the console spoke English, read in Chinese: the technical part alone still.
    const en = 'The server did not answer in time; try again (GET http://x/y: no answer within 10000 ms)';
    const timeout = errorLines({ code: Codes.TIMEOUT, message: en }, 'zh-CN');
    expect(timeout.summary).toBe('服务器响应超时，请稍后重试');
    expect(timeout.technical).toBe('GET http://x/y: no answer within 10000 ms');
    // A server's own words (it writes in the operator's language) stay in the sentence.
    expect(errorLines({ code: Codes.NOT_FOUND, message: '没有这个码' }, 'zh-CN').technical).toBeNull();
  });

  it('lists field issues', () => {
    const lines = errorLines(
      { code: Codes.VALIDATION, message: 'bad input', details: [{ path: 'phone', message: 'too short' }] },
      'en',
    );
    expect(lines.issues).toEqual(['phone: too short']);
  });

  it('names unknown codes', () => {
    expect(errorSentence({ code: 777, message: '' }, 'en')).toBe('The request failed (code 777)');
    expect(errorSentence({ code: Codes.INVALID_CREDENTIALS, message: 'no match' }, 'zh-CN')).toBe(
      '账号或密码错误 (no match)',
    );
  });
});

describe('isRetryable', () => {
  it('offers a retry where asking again may succeed', () => {
    for (const code of [Codes.NETWORK, Codes.TIMEOUT, Codes.UNAVAILABLE, Codes.INTERNAL, Codes.RATE_LIMITED])
      expect(isRetryable(code), String(code)).toBe(true);
    // A foreign backend's own server-side code.
    expect(isRetryable(50213)).toBe(true);
  });

  it('offers none where the answer cannot change', () => {
    for (const code of [
      Codes.NOT_FOUND,
      Codes.VALIDATION,
      Codes.FORBIDDEN,
      Codes.CONFLICT,
      Codes.UNAUTHENTICATED,
      Codes.BAD_RESPONSE,
      Codes.UNKNOWN_ENDPOINT,
    ])
      expect(isRetryable(code), String(code)).toBe(false);
  });
});
