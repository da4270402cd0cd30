/**
 * A ref that focuses its element when it appears, unless the operator is already in a field: a
 * dialog's first field may appear only after its options load, and must not pull focus away from
 * one the operator has moved to meanwhile.
 */
export function focusWhenIdle(el: HTMLElement | null): void {
  if (!el) return;
  const active = document.activeElement;
  const busy =
    active instanceof HTMLInputElement ||
    active instanceof HTMLSelectElement ||
    active instanceof HTMLTextAreaElement;
  if (!busy) el.focus();
}
