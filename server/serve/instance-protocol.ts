/**
 * What server/serve/instances.test.ts and its instances (instance-child.ts) say to each other over
 * IPC: apart from the child, so that importing it does not start a backend.
 */

export type ToInstance = { type: 'leading?' } | { type: 'raise'; orderId: string };
export type FromInstance =
  | { type: 'ready'; url: string }
  | { type: 'leading'; leading: boolean }
  | { type: 'raised'; orderId: string; raised: boolean };

/** Seconds between attempts to take the checks over (the test's bound is built on it). */
export const LEADER_RETRY_SEC = 1;
