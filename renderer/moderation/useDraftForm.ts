import { useState, type FormEvent } from 'react';
import { Intent } from '@blueprintjs/core';
import { CallError } from '../bridge/result.js';
import { useRetained } from './labels.js';
import { errorsFromIssues, type Checked, type FieldErrors } from './moderationForms.js';

/**
 * A moderation form's draft and its field errors (i18n keys). A change clears the errors of the
 * fields it touches (`clears` says which: some changes make other fields' errors stale too).
 * `send` runs a call; when the server refuses fields (VALIDATION details) it marks them, and the
 * failure still goes on to the confirmation dialog, which shows it.
 */
export function useDraftForm<D extends object, F extends string>(
  initial: D,
  fields: readonly F[],
  clears: (changed: keyof D) => readonly F[],
) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});

  const change = (patch: Partial<D>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as (keyof D)[]) for (const f of clears(k)) delete next[f];
      return next;
    });
  };

  const reset = () => {
    setDraft(initial);
    setErrors({});
  };

  const send = async <R>(call: () => Promise<R>, keyOf: (field: F) => string): Promise<R> => {
    try {
      return await call();
    } catch (err) {
      if (err instanceof CallError) setErrors(errorsFromIssues(err.details, fields, keyOf));
      throw err;
    }
  };

  const fieldIntent = (f: F) => (errors[f] ? Intent.DANGER : Intent.NONE);

  return { draft, change, errors, setErrors, reset, send, fieldIntent };
}

/**
 * A create page's form: checked on submit by the endpoint's own schema (`check`), then confirmed
 * with a reason in a dialog that names what will be created (`shown`), then sent.
 */
export function useCreateForm<D extends object, I extends object, F extends string>({
  initial,
  fields,
  clears,
  check,
  invalidKey,
  create,
}: {
  initial: D;
  fields: readonly F[];
  clears: (changed: keyof D) => readonly F[];
  check: (draft: D) => Checked<I, F>;
  /** What a field the server refused is told, for the input that was sent. */
  invalidKey: (field: F, input: I) => string;
  create: (input: I & { reason: string }) => Promise<unknown>;
}) {
  const form = useDraftForm(initial, fields, clears);
  const [confirming, setConfirming] = useState<I | null>(null);
  const shown = useRetained(confirming);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const checked = check(form.draft);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.setErrors({});
    setConfirming(checked.input);
  };

  const confirm = async (reason: string) => {
    if (!shown) return;
    await form.send(
      () => create({ ...shown, reason }),
      (f) => invalidKey(f, shown),
    );
  };

  return { ...form, confirming, shown, cancel: () => setConfirming(null), onSubmit, confirm };
}
