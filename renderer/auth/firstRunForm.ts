import { setupInitSchema, type SetupInit } from '../../shared/api/setup.js';
import { operatorNameSchema, passwordSchema, phoneSchema } from '../../shared/api/users.js';
import { isCleanText } from '../../shared/api/text.js';
import type { FieldIssue } from '../../shared/envelope.js';

/**
 * The first run's "create the first super-admin" form: checked by the contract's own rules (the
 * ones users.create applies) before anything is sent, plus the repeated password, which only a
 * person typing needs.
 */

export interface FirstRunValues {
  phone: string;
  name: string;
  password: string;
  confirm: string;
}

export type FirstRunField = keyof FirstRunValues;
export const FIRST_RUN_FIELDS: readonly FirstRunField[] = ['phone', 'name', 'password', 'confirm'];

export type FirstRunErrors = Partial<Record<FirstRunField, string>>;

/** The catalogue key of each field's message. */
export const firstRunInvalidKey = (field: FirstRunField): string => `firstRun.invalid.${field}`;

export const emptyFirstRun = (): FirstRunValues => ({ phone: '', name: '', password: '', confirm: '' });

const RULES = { phone: phoneSchema, name: operatorNameSchema, password: passwordSchema } as const;

export type FirstRunChecked = { ok: true; input: SetupInit } | { ok: false; errors: FirstRunErrors };

export function checkFirstRun(values: FirstRunValues): FirstRunChecked {
  const errors: FirstRunErrors = {};
  for (const field of ['phone', 'name', 'password'] as const) {
    const value = values[field];
    if (!isCleanText(value) || !RULES[field].safeParse(value).success)
      errors[field] = firstRunInvalidKey(field);
  }
  if (!errors.password && values.confirm !== values.password) errors.confirm = firstRunInvalidKey('confirm');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const input: SetupInit = {
    mode: 'super',
    phone: values.phone.trim(),
    name: values.name.trim(),
    password: values.password,
  };
  // The contract has the last word: never send what the embedded backend would refuse.
  const parsed = setupInitSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'phone' || field === 'name' || field === 'password')
        errors[field] = firstRunInvalidKey(field);
    }
    return { ok: false, errors };
  }
  return { ok: true, input };
}

/** The backend's own field problems (setup.init refused), placed on their fields in its words. */
export function firstRunErrorsFromIssues(
  issues: readonly FieldIssue[],
): Partial<Record<FirstRunField, string>> {
  const out: Partial<Record<FirstRunField, string>> = {};
  for (const { path, message } of issues) {
    const field = path.split('.')[0];
    if (field === 'phone' || field === 'name' || field === 'password') out[field] = message;
  }
  return out;
}

/** The demo data, chosen explicitly: it brings operators whose password is published. */
export const DEMO_SETUP: SetupInit = { mode: 'demo' };
