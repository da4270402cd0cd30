import type { Timers } from '../services/updater.js';

/**
 * A clock and timers that move only when a test says so: the updater's schedule (first check,
 * every few hours, retries) is asserted as times, never waited for.
 */
export function manualTimers(
  start: number,
): Timers & { advance(ms: number): Promise<void>; pending(): number } {
  let now = start;
  let seq = 0;
  const queue = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    setTimeout(fn, ms) {
      seq += 1;
      queue.set(seq, { at: now + Math.max(0, ms), fn });
      return seq;
    },
    clearTimeout(handle) {
      queue.delete(handle as number);
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...queue].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        now = due[1].at;
        due[1].fn();
        // Let what the timer started get going before the next one fires.
        await new Promise((r) => setImmediate(r));
      }
      now = until;
    },
    pending: () => queue.size,
  };
}
