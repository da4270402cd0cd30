import { describe, expect, it } from 'vitest';
import { setupInitSchema } from '../../shared/api/setup.js';
import { loadCatalogue } from '../i18n/resources.js';
import { flattenKeys } from '../i18n/catalogue.js';
import {
  checkFirstRun,
  DEMO_SETUP,
  emptyFirstRun,
  FIRST_RUN_FIELDS,
  firstRunErrorsFromIssues,
  firstRunInvalidKey,
} from './firstRunForm.js';

const good = { phone: ' 13800000000 ', name: ' root ', password: 'a long secret', confirm: 'a long secret' };

describe('the first super-admin form', () => {
  it('sends what the contract accepts, trimmed', () => {
    const checked = checkFirstRun(good);
    expect(checked).toEqual({
      ok: true,
      input: { mode: 'super', phone: '13800000000', name: 'root', password: 'a long secret' },
    });
    if (checked.ok) expect(setupInitSchema.safeParse(checked.input).success).toBe(true);
  });

  it('says what is wrong with each field, by the users’ rules', () => {
    expect(checkFirstRun(emptyFirstRun())).toEqual({
      ok: false,
      errors: {
        phone: 'firstRun.invalid.phone',
        name: 'firstRun.invalid.name',
        password: 'firstRun.invalid.password',
      },
    });
    const bad = checkFirstRun({ phone: '12ab', name: 'x', password: 'short', confirm: 'short' });
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(['name', 'password', 'phone']);
  });

  it('asks for the same password twice', () => {
    expect(checkFirstRun({ ...good, confirm: 'a long secreT' })).toEqual({
      ok: false,
      errors: { confirm: 'firstRun.invalid.confirm' },
    });
  });

  it('refuses control characters, as the contract does for every text', () => {
    const nul = checkFirstRun({ ...good, name: 'ro\u0000ot' });
    expect(nul).toEqual({ ok: false, errors: { name: 'firstRun.invalid.name' } });
  });

  it('places the backend’s refusals on their fields', () => {
    expect(
      firstRunErrorsFromIssues([
        { path: 'phone', message: 'taken' },
        { path: 'mode', message: 'nope' },
        { path: 'password', message: 'too weak' },
      ]),
    ).toEqual({ phone: 'taken', password: 'too weak' });
  });

  it('chooses the demo data explicitly, as the contract asks', () => {
    expect(setupInitSchema.safeParse(DEMO_SETUP).success).toBe(true);
  });

  it('has a message in both languages for every field', async () => {
    for (const lang of ['en', 'zh-CN'] as const) {
      const keys = flattenKeys(await loadCatalogue(lang));
      for (const f of FIRST_RUN_FIELDS) expect(keys.has(firstRunInvalidKey(f)), `${lang} ${f}`).toBe(true);
    }
  });
});
