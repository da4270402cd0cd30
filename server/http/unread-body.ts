import type { IncomingMessage } from 'node:http';

/**
 * A request answered before its body was read (too large, the wrong encoding, no launch key)
 * still has that body on the wire. Answering and closing at once makes the kernel reset the
 * connection while the client is still sending, and the client sees "connection reset" or
 * "broken pipe" instead of our answer. So the rest of the body is read and dropped first, up to
 * a bound: then the answer keeps the connection alive. A body past the bound (or a client that
 * stops sending) gets the answer with `Connection: close`; it may still see a reset, which is the
 * price of not reading gigabytes for nothing.
 */

/** What we read and drop at most, whatever the body limit. */
export const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
/** How long we wait for the rest of a body. */
export const DRAIN_MAX_MS = 5_000;

export type Settled = 'complete' | 'abandoned';

/** Whether the request's body has been read to its end (a request without a body always has). */
export function bodyIsRead(req: IncomingMessage): boolean {
  return req.complete || req.readableEnded;
}

/** Reads and drops the rest of the request's body, within the bounds. */
export function drainBody(
  req: IncomingMessage,
  maxBytes = DRAIN_MAX_BYTES,
  maxMs = DRAIN_MAX_MS,
): Promise<Settled> {
  if (bodyIsRead(req)) return Promise.resolve('complete');
  // Content-Length says up front when a body is past the bound: do not read any of it.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve('abandoned');
  return new Promise((resolve) => {
    let read = 0;
    const finish = (how: Settled) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      if (how === 'abandoned') req.pause();
      resolve(how);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > maxBytes) finish('abandoned');
    };
    const onEnd = () => finish('complete');
    const onAbort = () => finish('abandoned');
    const onClose = () => finish(bodyIsRead(req) ? 'complete' : 'abandoned');
    const timer = setTimeout(() => finish('abandoned'), maxMs);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
    req.resume();
  });
}
