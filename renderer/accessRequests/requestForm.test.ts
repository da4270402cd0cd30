import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/games.js';
import { emptyRequestForm, suggestedRoles, validateRequest } from './requestForm.js';

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

  it('names every wrong field of an empty form', () => {
    const r = validateRequest(emptyRequestForm());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(['games', 'name', 'password', 'phone', 'why']);
    expect(r.errors.phone).toBe('accessRequests.invalid.phone');
  });

  it('asks for the same password twice', () => {
    const r = validateRequest({ ...good, confirm: 'my-own-passwork' });
    expect(r).toEqual({ ok: false, errors: { confirm: 'accessRequests.invalid.confirm' } });
  });

  it('suggests the roles of the games asked for, once each', () => {
    expect(suggestedRoles(['ymmj', 'lw', 'ymmj'], (g) => GAMES[g].role)).toEqual(['YMMJ', 'LORDWAR']);
  });
});
