/**
 * The request id a backend gives every answer (`X-Request-Id`, and its log lines' `reqId`), and
 * what counts as a plain one: letters, digits and `._:-`, up to 64. The backend keeps a caller's
 * id only when it is plain (anything else would write into its log), and main shows the operator
 * only a plain one (it is pasted into a support request as it is).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function isPlainRequestId(id: unknown): id is string {
  return typeof id === 'string' && PLAIN_ID.test(id);
}
