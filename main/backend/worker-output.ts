/**
 * The backend worker's standard output and error, line by line, to main's console: main routes
 * console.* into its log file through the redactor (main/logging), so what the worker prints (its
 * Fastify log, a crash's stack) lands in the log files, made safe, and still shows in a
 * development terminal. Before, the worker inherited main's stdio and its lines reached neither.
 */

type Level = 'debug' | 'info' | 'warn' | 'error';
type Sink = Pick<Console, Level>;

/** A line longer than this is written in pieces rather than held while it grows. */
const MAX_LINE = 64 * 1024;

/** Pino's numeric levels (the worker's Fastify log is JSON lines): 50 and up are errors, ... */
function levelOf(line: string, stream: 'stdout' | 'stderr'): Level {
  const m = /^\{"level":(\d+)/.exec(line);
  if (!m) return stream === 'stderr' ? 'error' : 'info';
  const n = Number(m[1]);
  return n >= 50 ? 'error' : n >= 40 ? 'warn' : n >= 30 ? 'info' : 'debug';
}

export function forwardWorkerOutput(
  stream: NodeJS.ReadableStream | null | undefined,
  name: 'stdout' | 'stderr',
  sink: Sink = console,
): void {
  if (!stream) return;
  let pending = '';
  const emit = (line: string) => {
    const text = line.replace(/\r$/, '');
    if (text.trim() !== '') sink[levelOf(text, name)]('[backend]', text);
  };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let at = pending.indexOf('\n');
    while (at >= 0) {
      emit(pending.slice(0, at));
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
    while (pending.length > MAX_LINE) {
      emit(pending.slice(0, MAX_LINE));
      pending = pending.slice(MAX_LINE);
    }
  });
  stream.on('end', () => {
    if (pending) emit(pending);
    pending = '';
  });
  // A pipe that breaks as the worker dies must not become an uncaught error in main.
  stream.on('error', () => undefined);
}
