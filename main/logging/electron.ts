import { join } from 'node:path';
import { createLogger, routeConsole, type Logger } from './logger.js';
import { openRotatingFile } from './rotating-file.js';

/**
 * The desktop app's log: <user data>/logs/main.log (1 MiB each, 5 files), everything main writes
 * to the console included, redacted. The terminal still shows it in development.
 */
export function startMainLog(userData: string, echo: boolean): Logger {
  const logger = createLogger(openRotatingFile({ dir: join(userData, 'logs'), name: 'main' }));
  routeConsole(logger, console, echo);
  return logger;
}
