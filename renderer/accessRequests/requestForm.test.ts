import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/games.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { checkBound, fieldsOf, invalidKeyOf } from '../kit/form/bound.js';
import { approveForm, emptyRequestForm, requestForm, suggestedRoles, takenKey } from './requestForm.js';

const validateRequest = (d: ReturnType<typeof emptyRequestForm>) => checkBound(requestForm(), d);

describe('the access request form', () => {
  const good = {
    name: ' lin-wei ',
    phone: '13911110001',
    games: ['ymmj' as const],
    why: 'I join the events team',
    password: 'my-own-password',
    confirm: 'my-own-password',
  };

  it('sends the trimmed fields, without the confirmation', () => {
    expect(validateRequest(good)).toEqual({
      ok: true,
      input: {
        name: 'lin-wei',
        phone: '13911110001',
        games: ['ymmj'],
        why: 'I join the events team',
        password: 'my-own-password',
      },
    });
  });

  it('sends the password as typed: its spaces are part of it', () => {
    const spaced = { ...good, password: ' my-own-password ', confirm: ' my-own-password ' };
    const r = validateRequest(spaced);
    expect(r.ok && r.input.password).toBe(' my-own-password ');
  });

  it('names every wrong field of an empty form', () => {
    const r = validateRequest(emptyRequestForm());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['games', 'name', 'password', 'phone', 'why']);
    expect(r.errors.phone).toBe('accessRequests.fields.phone.invalid');
  });

  it('asks for the same password twice', () => {
    const r = validateRequest({ ...good, confirm: 'my-own-passwork' });
    expect(r).toEqual({ ok: false, errors: { confirm: 'accessRequests.fields.confirm.invalid' } });
  });

  it('suggests the roles of the games asked for, once each', () => {
    expect(suggestedRoles(['ymmj', 'lw', 'ymmj'], (g) => GAMES[g].role)).toEqual(['YMMJ', 'LORDWAR']);
  });

  it('approves with at least one role', () => {
    const form = approveForm(7, ['YMMJ']);
    expect(checkBound(form, form.initial)).toEqual({ ok: true, input: { id: 7, roles: ['YMMJ'] } });
    expect(checkBound(form, { roles: [] })).toEqual({
      ok: false,
      errors: { roles: 'accessRequests.approveFields.roles.invalid' },
    });
  });
});

describe('the access request texts', () => {
  it('say every field of both forms and what a conflict is about', async () => {
    const zh = flattenKeys(await loadCatalogue('zh-CN'));
    const en = flattenKeys(await loadCatalogue('en'));
    const both = (key: string) => {
      expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
      expect(en.has(key), `en lacks ${key}`).toBe(true);
    };
    const request = requestForm();
    for (const f of fieldsOf(request)) {
      for (const part of ['label', 'help']) both(`${request.texts}.${f}.${part}`);
      both(invalidKeyOf(request, f, request.initial));
    }
    const approve = approveForm(1, []);
    for (const part of ['label', 'help', 'invalid']) both(`${approve.texts}.roles.${part}`);
    both(takenKey('name'));
    both(takenKey('phone'));
  });
});
