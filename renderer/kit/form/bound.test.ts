import { describe, expect, it } from 'vitest';
import { errorsFromIssues } from '../form.js';
import { candidateOf, checkBound, fieldsOf, invalidKeyOf, isRequired, type BoundSpec } from './bound.js';

type BanDraft = { heroId: string; playerId: string; note?: string };

const ban = {
  endpoint: 'bannedHeroes.ban',
  name: 'ban',
  texts: 'moderation.bannedHeroes.fields',
  initial: { heroId: '', playerId: '' },
  fixed: { game: 'lw' },
  parse: {
    heroId: (d: BanDraft) => (d.heroId === '' ? 0 : Number(d.heroId)),
    playerId: (d: BanDraft) => d.playerId.trim() || undefined,
  },
  reasonLater: true,
} satisfies BoundSpec<'bannedHeroes.ban', BanDraft>;

const special = {
  endpoint: 'specialUsers.create',
  name: 'special',
  texts: 'moderation.specialUsers.fields',
  initial: { playerId: '', category: '', note: '' },
  fixed: { game: 'lw' },
} satisfies BoundSpec<'specialUsers.create', { playerId: string; category: string; note: string }>;

describe('a form bound to an endpoint', () => {
  it('marks a field required when the input schema needs it, optional when it may be left out', () => {
    expect(isRequired('specialUsers.create', 'playerId')).toBe(true);
    expect(isRequired('specialUsers.create', 'category')).toBe(true);
    expect(isRequired('specialUsers.create', 'reason')).toBe(true);
    // A default makes it optional, as `.optional()` does.
    expect(isRequired('specialUsers.create', 'note')).toBe(false);
    expect(isRequired('bannedHeroes.ban', 'playerId')).toBe(false);
    expect(isRequired('bannedHeroes.ban', 'expiresAt')).toBe(false);
    // A part of a field (a price inside a grant) is not the schema's to mark.
    expect(isRequired('specialUsers.create', 'price')).toBe(false);
  });

  it('sends the fixed input and each field as typed (texts trimmed), or as its parse says', () => {
    expect(candidateOf(special, { playerId: ' 77 ', category: 'gm', note: ' hi ' })).toEqual({
      game: 'lw',
      playerId: '77',
      category: 'gm',
      note: 'hi',
    });
    // A parse that gives nothing leaves the field out: the server's default applies.
    expect(candidateOf(ban, { heroId: '7', playerId: '  ' })).toEqual({ game: 'lw', heroId: 7 });
  });

  it("checks the draft by the endpoint's schema, each wrong field told by the feature's texts", () => {
    expect(checkBound(special, { playerId: 'x7', category: '', note: 'n'.repeat(201) })).toEqual({
      ok: false,
      errors: {
        playerId: 'moderation.specialUsers.fields.playerId.invalid',
        category: 'moderation.specialUsers.fields.category.invalid',
        note: 'moderation.specialUsers.fields.note.invalid',
      },
    });
    expect(checkBound(special, { playerId: '77', category: 'gm', note: '' })).toEqual({
      ok: true,
      input: { game: 'lw', playerId: '77', category: 'gm', note: '' },
    });
  });

  it('applies the contract text rule to every field, as the server does', () => {
    expect(checkBound(special, { playerId: '77', category: 'gm', note: 'a\u0000b' })).toEqual({
      ok: false,
      errors: { note: 'moderation.specialUsers.fields.note.invalid' },
    });
  });

  it('asks for the reason unless the confirmation takes it', () => {
    const withReason = { ...special, initial: { ...special.initial, reason: '' } };
    const draft = { playerId: '77', category: 'gm', note: '', reason: '' };
    expect(checkBound(withReason, draft)).toEqual({
      ok: false,
      errors: { reason: 'moderation.specialUsers.fields.reason.invalid' },
    });
    expect(checkBound({ ...withReason, reasonLater: true }, draft).ok).toBe(true);
  });

  it("says a field's error the form's way where it depends on the draft, and adds what the schema cannot", () => {
    const spec = {
      ...special,
      invalid: (f: string, d: { category: string }) =>
        f === 'playerId' ? `special.player.${d.category || 'none'}` : undefined,
      refine: (errors: Record<string, string>, d: { note: string }) =>
        d.note === 'twice' ? { ...errors, note: 'special.noteTwice' } : errors,
    };
    expect(checkBound(spec, { playerId: 'x', category: 'gm', note: 'twice' })).toEqual({
      ok: false,
      errors: { playerId: 'special.player.gm', note: 'special.noteTwice' },
    });
  });

  it("marks the fields a server's refusal names, by the same texts, and ignores the rest", () => {
    const fields = fieldsOf(ban);
    expect(fields).toEqual(['heroId', 'playerId']);
    const refused = errorsFromIssues(
      [
        { path: 'playerId', message: 'no such player' },
        { path: 'heroId.0', message: 'unknown hero' },
        { path: 'reason', message: 'too short' },
        { path: '(body)', message: 'x' },
      ],
      fields,
      (f) => invalidKeyOf(ban, f, ban.initial),
    );
    expect(refused).toEqual({
      heroId: 'moderation.bannedHeroes.fields.heroId.invalid',
      playerId: 'moderation.bannedHeroes.fields.playerId.invalid',
    });
  });

  it('holds back a draft with nothing to send by its note, beside any wrong field', () => {
    const draft = { playerId: '', category: 'gm', note: '', reason: 'checked by hand' };
    const spec = {
      ...special,
      initial: draft,
      note: (candidate: Record<string, unknown>) => (candidate.playerId ? undefined : 'nothing.to.send'),
    } satisfies BoundSpec<'specialUsers.create', typeof draft>;
    const empty = checkBound(spec, draft);
    expect(empty).toMatchObject({ ok: false, note: 'nothing.to.send' });
    expect(checkBound(spec, { ...draft, reason: '' })).toMatchObject({
      ok: false,
      errors: { reason: 'moderation.specialUsers.fields.reason.invalid' },
      note: 'nothing.to.send',
    });
    expect(checkBound(spec, { ...draft, playerId: '77' }).ok).toBe(true);
  });
});
