import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '../../shared/api/platformKeys.js';
import { checkCreate, checkUpdate, draftOf, emptyKey } from './keyForm.js';

const KEY: PlatformKey = {
  id: 7,
  game: 'ymmj',
  name: 'Steam Web API',
  platform: 'steamWebApi',
  secretMask: '••••••••WXYZ',
  note: 'build server',
  createdBy: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedBy: 'admin',
  updatedAt: '2026-01-01T00:00:00.000Z',
  secretSetAt: '2026-01-01T00:00:00.000Z',
};

describe('the platform key form', () => {
  it('asks for every field of a new key and names what is wrong', () => {
    const r = checkCreate(emptyKey(''));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['game', 'name', 'platform', 'secret']);
  });

  it('trims what was pasted', () => {
    const r = checkCreate({
      game: 'lw',
      name: ' Key ',
      platform: 'epic',
      secret: '  secret-12345  ',
      note: ' ',
    });
    expect(r).toEqual({
      ok: true,
      input: { game: 'lw', name: 'Key', platform: 'epic', secret: 'secret-12345', note: '' },
    });
  });

  it('sends only what changed, a secret only when one was typed, and nothing at all when nothing did', () => {
    const draft = draftOf(KEY);
    expect(draft.secret).toBe('');
    expect(checkUpdate(KEY, draft)).toEqual({
      ok: false,
      errors: {},
      note: 'platformKeys.form.nothingChanged',
    });
    expect(checkUpdate(KEY, { ...draft, note: 'moved' })).toEqual({
      ok: true,
      input: { game: 'ymmj', keyId: 7, note: 'moved' },
    });
    expect(checkUpdate(KEY, { ...draft, secret: 'new-secret-value' })).toEqual({
      ok: true,
      input: { game: 'ymmj', keyId: 7, secret: 'new-secret-value' },
    });
    const short = checkUpdate(KEY, { ...draft, secret: 'short' });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(Object.keys(short.errors)).toEqual(['secret']);
  });
});
