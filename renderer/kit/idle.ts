/**
 * Runs `task` when the main thread is next idle (at the latest after `timeoutMs`; where there is
 * no idle callback, after a short pause). Returns what cancels it: an effect's cleanup.
 */
export function onIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(task, 200);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(task, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}
