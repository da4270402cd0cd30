import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Every answer carries a request id (`X-Request-Id`), the id its log lines carry too, so support
 * can find the log of a call an operator saw fail (the console shows it beside the error). A
 * caller's own id (a proxy's, a load balancer's) is kept when it is short and plain; anything else
 * would let a client write what it likes into the log, so it gets a new one.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}
