import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_KEY_ENV } from '../shared/constants.js';

/**
 * The desktop entry (index.ts) with Electron stubbed: what a start with a given environment
 * loads into the window, how it starts the embedded backend, and where it keeps tokens.
 */
const hoisted = vi.hoisted(() => {
  const state = {
    isPackaged: true,
    loaded: [] as string[],
    schemes: [] as unknown[],
    handled: [] as string[],
    forks: [] as { path: string; args: string[]; env: Record<string, string> }[],
    tokenOptions: [] as Record<string, unknown>[],
  };
  class BrowserWindow {
    webContents = { id: 1, on() {}, setWindowOpenHandler() {} };
    once() {}
    on() {}
    show() {}
    isDestroyed() {
      return false;
    }
    async loadURL(url: string) {
      state.loaded.push(url);
    }
    static getAllWindows() {
      return [];
    }
  }
  const noop = () => undefined;
  const electron = {
    app: {
      requestSingleInstanceLock: () => true,
      enableSandbox: noop,
      on: noop,
      whenReady: () => Promise.resolve(),
      get isPackaged() {
        return state.isPackaged;
      },
      getPath: () => '/home/op/.config/GameOps Console',
      getVersion: () => '1.2.3',
      getLocale: () => 'en-US',
      quit: noop,
      exit: noop,
    },
    BrowserWindow,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => void state.schemes.push(...schemes),
      handle: (scheme: string) => void state.handled.push(scheme),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (s: string) => Buffer.from(s),
      decryptString: (b: Buffer) => b.toString(),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: noop },
        setPermissionRequestHandler: noop,
        setPermissionCheckHandler: noop,
      },
    },
    ipcMain: { handle: noop, removeHandler: noop },
    shell: { openExternal: noop },
    utilityProcess: {
      fork(path: string, args: string[], options: { env: Record<string, string> }) {
        state.forks.push({ path, args, env: options.env });
        const listeners: ((m: unknown) => void)[] = [];
        // The stub worker cannot open a database: it says so, as a real worker would.
        setTimeout(() => listeners.forEach((l) => l({ type: 'error', message: 'stub worker' })), 0);
        return {
          pid: 1,
          on: (event: string, l: (m: unknown) => void) => void (event === 'message' && listeners.push(l)),
          once: noop,
          postMessage: noop,
          kill: noop,
        };
      },
    },
  };
  return { state, electron };
});

vi.mock('electron', () => hoisted.electron);
vi.mock('./storage/electron-kv.js', async () => {
  const { createMemoryKv } = await import('./storage/kv.js');
  return { createElectronKv: () => createMemoryKv() };
});
vi.mock('./session/keychain.js', async () => {
  const { createMemoryTokenStore } = await import('./session/token-store.js');
  return {
    openTokenStore: async (options: Record<string, unknown>) => {
      hoisted.state.tokenOptions.push(options);
      return { store: createMemoryTokenStore(), storage: 'memory', fallbackReason: null, reason: null };
    },
  };
});

const saved = process.env['VITE_DEV_SERVER_URL'];
afterEach(() => {
  if (saved === undefined) delete process.env['VITE_DEV_SERVER_URL'];
  else process.env['VITE_DEV_SERVER_URL'] = saved;
  const s = hoisted.state;
  s.loaded.length = s.schemes.length = s.handled.length = s.forks.length = s.tokenOptions.length = 0;
  vi.resetModules();
});

async function launch(opts: { isPackaged: boolean; devServerUrl?: string }): Promise<string> {
  hoisted.state.isPackaged = opts.isPackaged;
  if (opts.devServerUrl === undefined) delete process.env['VITE_DEV_SERVER_URL'];
  else process.env['VITE_DEV_SERVER_URL'] = opts.devServerUrl;
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  await import('./index.js');
  await vi.waitFor(() => expect(hoisted.state.loaded).toHaveLength(1));
  return hoisted.state.loaded[0]!;
}

describe('the desktop app’s start', () => {
  it('loads its own built renderer over app:// when packaged, whatever VITE_DEV_SERVER_URL says', async () => {
    expect(await launch({ isPackaged: true, devServerUrl: 'https://evil.example/phish' })).toBe(
      'app://gameops/index.html',
    );
    expect(hoisted.state.schemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
    expect(hoisted.state.handled).toEqual(['app']);
  });

  it('follows Vite’s dev server only when not packaged', async () => {
    expect(await launch({ isPackaged: false, devServerUrl: 'http://127.0.0.1:5173/' })).toBe(
      'http://127.0.0.1:5173',
    );
    expect(hoisted.state.handled).toEqual([]);
  });

  it('starts its backend as a first run, never with the demo data, with a fresh launch key in its environment', async () => {
    await launch({ isPackaged: true });
    await vi.waitFor(() => expect(hoisted.state.forks).toHaveLength(1));
    const [fork] = hoisted.state.forks;
    expect(fork!.args).toContain('--first-run');
    expect(fork!.args).not.toContain('--demo');
    expect(fork!.args.join(' ')).not.toContain(fork!.env[EMBEDDED_KEY_ENV]!);
    expect(fork!.env[EMBEDDED_KEY_ENV]).toMatch(/^[\w-]{43}$/);
  });

  it('keeps tokens in the keychain, else in a safeStorage file in its data folder', async () => {
    await launch({ isPackaged: true });
    expect(hoisted.state.tokenOptions).toHaveLength(1);
    const options = hoisted.state.tokenOptions[0]!;
    expect(options['preferMemory']).toBeUndefined();
    expect(options['tokenFile']).toBe('/home/op/.config/GameOps Console/tokens.enc');
    const cipher = options['safeStorage'] as { getSelectedStorageBackend?: () => string };
    expect(cipher).toBeDefined();
    expect(typeof cipher.getSelectedStorageBackend).toBe(
      process.platform === 'linux' ? 'function' : 'undefined',
    );
  });
});
