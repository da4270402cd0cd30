import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { errorsFromIssues } from '../kit/form.js';
import { checkBound, fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import { NEVER, quickExpiry, typedExpiry, type ExpiryValue } from './expiry.js';
import { banForm } from './BanHeroDialog.js';
import { blacklistForm } from './BlacklistCreatePage.js';
import { specialUserForm } from './SpecialUserCreatePage.js';
import type { BlacklistKind, SpecialCategory } from '../../shared/api/moderation.js';
import type { SpecialGame } from './moderationGames.js';

const NOW = new Date(2026, 4, 10, 9, 30);
const REASON = 'confirmed by the operator';

const checkBan = (game: GameId, d: { heroId: string; playerId: string; expiresAt: ExpiryValue }, now: Date) =>
  checkBound(
    banForm(game, () => now),
    d,
  );
const checkBlacklist = (
  game: GameId,
  d: { kind: BlacklistKind; value: string; expiresAt: ExpiryValue },
  now: Date,
) =>
  checkBound(
    blacklistForm(game, () => now),
    d,
  );
const checkSpecial = (
  game: SpecialGame,
  d: { playerId: string; category: SpecialCategory | ''; note: string },
) => checkBound(specialUserForm(game), d);

describe('ban form', () => {
  it('bans for all players when the player id is empty', () => {
    const r = checkBan('ymmj', { heroId: '7', playerId: '  ', expiresAt: NEVER }, NOW);
    expect(r).toEqual({ ok: true, input: { game: 'ymmj', heroId: 7 } });
  });

  it('sends the player id and the expiry when given, and the server schema takes it', () => {
    const r = checkBan(
      'atomicwar',
      { heroId: '3', playerId: ' 100042 ', expiresAt: quickExpiry('7d', NOW) },
      NOW,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input.playerId).toBe('100042');
    expect(r.input.expiresAt).toMatch(/Z$/);
    expect(ENDPOINTS['bannedHeroes.ban'].input.safeParse({ ...r.input, reason: REASON }).success).toBe(true);
  });

  it('asks for a hero, a well-formed player id and a future expiry', () => {
    const r = checkBan(
      'lw',
      { heroId: '', playerId: 'abc', expiresAt: typedExpiry('2020-01-01T00:00') },
      NOW,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        heroId: 'moderation.bannedHeroes.fields.heroId.invalid',
        playerId: 'moderation.bannedHeroes.fields.playerId.invalid',
        expiresAt: 'moderation.expiry.past',
      },
    });
  });
});

describe('blacklist form', () => {
  it('checks the value by the contract rule of its kind', () => {
    const player = { kind: 'player' as const, expiresAt: NEVER };
    const ip = { kind: 'ip' as const, expiresAt: NEVER };
    expect(checkBlacklist('party', { ...player, value: '123456' }, NOW).ok).toBe(true);
    expect(checkBlacklist('party', { ...player, value: '10.0.0.1' }, NOW)).toEqual({
      ok: false,
      errors: { value: 'moderation.blacklist.fields.value.invalid.player' },
    });
    expect(checkBlacklist('party', { ...ip, value: '10.0.0.1' }, NOW).ok).toBe(true);
    expect(checkBlacklist('party', { ...ip, value: '2001:db8::1' }, NOW).ok).toBe(true);
    expect(checkBlacklist('party', { ...ip, value: '123456' }, NOW)).toEqual({
      ok: false,
      errors: { value: 'moderation.blacklist.fields.value.invalid.ip' },
    });
    expect(checkBlacklist('party', { ...ip, value: '   ' }, NOW).ok).toBe(false);
  });

  it('trims the value and carries the expiry', () => {
    const r = checkBlacklist(
      'ymmj',
      { kind: 'ip', value: ' 203.0.113.7 ', expiresAt: quickExpiry('1d', NOW) },
      NOW,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input).toMatchObject({ game: 'ymmj', kind: 'ip', value: '203.0.113.7' });
    expect(Date.parse(r.input.expiresAt ?? '')).toBeGreaterThan(NOW.getTime());
  });

  it('reports an unreadable expiry', () => {
    const r = checkBlacklist(
      'ymmj',
      { kind: 'ip', value: '203.0.113.7', expiresAt: typedExpiry('', true) },
      NOW,
    );
    expect(r).toEqual({ ok: false, errors: { expiresAt: 'moderation.expiry.invalid' } });
  });

  it('maps the server field issues back to the form, said for the kind', () => {
    expect(
      errorsFromIssues(
        [
          { path: 'value', message: 'an IPv4 or IPv6 address' },
          { path: 'reason', message: 'too short' },
        ],
        fieldsOf(blacklistForm('party')),
        (f) => invalidKeyOf(blacklistForm('party'), f, { kind: 'ip' as const, value: '', expiresAt: NEVER }),
      ),
    ).toEqual({ value: 'moderation.blacklist.fields.value.invalid.ip' });
  });
});

describe('special user form', () => {
  it('needs a player id and a category; the note is optional', () => {
    expect(checkSpecial('lw', { playerId: '77', category: 'streamer', note: '' })).toEqual({
      ok: true,
      input: { game: 'lw', playerId: '77', category: 'streamer', note: '' },
    });
    expect(checkSpecial('lw', { playerId: 'x7', category: '', note: '' })).toEqual({
      ok: false,
      errors: {
        playerId: 'moderation.specialUsers.fields.playerId.invalid',
        category: 'moderation.specialUsers.fields.category.invalid',
      },
    });
  });

  it('refuses a note longer than the contract allows, or one holding a control character', () => {
    expect(checkSpecial('party', { playerId: '77', category: 'gm', note: 'n'.repeat(201) })).toEqual({
      ok: false,
      errors: { note: 'moderation.specialUsers.fields.note.invalid' },
    });
    expect(checkSpecial('party', { playerId: '77', category: 'gm', note: 'a\u0000b' })).toEqual({
      ok: false,
      errors: { note: 'moderation.specialUsers.fields.note.invalid' },
    });
  });
});
