import type { FieldIssue } from '../../shared/envelope.js';

/**
 * The form kit's rules that need no schema: what a checked draft is, and a list of issues (the
 * schema's, or a refused call's field details) as the form's field errors, each an i18n key the
 * form chooses (`keyOf`). The schema's own check is form/bound.ts's: this module stays free of the
 * endpoints' table so that a form on the first paint (sign-in) does not bring zod with it.
 */

/** Field -> i18n key of what is wrong with it. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * A checked draft: the input to send, or what is wrong. `note` is an i18n key of a remark that is
 * not a field's fault (nothing has changed, say).
 */
export type Checked<I, F extends string> =
  { ok: true; input: I } | { ok: false; errors: FieldErrors<F>; note?: string };

/** The form fields a list of issues names (each issue's first path segment), in order, once each. */
export function fieldsFromIssues<F extends string>(issues: readonly FieldIssue[], fields: readonly F[]): F[] {
  const named = issues.map((i) => i.path.split('.')[0] ?? '');
  return [...new Set(named)].filter((f): f is F => (fields as readonly string[]).includes(f));
}

/** The form's errors for the fields a list of issues names, each said by `keyOf`. */
export function errorsFromIssues<F extends string>(
  issues: readonly FieldIssue[],
  fields: readonly F[],
  keyOf: (field: F) => string,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const f of fieldsFromIssues(issues, fields)) errors[f] = keyOf(f);
  return errors;
}

/** The input when nothing is wrong, else the errors. */
export function outcome<I, F extends string>(input: I, errors: FieldErrors<F>): Checked<I, F> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/**
 * The errors left after a change: the changed fields' own (and those `clears` names, for fields
 * whose message depends on another) are stale once the operator edits them.
 */
export function errorsAfterChange<D extends object, F extends string>(
  errors: FieldErrors<F>,
  changed: readonly (keyof D)[],
  clears: (changed: keyof D) => readonly F[],
): FieldErrors<F> {
  const next = { ...errors };
  for (const k of changed) for (const f of clears(k)) delete next[f];
  return next;
}
