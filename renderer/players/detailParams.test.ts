import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/games.js';
import { FIRST_TAB } from '../../shared/player-tabs.js';
import { isPlayerId, resolveTab } from './detailParams.js';

describe('player detail params', () => {
  it('opens the first tab when the URL names none', () => {
    expect(resolveTab('ymmj', undefined)).toBe(FIRST_TAB);
    expect(GAMES.atomicwar.playerTabs[0]).toBe(FIRST_TAB);
  });

  it("accepts only the game's own tabs", () => {
    expect(resolveTab('ymmj', 'equipment')).toBe('equipment');
    expect(resolveTab('atomicwar', 'equipment')).toBeUndefined();
    expect(resolveTab('atomicwar', 'emoji')).toBe('emoji');
    expect(resolveTab('party', 'emoji')).toBeUndefined();
    expect(resolveTab('lw', 'nonsense')).toBeUndefined();
  });

  it('takes player ids of 1 to 20 digits', () => {
    expect(isPlayerId('76561198000000001')).toBe(true);
    expect(isPlayerId('')).toBe(false);
    expect(isPlayerId('12a')).toBe(false);
    expect(isPlayerId('1'.repeat(21))).toBe(false);
  });
});
