import { describe, expect, it } from 'vitest';
import { applyPatch, pageOf, pickOne } from './listParams.js';

const params = (s: string) => new URLSearchParams(s);

describe('list params', () => {
  it('read a page number defensively', () => {
    expect(pageOf('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'x', '1e20']) expect(pageOf(bad)).toBe(1);
  });

  it('pick a filter only from its options', () => {
    expect(pickOne('ip', ['player', 'ip'] as const)).toBe('ip');
    expect(pickOne('mac', ['player', 'ip'] as const)).toBeUndefined();
    expect(pickOne(null, ['player', 'ip'] as const)).toBeUndefined();
  });

  it('drop empty values and page 1', () => {
    expect(applyPatch(params('q=a&page=3'), { q: '' }).toString()).toBe('');
    expect(applyPatch(params('q=a&page=3'), { page: 1 }).toString()).toBe('q=a');
    expect(applyPatch(params('q=a'), { page: 4 }).toString()).toBe('q=a&page=4');
  });

  it('go back to the first page when a filter changes', () => {
    expect(applyPatch(params('q=a&page=3'), { q: 'b' }).toString()).toBe('q=b');
    expect(applyPatch(params('status=all&page=3'), { status: 'expired', page: 2 }).toString()).toBe(
      'status=expired&page=2',
    );
  });

  it('keep two lists on one page apart', () => {
    const next = applyPatch(params('q=a&page=2&rpage=5'), { player: '42' }, 'rpage');
    expect(next.toString()).toBe('q=a&page=2&player=42');
  });
});
