/**
 * A list's filters, view and page live in the URL, so Back, reload and a shared link keep them.
 * These read them defensively: a hand-edited URL falls back to the defaults instead of failing a
 * call. Used by the moderation lists and the player screens alike.
 */

export type ParamPatch = Record<string, string | number | undefined>;

/** The page number in the URL; anything but a (safe) whole number from 1 up is page 1. */
export function pageOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The value when it is one of `options`, else undefined (the filter is off). */
export function pickOne<T extends string>(raw: string | null, options: readonly T[]): T | undefined {
  return raw !== null && (options as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

/**
 * The next search params of one list: empty values and page 1 are dropped (they are the
 * defaults), so equal lists have equal URLs, and a filter change goes back to the first page.
 * `pageKey` names the list's page parameter (a page with two lists has two).
 */
export function applyPatch(prev: URLSearchParams, patch: ParamPatch, pageKey = 'page'): URLSearchParams {
  const next = new URLSearchParams(prev);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || v === '' || (k === pageKey && v === 1)) next.delete(k);
    else next.set(k, String(v));
  }
  const filterChanged = Object.keys(patch).some((k) => k !== pageKey);
  if (filterChanged && !(pageKey in patch)) next.delete(pageKey);
  return next;
}
