import { TOAST_LONG_TIMEOUT_MS, TOAST_TIMEOUT_MS } from '../../shared/constants.js';

/** What a toast says, as far as its time on screen goes. */
export type ToastKind = { kind: 'success'; copy?: string } | { kind: 'error' };

/**
 * How long a toast stays (ms; 0 = until dismissed). A short confirmation keeps the spec's 1000 ms;
 * one carrying something to copy (a created entry's id, an order) stays long enough to copy it; a
 * failure stays until the operator dismisses it, so it cannot be missed. Every toast also stops
 * its clock while the pointer is over it or it has focus (Blueprint's Toast does that).
 */
export function toastTimeout(toast: ToastKind): number {
  if (toast.kind === 'error') return 0;
  return toast.copy ? TOAST_LONG_TIMEOUT_MS : TOAST_TIMEOUT_MS;
}
