/**
 * Ends a command-line process cleanly on Ctrl-C or a service manager's SIGTERM: close (so the
 * database is flushed and its lock released), then exit 0, or 1 if closing failed. Shared by
 * `npm run server` and `npm run web`.
 */
export function stopOnSignals(close: () => Promise<void>, timeoutMs?: number): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    // A stop that hangs (a request that never ends, a database that does not answer) is cut short.
    if (timeoutMs !== undefined)
      setTimeout(() => {
        console.error(`not stopped within ${timeoutMs} ms: exiting`);
        process.exit(1);
      }, timeoutMs).unref();
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
