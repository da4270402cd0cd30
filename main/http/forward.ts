/**
 * Which Results may go to a browser page as the service's own answer text (shared/forwarded-answer.ts).
 * The API client marks a Result when the service's answer was big and the output check left it as
 * it was; the browser host then sends those bytes instead of serialising the checked copy. Kept
 * beside the Result, not in it: the desktop app's IPC clones the Result and must not carry 2 MB
 * of text it does not use.
 */

/** Answers smaller than this are serialised as usual: forwarding them would save nothing. */
export const FORWARD_MIN_BYTES = 64 * 1024;

const forwardable = new WeakMap<object, Uint8Array>();

/** Marks `result` as answerable with `envelope`: the service's envelope, as UTF-8 bytes. */
export function markForwardable(result: object, envelope: Uint8Array): void {
  forwardable.set(result, envelope);
}

/** The service's envelope `result` may be sent as, if it was marked. */
export function forwardableEnvelope(result: unknown): Uint8Array | undefined {
  return typeof result === 'object' && result !== null ? forwardable.get(result) : undefined;
}

/**
 * Whether two values parsed from JSON (or checked copies of such) are the same JSON: same
 * primitives, arrays of the same length and elements, objects with the same own keys and values.
 * A schema check that dropped a key, filled in a default or converted a value fails this. Written
 * out rather than util.isDeepStrictEqual, which took 8 to 30 ms on 10,000 pieces of equipment
 * against 4 to 6 here: it also compares prototypes, symbols and property descriptors, which JSON
 * does not have.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
    keys++;
  }
  for (const key in y) if (Object.hasOwn(y, key)) keys--;
  return keys === 0;
}
