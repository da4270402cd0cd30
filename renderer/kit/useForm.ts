import { useRef, useState, type FormEvent } from 'react';
import { Intent } from '@blueprintjs/core';
import { CallError } from '../bridge/result.js';
import { useRetained } from './gameName.js';
import { errorsAfterChange, errorsFromIssues, type Checked, type FieldErrors } from './form.js';

export interface FormSpec<D extends object, I, F extends string> {
  initial: D;
  /** The fields that can be wrong, by the endpoint input's field names. */
  fields: readonly F[];
  /** The draft as the endpoint's input, or what is wrong (see form.ts). */
  check: (draft: D) => Checked<I, F>;
  /** What a field the server refused is told (a message may depend on the draft: player or IP). */
  invalidKey: (field: F, draft: D) => string;
  /**
   * The fields whose errors a change of `changed` makes stale; by default the changed key's own.
   * A field whose message depends on another (a value said for its kind) lists both.
   */
  clears?: (changed: keyof D) => readonly F[];
  /** Told the fields found wrong, in order, when a submit is refused (by the check or the server). */
  onInvalid?: (errors: FieldErrors<F>) => void;
  /**
   * What a submit waits for before the check, where the check's code comes after the first paint
   * (useDeferredBoundForm): absent, or resolved, the submit checks at once.
   */
  ready?: () => Promise<void>;
}

/**
 * A form's state: the draft, the per-field errors (i18n keys), a note, the failed call and
 * whether one is running. `submit` checks the draft and sends it; a refused call's field details
 * mark their fields, and the failure stays in `error` for the form to show.
 */
export function useForm<D extends object, I, F extends string>(spec: FormSpec<D, I, F>) {
  const [draft, setDraft] = useState<D>(spec.initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const waiting = useRef(false);
  const clears = spec.clears ?? ((k: keyof D) => [k as unknown as F]);

  const change = (patch: Partial<D>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => errorsAfterChange(e, Object.keys(patch) as (keyof D)[], clears));
    setNote(null);
  };

  const reset = () => {
    setDraft(spec.initial);
    setErrors({});
    setNote(null);
    setError(null);
  };

  /** The draft checked: the input to send, or null with the errors shown. */
  const validate = (): I | null => {
    const checked = spec.check(draft);
    if (checked.ok) {
      setErrors({});
      setNote(null);
      return checked.input;
    }
    setErrors(checked.errors);
    setNote(checked.note ?? null);
    spec.onInvalid?.(checked.errors);
    return null;
  };

  /**
   * Runs a call for this form; on a refusal marks the fields it names, then rethrows. The failure
   * is kept for the form to show unless `showsError` is false (a confirmation shows it instead).
   */
  const send = async <R>(call: () => Promise<R>, showsError = true): Promise<R> => {
    const sent = draft;
    setPending(true);
    setError(null);
    try {
      return await call();
    } catch (err) {
      if (err instanceof CallError) {
        const refused = errorsFromIssues(err.details, spec.fields, (f) => spec.invalidKey(f, sent));
        setErrors(refused);
        // A confirmation keeps the focus (its reason); a form moves it to what the server refused.
        if (showsError) spec.onInvalid?.(refused);
      }
      if (showsError) setError(err);
      throw err;
    } finally {
      setPending(false);
    }
  };

  /**
   * Runs `then` once the check can run (`ready`): at once, or after the check's code has come,
   * pending meanwhile; a failure to load it is shown as the form's failure.
   */
  const whenReady = (then: () => void) => {
    if (!spec.ready) return then();
    // A second Enter while the code is on its way would send twice once it came.
    if (waiting.current) return;
    waiting.current = true;
    setPending(true);
    setError(null);
    spec.ready().then(
      () => {
        waiting.current = false;
        setPending(false);
        then();
      },
      (err: unknown) => {
        waiting.current = false;
        setPending(false);
        setError(err);
      },
    );
  };

  /** The form's submit handler: check, then send; a failure is shown by the form, not thrown. */
  const submit = (run: (input: I) => Promise<unknown>) => (e: FormEvent) => {
    e.preventDefault();
    whenReady(() => {
      const input = validate();
      if (input === null) return;
      send(() => run(input)).catch(() => undefined);
    });
  };

  const fieldIntent = (f: F) => (errors[f] ? Intent.DANGER : Intent.NONE);

  return {
    draft,
    change,
    errors,
    setErrors,
    note,
    error,
    pending,
    reset,
    validate,
    whenReady,
    send,
    submit,
    fieldIntent,
  };
}

export type FormState = ReturnType<typeof useForm>;

/**
 * A form whose reason is taken in a confirmation: submit checks the draft and opens the
 * confirmation with the checked input (`shown` keeps it while the dialog closes); confirming
 * sends it with the reason. A failure is shown in the confirmation, which stays open.
 */
export function useConfirmedForm<D extends object, I extends object, F extends string, R>(
  spec: FormSpec<D, I, F> & { send: (input: I & { reason: string }) => Promise<R> },
) {
  const form = useForm(spec);
  const [confirming, setConfirming] = useState<I | null>(null);
  const shown = useRetained(confirming);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    form.whenReady(() => {
      const input = form.validate();
      if (input !== null) setConfirming(input);
    });
  };

  const confirm = async (reason: string): Promise<R | undefined> => {
    if (!shown) return undefined;
    return form.send(() => spec.send({ ...shown, reason }), false);
  };

  return { ...form, confirming, shown, cancel: () => setConfirming(null), onSubmit, confirm };
}
