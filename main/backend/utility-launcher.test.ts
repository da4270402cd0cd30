import { describe, expect, it, vi } from 'vitest';
import { EMBEDDED_KEY_ENV, EMBEDDED_KEY_HEADER } from '../../shared/constants.js';

/** The desktop app's launcher with Electron's utilityProcess stubbed: what the worker is given. */
const hoisted = vi.hoisted(() => ({
  forks: [] as { args: string[]; env: Record<string, string> }[],
}));
vi.mock('electron', () => ({
  utilityProcess: {
    fork(_path: string, args: string[], options: { env: Record<string, string> }) {
      hoisted.forks.push({ args, env: options.env });
      const listeners: ((m: unknown) => void)[] = [];
      setTimeout(() => listeners.forEach((l) => l({ type: 'ready', port: 41000 + hoisted.forks.length })), 0);
      return {
        pid: 7,
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
