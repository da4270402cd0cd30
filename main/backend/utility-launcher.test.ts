import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { EMBEDDED_KEY_HEADER } from '../../shared/constants.js';
import { createLogger, routeConsole } from '../logging/logger.js';
import { openRotatingFile } from '../logging/rotating-file.js';

/** The desktop app's launcher with Electron's utilityProcess stubbed: what the worker is given. */
const hoisted = vi.hoisted(() => ({
  forks: [] as {
    args: string[];
    env: Record<string, string>;
    stdio: unknown;
    posted: unknown[];
    stdout: PassThrough;
    stderr: PassThrough;
  }[],
}));
vi.mock('electron', () => ({
  utilityProcess: {
    fork(_path: string, args: string[], options: { env: Record<string, string>; stdio: unknown }) {
      // Called during a test, when the module's imports are there.
      const [stdout, stderr] = [new PassThrough(), new PassThrough()];
      const posted: unknown[] = [];
      hoisted.forks.push({ args, env: options.env, stdio: options.stdio, posted, stdout, stderr });
      const port = 41000 + hoisted.forks.length;
      const listeners: ((m: unknown) => void)[] = [];
      const say = (m: unknown) => listeners.forEach((l) => l(m));
      // As server/worker.ts: it asks for the key, and is ready only once it has one.
      setTimeout(() => say({ type: 'needsLaunchKey' }), 0);
      const postMessage = (m: unknown) => {
        posted.push(m);
        if ((m as { type?: string }).type === 'launchKey') setTimeout(() => say({ type: 'ready', port }), 0);
      };
      return {
        pid: 7,
        stdout,
        stderr,
        on: (event: string, l: (m: unknown) => void) => void (event === 'message' && listeners.push(l)),
        once: () => undefined,
        postMessage,
        kill: () => undefined,
      };
    },
  },
}));

const { createUtilityProcessLauncher } = await import('./utility-launcher.js');

describe('the desktop app’s backend launcher', () => {
  it('starts a first run, never the demo data, and gives the worker its key over the port, not in its environment', async () => {
    const launcher = createUtilityProcessLauncher('/app/dist-electron/backend.js', {
      dataDir: '/data/backend',
    });
    const one = await launcher.start();
    const two = await launcher.start();
    const [a, b] = hoisted.forks;
    expect(a!.args).toEqual(['--data', '/data/backend', '--launch-key-from-parent', '--first-run']);
    const keyOne = one.headers[EMBEDDED_KEY_HEADER]!;
    const keyTwo = two.headers[EMBEDDED_KEY_HEADER]!;
    expect(keyOne).toMatch(/^[\w-]{43}$/);
    // The worker asked, and got this start's key over the port: the one main then sends.
    expect(a!.posted).toEqual([{ type: 'launchKey', key: keyOne }]);
    expect(b!.posted).toEqual([{ type: 'launchKey', key: keyTwo }]);
    // Nowhere in its environment or on its command line.
    for (const w of [a!, b!]) {
      const everything = [...Object.keys(w.env), ...Object.values(w.env), ...w.args].join('\n');
      expect(everything).not.toContain(keyOne);
      expect(everything).not.toContain(keyTwo);
      expect(Object.keys(w.env)).not.toContain('GAMEOPS_LAUNCH_KEY');
    }
    // A new key for every start.
    expect(keyOne).not.toBe(keyTwo);
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
