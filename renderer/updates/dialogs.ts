import { Classes } from '@blueprintjs/core';

/**
 * Open dialogs, as main needs to know them: it never restarts into an update while an operator
 * is in the middle of one (a reason half typed, a form not saved). Every Blueprint dialog counts
 * (the kit's, the features', alerts), found in the page itself so no dialog has to register;
 * dialogs with the class RESTART_SAFE (the update dialog, the About box) hold nothing to lose.
 */
export const RESTART_SAFE = 'restart-safe';

export function countOpenDialogs(root: ParentNode): number {
  let n = 0;
  for (const el of root.querySelectorAll(`.${Classes.DIALOG}`)) {
    if (!el.closest(`.${RESTART_SAFE}`)) n += 1;
  }
  return n;
}

/** Reports the count to main whenever it changes; returns a function that stops watching. */
export function watchOpenDialogs(doc: Document, report: (open: number) => void): () => void {
  let last = -1;
  const check = () => {
    const n = countOpenDialogs(doc);
    if (n === last) return;
    last = n;
    report(n);
  };
  const observer = new MutationObserver(check);
  observer.observe(doc.body, { childList: true, subtree: true });
  check();
  return () => observer.disconnect();
}
