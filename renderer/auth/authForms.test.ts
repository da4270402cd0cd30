import { describe, expect, it } from 'vitest';
import { setupInitSchema } from '../../shared/api/setup.js';
import { checkBound, fieldsOf } from '../kit/form/bound.js';
import { FIRST_RUN_FIELDS, firstRunForm, signInForm } from './authForms.js';

const signIn = signInForm();
const firstRun = firstRunForm();
const good = {
  mode: 'super' as const,
  phone: ' 13800000000 ',
  name: ' root ',
  password: ' a long secret ',
  confirm: ' a long secret ',
};

describe('the sign-in form', () => {
  it('sends the account trimmed and the password as typed', () => {
    expect(checkBound(signIn, { account: ' admin ', password: ' pw ' })).toEqual({
      ok: true,
      input: { account: 'admin', password: ' pw ' },
    });
  });

  it('asks for both, each in its own words, and fills in the account it is given', () => {
    expect(checkBound(signIn, { account: '  ', password: '' })).toEqual({
      ok: false,
      errors: { account: 'auth.login.account.invalid', password: 'auth.login.password.invalid' },
    });
    expect(signInForm('root').initial).toEqual({ account: 'root', password: '' });
  });
});

describe('the first-run form', () => {
  it('shows its fields in order after the choice', () => {
    expect(fieldsOf(firstRun)).toEqual(['mode', ...FIRST_RUN_FIELDS]);
  });

  it('sends the first super-admin as the contract accepts it: texts trimmed, the password as typed', () => {
    const checked = checkBound(firstRun, good);
    expect(checked).toEqual({
      ok: true,
      input: { mode: 'super', phone: '13800000000', name: 'root', password: ' a long secret ' },
    });
    if (checked.ok) expect(setupInitSchema.safeParse(checked.input).success).toBe(true);
  });

  it('says what is wrong with each field, by the users’ rules', () => {
    expect(checkBound(firstRun, firstRun.initial)).toEqual({
      ok: false,
      errors: {
        phone: 'firstRun.fields.phone.invalid',
        name: 'firstRun.fields.name.invalid',
        password: 'firstRun.fields.password.invalid',
      },
    });
    const bad = checkBound(firstRun, {
      ...good,
      phone: '12ab',
      name: 'x',
      password: 'short',
      confirm: 'short',
    });
    expect(bad.ok === false && Object.keys(bad.errors).sort()).toEqual(['name', 'password', 'phone']);
  });

  it('asks for the same password twice', () => {
    expect(checkBound(firstRun, { ...good, confirm: ' a long secreT ' })).toEqual({
      ok: false,
      errors: { confirm: 'firstRun.fields.confirm.invalid' },
    });
  });

  it('refuses control characters, as the contract does for every text', () => {
    expect(checkBound(firstRun, { ...good, name: 'ro\u0000ot' })).toEqual({
      ok: false,
      errors: { name: 'firstRun.fields.name.invalid' },
    });
  });

  it('sends the demo data alone, whatever was typed for a super-admin', () => {
    const checked = checkBound(firstRun, { ...good, mode: 'demo', confirm: 'other' });
    expect(checked).toEqual({ ok: true, input: { mode: 'demo' } });
    if (checked.ok) expect(setupInitSchema.safeParse(checked.input).success).toBe(true);
  });
});
