import { describe, expect, it } from 'vitest';
import { identityKey } from './identityKey.js';

describe('identityKey', () => {
  it('is stable for the same object and new for a replaced one', () => {
    const a = [1, 2];
    const b = [1, 2];
    expect(identityKey(a)).toBe(identityKey(a));
    expect(identityKey(b)).not.toBe(identityKey(a));
  });
});
