import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../shared/constants.js';

/**
 * What a toast says, as far as its time on screen goes: a plain confirmation ("saved"), a
 * confirmation carrying an id to copy, a result the operator must read (what a repair changed,
 * the name of the file an export wrote), or a failure.
 */
export type ToastKind = { kind: 'success'; copy?: string } | { kind: 'result' } | { kind: 'error' };

/**
 * How long a toast stays (ms; 0 = until dismissed). Only a plain confirmation keeps the spec's
 * 1000 ms; one carrying something to copy (a created entry's id) stays long enough to copy it;
 * a result or a failure stays until the operator dismisses it, so neither can be missed. Every
 * toast also stops its clock while the pointer is over it or it has focus (Blueprint's Toast).
 */
export function toastTimeout(toast: ToastKind): number {
  if (toast.kind === 'error' || toast.kind === 'result') return 0;
  return toast.copy ? TOAST_LONG_TIMEOUT_MS : TOAST_TIMEOUT_MS;
}
