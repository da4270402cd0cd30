import { describe, expect, it } from 'vitest';
import type { PlatformKey } from '../../shared/api/platformKeys.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { checkBound, fieldsOf, invalidKeyOf, type BoundSpec } from '../kit/form/bound.js';
import type { EndpointId } from '../../shared/api/table.js';
import { keyChangeForm, newKeyForm, type KeyChangeDraft, type KeyDraft } from './keyForm.js';

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

const checkCreate = (draft: KeyDraft) => checkBound(newKeyForm(draft.game), draft);
const checkUpdate = (key: PlatformKey, draft: KeyChangeDraft) => checkBound(keyChangeForm(key), draft);
const REASON = 'the build server moved';

describe('the platform key form', () => {
  it('asks for every field of a new key and names what is wrong', () => {
    const r = checkCreate(newKeyForm('').initial);
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
    const draft = { ...keyChangeForm(KEY).initial, reason: REASON };
    expect(draft.secret).toBe('');
    expect(checkUpdate(KEY, draft)).toEqual({
      ok: false,
      errors: {},
      note: 'platformKeys.form.nothingChanged',
    });
    expect(checkUpdate(KEY, { ...draft, note: 'moved' })).toEqual({
      ok: true,
      input: { game: 'ymmj', keyId: 7, note: 'moved', reason: REASON },
    });
    expect(checkUpdate(KEY, { ...draft, secret: 'new-secret-value' })).toEqual({
      ok: true,
      input: { game: 'ymmj', keyId: 7, secret: 'new-secret-value', reason: REASON },
    });
    const short = checkUpdate(KEY, { ...draft, secret: 'short' });
    expect(short.ok).toBe(false);
    if (!short.ok) expect(Object.keys(short.errors)).toEqual(['secret']);
  });

  it('takes a reason for a change, and says both when the change is empty too', () => {
    const draft = keyChangeForm(KEY).initial;
    expect(checkUpdate(KEY, { ...draft, name: 'Steam key' })).toEqual({
      ok: false,
      errors: { reason: 'confirm.reasonInvalid' },
    });
    expect(checkUpdate(KEY, draft)).toEqual({
      ok: false,
      errors: { reason: 'confirm.reasonInvalid' },
      note: 'platformKeys.form.nothingChanged',
    });
  });

  it('names a wrong field with its own text', () => {
    const r = checkCreate({
      ...newKeyForm('lw').initial,
      name: 'K',
      platform: 'epic',
      secret: 'secret-12345',
    });
    expect(r).toEqual({ ok: false, errors: { name: 'platformKeys.fields.name.invalid' } });
  });

  it('has a label and an error text for every field, in both languages', async () => {
    for (const lang of ['zh-CN', 'en'] as const) {
      const keys = flattenKeys(await loadCatalogue(lang));
      const walk = <E extends EndpointId, D extends object>(form: BoundSpec<E, D>) => {
        for (const f of fieldsOf(form)) {
          expect(keys.has(invalidKeyOf(form, f, form.initial)), `${lang}: ${f}`).toBe(true);
          // The reason's label is the console's own (confirm.reason).
          if (f !== 'reason') expect(keys.has(`platformKeys.fields.${f}.label`), `${lang}: ${f}`).toBe(true);
        }
      };
      walk(newKeyForm(''));
      walk(keyChangeForm(KEY));
    }
  });
});
