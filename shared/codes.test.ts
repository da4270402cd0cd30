import { describe, expect, it } from 'vitest';
import { CODE_INFO, Codes, codeName, codeText, type CodeName } from './codes.js';

describe('codes catalogue', () => {
  it('keeps the spec codes', () => {
    expect(Codes.OK).toBe(1);
    expect(Codes.TOKEN_EXPIRED).toBe(20000);
  });

  it('has unique numbers, both languages, and a known HTTP status for every code', () => {
    const names = Object.keys(Codes) as CodeName[];
    expect(new Set(names.map((n) => Codes[n])).size).toBe(names.length);
    for (const n of names) {
      expect(CODE_INFO[n].text['zh-CN'].length).toBeGreaterThan(0);
      expect(CODE_INFO[n].text.en.length).toBeGreaterThan(0);
      expect(codeName(Codes[n])).toBe(n);
    }
  });

  it('describes codes it does not know instead of showing nothing', () => {
    expect(codeText(123456, 'en')).toContain('123456');
    expect(codeText(123456, 'zh-CN')).toContain('123456');
    expect(codeText(Codes.RATE_LIMITED, 'en')).toMatch(/try again/);
  });
});
