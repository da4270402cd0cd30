/**
 * Runs tasks one at a time, in the order they were queued: the session's changes (sign-in
 * storing its tokens, sign-out, a refresh storing its tokens, the end of a session) must never
 * interleave, or a sign-out could be undone by a refresh that finished writing after it.
 */
export interface SerialQueue {
  /** Runs `task` after every task queued before it has settled; a failed task does not stop the queue. */
  run<T>(task: () => Promise<T> | T): Promise<T>;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(task) {
      const result = tail.then(() => task());
      tail = result.catch(() => undefined);
      return result;
    },
  };
}
