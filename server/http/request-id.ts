import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isPlainRequestId, REQUEST_ID_HEADER } from '../../shared/request-id.js';

/**
 * Every answer carries a request id (`X-Request-Id`), the id its log lines carry too, so support
 * can find the log of a call an operator saw fail (the console shows it beside the error). A
 * caller's own id (a proxy's, a load balancer's) is kept when it is plain (shared/request-id.ts);
 * anything else would let a client write what it likes into the log, so it gets a new one.
 */

export { REQUEST_ID_HEADER };

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return isPlainRequestId(given) ? given : randomUUID();
}
