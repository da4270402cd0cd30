import type { FieldErrors } from '../kit/form.js';

/**
 * The sign-in and first-run forms, bound to auth.login and setup.init (kit/form): the endpoints'
 * own schemas decide what is wrong, so neither form sends what the server would refuse. Both are
 * sent through the bridge (main makes the call and keeps the tokens), not as plain calls.
 */

/** A password is what was typed, spaces and all: it is not trimmed like the other texts. */
const asTyped = (d: { password: string }) => d.password;

/** Sign-in: the account (phone or name) and its password; the account may come filled in. */
export function signInForm(account = '') {
  return {
    endpoint: 'auth.login' as const,
    name: 'login',
    texts: 'auth.login',
    initial: { account, password: '' },
    parse: { password: asTyped },
  };
}

/** What the first run creates: the first super-admin, or the demo data. */
export type FirstRunMode = 'super' | 'demo';

export interface FirstRunDraft {
  mode: FirstRunMode;
  phone: string;
  name: string;
  password: string;
  /** The password typed again: checked here, never sent. */
  confirm: string;
}

/** The fields the operator types for the first super-admin, in the order they are shown. */
export const FIRST_RUN_FIELDS = ['phone', 'name', 'password', 'confirm'] as const;

const FIRST_RUN_TEXTS = 'firstRun.fields';

/** The super-admin's fields are sent only for the super-admin: the demo data takes none. */
const forSuper = (d: FirstRunDraft, value: string) => (d.mode === 'super' ? value : undefined);

/**
 * The first run (setup.init): the contract's superRefine says which fields each mode needs; the
 * console adds the repeated password, which only a person typing needs.
 */
export function firstRunForm() {
  const initial: FirstRunDraft = { mode: 'super', phone: '', name: '', password: '', confirm: '' };
  return {
    endpoint: 'setup.init' as const,
    name: 'first-run',
    texts: FIRST_RUN_TEXTS,
    initial,
    parse: {
      phone: (d: FirstRunDraft) => forSuper(d, d.phone.trim()),
      name: (d: FirstRunDraft) => forSuper(d, d.name.trim()),
      password: (d: FirstRunDraft) => forSuper(d, d.password),
    },
    refine: (errors: FieldErrors<keyof FirstRunDraft>, d: FirstRunDraft) =>
      d.mode === 'super' && !errors.password && d.confirm !== d.password
        ? { ...errors, confirm: `${FIRST_RUN_TEXTS}.confirm.invalid` }
        : errors,
  };
}
