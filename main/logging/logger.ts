import { formatLogArgs } from './redact.js';
import type { RotatingFile } from './rotating-file.js';

/**
 * Main's log: every line redacted (redact.ts), stamped and written to the rotating file. Main's
 * own console.* calls are routed here (routeConsole), so code that logs as it always did (the
 * registry's "channel failed", the keychain's fallback warning) ends up in the file, made safe.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** The folder the log files are in (the About box opens it). */
  readonly dir: string;
}

export function createLogger(file: RotatingFile, now: () => number = Date.now): Logger {
  const write = (level: LogLevel, args: readonly unknown[]) => {
    try {
      file.write(`${new Date(now()).toISOString()} [${level}] ${formatLogArgs(args)}`);
    } catch {
      // A full disk or a removed folder must not take the app down with it; the line is lost.
    }
  };
  return {
    dir: file.dir,
    debug: (...a) => write('debug', a),
    info: (...a) => write('info', a),
    warn: (...a) => write('warn', a),
    error: (...a) => write('error', a),
  };
}

type ConsoleLike = Pick<Console, 'log' | 'info' | 'warn' | 'error' | 'debug'>;

/**
 * Sends console.log/info/debug/warn/error to the logger as well. With `echo` (development) the
 * console still prints, redacted too, so a terminal never shows what the file may not hold.
 * Returns a function that puts the console back.
 */
export function routeConsole(logger: Logger, target: ConsoleLike = console, echo = false): () => void {
  const original = {
    log: target.log,
    info: target.info,
    warn: target.warn,
    error: target.error,
    debug: target.debug,
  };
  const route =
    (method: keyof ConsoleLike, level: LogLevel) =>
    (...args: unknown[]) => {
      logger[level](...args);
      if (echo) original[method].call(target, formatLogArgs(args));
    };
  target.log = route('log', 'info');
  target.info = route('info', 'info');
  target.debug = route('debug', 'debug');
  target.warn = route('warn', 'warn');
  target.error = route('error', 'error');
  return () => Object.assign(target, original);
}
