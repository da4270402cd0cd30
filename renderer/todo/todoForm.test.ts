import { describe, expect, it } from 'vitest';
import { checkBound, fieldsOf, invalidKeyOf, isRequired } from '../kit/form/bound.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { todoForm } from './TodoCreatePage.js';
import { toLocalInput } from './deadline.js';

const OPENED = new Date(2026, 4, 10, 9, 30).getTime();
const HOUR = 60 * 60 * 1000;
const form = todoForm(OPENED, () => OPENED);

describe('the new to-do form', () => {
  it('sends the name and description trimmed and the deadline as an instant', () => {
    const at = toLocalInput(OPENED + 2 * HOUR);
    expect(checkBound(form, { name: ' call back ', desc: ' re: refund ', expireAt: at })).toEqual({
      ok: true,
      input: { name: 'call back', desc: 're: refund', expireAt: new Date(OPENED + 2 * HOUR).toISOString() },
    });
  });

  it('needs a name and a deadline ahead of now; the description is optional', () => {
    expect(fieldsOf(form).map((f) => isRequired(form.endpoint, f))).toEqual([true, false, true]);
    expect(checkBound(form, { name: '  ', desc: '', expireAt: toLocalInput(OPENED - HOUR) })).toEqual({
      ok: false,
      errors: { name: 'todo.fields.name.invalid', expireAt: 'todo.invalid.past' },
    });
    expect(checkBound(form, { name: 'x', desc: 'd'.repeat(501), expireAt: '' })).toEqual({
      ok: false,
      errors: { desc: 'todo.fields.desc.invalid', expireAt: 'todo.fields.expireAt.invalid' },
    });
  });

  it('says every field and its errors in both languages', async () => {
    const zh = flattenKeys(await loadCatalogue('zh-CN'));
    const en = flattenKeys(await loadCatalogue('en'));
    for (const f of fieldsOf(form))
      for (const key of [
        invalidKeyOf(form, f, form.initial),
        `todo.fields.${f}.label`,
        `todo.fields.${f}.help`,
      ])
        expect(zh.has(key) && en.has(key), key).toBe(true);
  });
});
