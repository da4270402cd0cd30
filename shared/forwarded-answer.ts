/**
 * How the browser host sends an api:call answer it forwards as the service wrote it (main/host):
 * `{ "ok": true, "envelope": <the service's { Status, Data } envelope> }`. Main has parsed that
 * envelope and checked its Data against the endpoint's output schema, and the check changed
 * nothing (no field dropped, none converted), so the text it got is the answer: writing the
 * checked copy out again would only repeat it, at 10 to 30 ms for a heavy player's 2 MB of
 * equipment (issue 23). The bridge in the page reads `Data` out of it; the desktop app's IPC
 * never sees this form.
 */
export const FORWARDED_ENVELOPE = 'envelope';

const isFields = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The Result a forwarded answer stands for; anything else as it is. */
export function resultOfForwarded(body: unknown): unknown {
  if (!isFields(body) || body['ok'] !== true || !(FORWARDED_ENVELOPE in body)) return body;
  const envelope = body[FORWARDED_ENVELOPE];
  return { ok: true, data: isFields(envelope) ? envelope['Data'] : undefined };
}
