import { describe, expect, it } from 'vitest';
import { PUBLIC, SIGNED_IN, anyOf, canAccess, withRequired } from './roles.js';

describe('canAccess', () => {
  const gamePage = withRequired(anyOf('ADMIN', 'Service'), 'YMMJ');

  it('lets anyone through public access, signed in or not', () => {
    expect(canAccess([], PUBLIC, false)).toBe(true);
  });

  it('needs a session for signed-in access', () => {
    expect(canAccess(['GUEST'], SIGNED_IN, false)).toBe(false);
    expect(canAccess(['GUEST'], SIGNED_IN, true)).toBe(true);
  });

  it('needs one of anyOf and all of allOf', () => {
    expect(canAccess(['ADMIN', 'YMMJ'], gamePage)).toBe(true);
    expect(canAccess(['Service', 'YMMJ'], gamePage)).toBe(true);
    expect(canAccess(['ADMIN'], gamePage)).toBe(false);
    expect(canAccess(['YMMJ'], gamePage)).toBe(false);
    expect(canAccess(['ADMIN', 'LORDWAR'], gamePage)).toBe(false);
  });

  it('lets SUPER through every role rule', () => {
    expect(canAccess(['SUPER'], gamePage)).toBe(true);
    expect(canAccess(['SUPER'], anyOf('Developer'))).toBe(true);
  });

  it('turns "no role restriction" inside a game into "any role plus the game role"', () => {
    const a = withRequired(SIGNED_IN, 'LORDWAR');
    expect(canAccess(['GUEST', 'LORDWAR'], a)).toBe(true);
    expect(canAccess(['ADMIN'], a)).toBe(false);
  });
});
