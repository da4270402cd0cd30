import { describe, expect, it } from 'vitest';
import { errorLines, errorSentence } from './errorText.js';
import { Codes } from '../../shared/codes.js';

describe('errorLines', () => {
  it('gives the code text and the server message', () => {
    expect(errorLines({ code: Codes.RATE_LIMITED, message: 'try again in 60 s' }, 'en')).toEqual({
      summary: 'Too many attempts; wait and try again',
      detail: 'try again in 60 s',
      issues: [],
      code: Codes.RATE_LIMITED,
    });
  });

  it('drops a message that only repeats the code', () => {
    expect(errorLines({ code: Codes.FORBIDDEN, message: 'FORBIDDEN' }, 'zh-CN').detail).toBeNull();
    expect(errorLines({ code: Codes.NETWORK, message: '  ' }, 'en').detail).toBeNull();
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
