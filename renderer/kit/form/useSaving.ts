import { useToasts } from '../../components/Toaster.js';

/** What useSaving needs of a form: useBoundForm's state has it. */
export interface SavingForm<I> {
  pending: boolean;
  reset: () => void;
  validate: () => I | null;
  send: <T>(call: () => Promise<T>) => Promise<T>;
}

/**
 * A form dialog's closing and saving. Closing waits while a call runs, and drops the draft.
 * Saving checks the draft, sends it through `call`, says `done(saved)` in a toast, hands the answer
 * to `onSaved` when given and closes; a failure stays in the form, which shows it and marks the
 * fields the server refused.
 */
export function useSaving<I, R>(
  form: SavingForm<I>,
  onClose: () => void,
  call: (input: I) => Promise<R>,
  done: (saved: R) => string,
  onSaved?: (saved: R) => void,
) {
  const toasts = useToasts();
  const close = () => {
    if (form.pending) return;
    form.reset();
    onClose();
  };
  const save = async () => {
    const input = form.validate();
    if (input === null) return;
    try {
      const saved = await form.send(() => call(input));
      toasts.success(done(saved));
      onSaved?.(saved);
      close();
    } catch {
      // The form shows the failure and the fields the server refused.
    }
  };
  return { close, save };
}
