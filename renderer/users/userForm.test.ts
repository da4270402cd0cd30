import { describe, expect, it } from 'vitest';
import { errorsFromIssues } from '../kit/form.js';
import { checkBound, fieldsOf } from '../kit/form/bound.js';
import { isReasonValid } from '../components/reason.js';
import {
  emptyForm,
  formFromOperator,
  invalidKey,
  newUserForm,
  userChangeForm,
  type UserFormValues,
} from './userForm.js';
import type { Operator } from '../../shared/api/users.js';

const validateCreate = (v: UserFormValues) => checkBound(newUserForm(), v);
const validateUpdate = (v: UserFormValues, op: Operator) => checkBound(userChangeForm(op), v);

const good: UserFormValues = {
  ...emptyForm(),
  phone: ' 13800000001 ',
  name: 'Li Lei',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  roles: ['ADMIN', 'YMMJ'],
};

const operator: Operator = {
  id: 1,
  phone: '13800000001',
  name: 'Li Lei',
  first_name: 'Lei',
  avatar: '',
  bio: 'ops',
  roles: ['ADMIN'],
  disabled: false,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-01T00:00:00Z',
  lastLoginAt: null,
};

describe('validateCreate', () => {
  it('accepts a complete form and trims it', () => {
    const r = validateCreate(good);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.input.phone).toBe('13800000001');
      expect(r.input).not.toHaveProperty('reason');
    }
  });

  it('points at every wrong field with its catalogue key', () => {
    const r = validateCreate({
      ...emptyForm(),
      phone: '12',
      name: 'x',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors).toEqual({
        phone: 'users.fields.phone.invalid',
        name: 'users.fields.name.invalid',
        password: 'users.fields.password.invalid',
        confirmPassword: 'users.fields.confirmPassword.invalid',
        roles: 'users.fields.roles.invalid',
      });
  });

  it('keeps an optional reason when given', () => {
    const r = validateCreate({ ...good, reason: ' new hire ' });
    expect(r.ok && r.input.reason).toBe('new hire');
  });

  it('sends the password as typed: its spaces are part of it', () => {
    const r = validateCreate({ ...good, password: ' correct-horse ', confirmPassword: ' correct-horse ' });
    expect(r.ok && r.input.password).toBe(' correct-horse ');
  });
});

describe('validateUpdate', () => {
  it('sends only what changed, with the reason', () => {
    const v = {
      ...formFromOperator(operator),
      roles: ['ADMIN', 'LORDWAR'] as UserFormValues['roles'],
      reason: 'moved to lw',
    };
    const r = validateUpdate(v, operator);
    expect(r).toEqual({
      ok: true,
      input: { phone: '13800000001', roles: ['ADMIN', 'LORDWAR'], reason: 'moved to lw' },
    });
  });

  it('says when nothing changed', () => {
    expect(validateUpdate({ ...formFromOperator(operator), reason: 'x' }, operator)).toEqual({
      ok: false,
      errors: {},
      note: 'users.edit.nothingChanged',
    });
  });

  it('ignores role order', () => {
    const op = { ...operator, roles: ['ADMIN', 'YMMJ'] as Operator['roles'] };
    const v = { ...formFromOperator(op), roles: ['YMMJ', 'ADMIN'] as UserFormValues['roles'] };
    expect(validateUpdate(v, op)).toMatchObject({ note: 'users.edit.nothingChanged' });
  });

  it('requires a reason and a matching new password', () => {
    const r = validateUpdate(
      { ...formFromOperator(operator), disabled: true, password: 'new-password-1', confirmPassword: 'nope' },
      operator,
    );
    expect(r).toEqual({
      ok: false,
      errors: {
        reason: 'users.fields.reason.invalid',
        confirmPassword: 'users.fields.confirmPassword.invalid',
      },
    });
  });

  it('can disable without touching the password', () => {
    const r = validateUpdate(
      { ...formFromOperator(operator), disabled: true, reason: 'left the team' },
      operator,
    );
    expect(r).toEqual({
      ok: true,
      input: { phone: operator.phone, disabled: true, reason: 'left the team' },
    });
  });
});

describe('helpers', () => {
  it('maps server field issues to form fields', () => {
    expect(
      errorsFromIssues(
        [
          { path: 'phone', message: 'taken' },
          { path: '(body)', message: 'x' },
        ],
        fieldsOf(newUserForm()),
        invalidKey,
      ),
    ).toEqual({
      phone: 'users.fields.phone.invalid',
    });
  });

  it('checks a destructive reason by the endpoint rule', () => {
    expect(isReasonValid(' a ')).toBe(false);
    expect(isReasonValid('left the company')).toBe(true);
  });
});

describe('the operator form texts', () => {
  it('label every field of both forms in both languages', async () => {
    const { flattenKeys } = await import('../i18n/catalogue.js');
    const { loadCatalogue } = await import('../i18n/resources.js');
    for (const lang of ['zh-CN', 'en'] as const) {
      const keys = flattenKeys(await loadCatalogue(lang));
      for (const form of [newUserForm(), userChangeForm(operator)])
        for (const f of Object.keys(form.initial))
          expect(keys.has(`users.fields.${f}.label`), `${lang}: ${f}`).toBe(true);
    }
  });
});
