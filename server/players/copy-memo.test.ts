import { describe, expect, it } from 'vitest';
import { CopyMemo } from './copy-memo.js';

describe('the memo of big cached copies', () => {
  const text = (n: number, c = 'a') => `["${c.repeat(n - 4)}"]`;

  it('keeps a copy big enough, as its UTF-8 bytes, under its version', () => {
    const memo = new CopyMemo(1000, 10);
    const bytes = memo.keep('k', 'v1', '["中文 copy"]');
    expect(Buffer.from(bytes ?? []).toString('utf8')).toBe('["中文 copy"]');
    expect(memo.get('k')?.version).toBe('v1');
    expect(memo.size).toEqual({ copies: 1, bytes: Buffer.byteLength('["中文 copy"]') });
  });

  it('does not keep small copies, nor one over the whole budget, and forgets what they replace', () => {
    const memo = new CopyMemo(100, 10);
    memo.keep('k', 'v1', text(20));
    expect(memo.keep('k', 'v2', '[1]')).toBeUndefined();
    expect(memo.get('k')).toBeUndefined();
    memo.keep('k', 'v3', text(20));
    expect(memo.keep('k', 'v4', text(101))).toBeUndefined();
    expect(memo.get('k')).toBeUndefined();
    expect(memo.size).toEqual({ copies: 0, bytes: 0 });
  });

  it('lets the least recently used copies go to stay within its budget', () => {
    const memo = new CopyMemo(100, 10);
    memo.keep('a', '1', text(40));
    memo.keep('b', '1', text(40));
    memo.get('a'); // b is now the least recently used
    memo.keep('c', '1', text(40));
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')?.version).toBe('1');
    expect(memo.get('c')?.version).toBe('1');
    expect(memo.size).toEqual({ copies: 2, bytes: 80 });
  });
});
