import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { EMBEDDED_KEY_ENV, EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import { createLogger, routeConsole } from '../logging/logger.js';
import { openRotatingFile } from '../logging/rotating-file.js';

/** The desktop app's launcher with Electron's utilityProcess stubbed: what the worker is given. */
const hoisted = vi.hoisted(() => ({
  forks: [] as {
    args: string[];
    env: Record<string, string>;
    stdio: unknown;
    stdout: PassThrough;
    stderr: PassThrough;
  }[],
}));
vi.mock('electron', () => ({
  utilityProcess: {
    fork(_path: string, args: string[], options: { env: Record<string, string>; stdio: unknown }) {
      // Called during a test, when the module's imports are there.
      const [stdout, stderr] = [new PassThrough(), new PassThrough()];
      hoisted.forks.push({ args, env: options.env, stdio: options.stdio, stdout, stderr });
      const listeners: ((m: unknown) => void)[] = [];
      setTimeout(() => listeners.forEach((l) => l({ type: 'ready', port: 41000 + hoisted.forks.length })), 0);
      return {
        pid: 7,
        stdout,
        stderr,
        on: (event: string, l: (m: unknown) => void) => void (event === 'message' && listeners.push(l)),
        once: () => undefined,
        postMessage: () => undefined,
        kill: () => undefined,
      };
    },
  },
}));

const { createUtilityProcessLauncher } = await import('./utility-launcher.js');

describe('the desktop app’s backend launcher', () => {
  it('starts a first run, never the demo data, and sends the key it put in the worker’s environment', async () => {
    const launcher = createUtilityProcessLauncher('/app/dist-electron/backend.js', {
      dataDir: '/data/backend',
    });
    const one = await launcher.start();
    const two = await launcher.start();
    const [a, b] = hoisted.forks;
    expect(a!.args).toEqual(['--data', '/data/backend', '--first-run']);
    expect(one.headers).toEqual({ [EMBEDDED_KEY_HEADER]: a!.env[EMBEDDED_KEY_ENV] });
    expect(two.headers).toEqual({ [EMBEDDED_KEY_HEADER]: b!.env[EMBEDDED_KEY_ENV] });
    // A new key for every start.
    expect(a!.env[EMBEDDED_KEY_ENV]).not.toBe(b!.env[EMBEDDED_KEY_ENV]);
    expect(one.url).toBe('http://127.0.0.1:41001');
  });
});

describe('the backend worker’s output', () => {
  it('goes to main’s log file, line by line at its level, redacted', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gameops-worker-log-'));
    const file = openRotatingFile({ dir });
    const undo = routeConsole(createLogger(file));
    try {
      await createUtilityProcessLauncher('/app/dist-electron/backend.js', { dataDir: '/data/b' }).start();
      const w = hoisted.forks.at(-1)!;
      expect(w.stdio).toBe('pipe');
      // The worker's Fastify log (pino JSON lines), split across writes as a pipe may split it.
      w.stdout.write(
        '{"level":40,"msg":"payment notice badSignature","authorization":"Basic dXNlcjpwYXNz"}\n{"lev',
      );
      w.stdout.write('el":30,"msg":"sign-in","password":"hunter2"}\n');
      w.stderr.write('backend worker: Error: login failed for 13800000009 with Authorization: Bearer abc');
      w.stderr.end();
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      undo();
    }
    const text = await readFile(file.path, 'utf8');
    await rm(dir, { recursive: true, force: true });
    expect(text).toMatch(/\[warn\] \[backend\] \{"level":40,"msg":"payment notice badSignature"/);
    expect(text).toMatch(/\[info\] \[backend\] \{"level":30,"msg":"sign-in"/);
    expect(text).toMatch(/\[error\] \[backend\] backend worker: Error: login failed for/);
    expect(text).not.toMatch(/dXNlcjpwYXNz|hunter2|13800000009|Bearer abc/);
  });
});
