import { afterEach, describe, expect, it, vi } from 'vitest';

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
    protocols: [] as string[],
    menus: [] as unknown[][],
    windowOptions: [] as Record<string, unknown>[],
    exits: [] as number[],
    switches: [] as string[],
    /** Calls of requestSingleInstanceLock: the first thing a start that goes ahead does. */
    locks: 0,
    questions: [] as { buttons: string[] }[],
    /** The button the operator clicks in a native message box. */
    answer: 0,
    ipc: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
    logs: [] as string[],
  };
  class BrowserWindow {
    constructor(options: Record<string, unknown>) {
      state.windowOptions.push(options);
    }
    webContents = { id: 1, on() {}, setWindowOpenHandler() {}, send() {} };
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
      requestSingleInstanceLock: () => (state.locks++, true),
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
      exit: (code: number) => void state.exits.push(code),
      isReady: () => true,
      setAsDefaultProtocolClient: (scheme: string) => void state.protocols.push(scheme),
      commandLine: {
        hasSwitch: (name: string) => state.switches.includes(name),
        removeSwitch: (name: string) => void state.switches.splice(state.switches.indexOf(name) >>> 0, 1),
      },
    },
    dialog: {
      showMessageBox: async (...args: unknown[]) => {
        state.questions.push(args.at(-1) as { buttons: string[] });
        return { response: state.answer };
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => template,
      setApplicationMenu: (menu: unknown[]) => void state.menus.push(menu),
    },
    nativeTheme: { themeSource: 'system', shouldUseDarkColors: false },
    screen: {
      getAllDisplays: () => [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
      getPrimaryDisplay: () => ({ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
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
    ipcMain: {
      handle: (channel: string, h: (event: unknown, input: unknown) => Promise<unknown>) =>
        void state.ipc.set(channel, h),
      removeHandler: noop,
    },
    shell: { openExternal: noop, openPath: async () => '' },
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
vi.mock('./logging/electron.js', () => ({
  // The real log would write under the stub's user-data folder; routing is tested in main/logging.
  startMainLog: (userData: string) => void hoisted.state.logs.push(userData),
}));
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
const savedArgv = [...process.argv];
afterEach(() => {
  if (saved === undefined) delete process.env['VITE_DEV_SERVER_URL'];
  else process.env['VITE_DEV_SERVER_URL'] = saved;
  const s = hoisted.state;
  s.loaded.length = s.schemes.length = s.handled.length = s.forks.length = s.tokenOptions.length = 0;
  s.protocols.length = s.menus.length = s.windowOptions.length = s.exits.length = s.switches.length = 0;
  s.logs.length = 0;
  s.locks = s.questions.length = s.answer = 0;
  s.ipc.clear();
  process.argv = savedArgv;
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
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    ]);
    expect(hoisted.state.handled).toEqual(['app']);
  });

  it('follows Vite’s dev server only when not packaged', async () => {
    expect(await launch({ isPackaged: false, devServerUrl: 'http://127.0.0.1:5173/' })).toBe(
      'http://127.0.0.1:5173',
    );
    expect(hoisted.state.handled).toEqual([]);
  });

  it('starts its backend as a first run, never with the demo data, to ask for its launch key (never in its environment)', async () => {
    await launch({ isPackaged: true });
    await vi.waitFor(() => expect(hoisted.state.forks).toHaveLength(1));
    const [fork] = hoisted.state.forks;
    expect(fork!.args).toContain('--first-run');
    expect(fork!.args).not.toContain('--demo');
    expect(fork!.args).toContain('--launch-key-from-parent');
    expect(Object.keys(fork!.env)).not.toContain('GAMEOPS_LAUNCH_KEY');
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

describe('the desktop app as a desktop app', () => {
  type Item = { id?: string; role?: string; submenu?: Item[] };
  const flat = (items: Item[]): Item[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])]);

  it('logs to its user-data folder, opens gameops:// links, and has a menu without developer tools', async () => {
    await launch({ isPackaged: true });
    expect(hoisted.state.logs).toEqual(['/home/op/.config/GameOps Console']);
    expect(hoisted.state.protocols).toEqual(['gameops']);
    const menu = flat(hoisted.state.menus.at(-1) as Item[]);
    expect(menu.map((i) => i.id)).toEqual(
      expect.arrayContaining(['about', 'settings', 'commandPalette', 'quit']),
    );
    expect(menu.some((i) => i.role === 'toggleDevTools' || i.role === 'reload')).toBe(false);
    expect(hoisted.state.windowOptions[0]).toMatchObject({
      webPreferences: { devTools: false },
      width: 1360,
      height: 860,
      x: 280,
      y: 90,
    });
  });

  it('hands the link it was launched with to the window, through the same checked channel as all IPC', async () => {
    process.argv = [...savedArgv, 'gameops://ymmj/player/76561198100000007'];
    await launch({ isPackaged: true });
    const take = hoisted.state.ipc.get('gameops:links:take')!;
    const fromWindow = { sender: { id: 1 }, senderFrame: { url: 'app://gameops/index.html', parent: null } };
    expect(await take(fromWindow, null)).toEqual({
      path: '/ymmj/steamplayer/76561198100000007',
      refused: null,
    });
    const fromElsewhere = { sender: { id: 2 }, senderFrame: { url: 'https://evil.example/', parent: null } };
    expect(await take(fromElsewhere, null)).toMatchObject({ ok: false });
  });

  it('does not start when packaged and asked for a remote debugging port, refused before anything starts', async () => {
    hoisted.state.switches.push('remote-debugging-port');
    hoisted.state.isPackaged = true;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await import('./index.js');
    // At once, while the module loads: no lock, no log, no scheme, no keychain, no window.
    expect(hoisted.state.exits).toEqual([1]);
    expect(hoisted.state.switches).toEqual([]);
    expect(hoisted.state.locks).toBe(0);
    expect(hoisted.state.logs).toEqual([]);
    expect(hoisted.state.schemes).toEqual([]);
    expect(hoisted.state.tokenOptions).toEqual([]);
    expect(hoisted.state.loaded).toEqual([]);
    expect(hoisted.state.forks).toEqual([]);
  });

  it('lets the window ask for developer tools, and allows them only when the operator confirms natively', async () => {
    await launch({ isPackaged: true });
    const window = { sender: { id: 1 }, senderFrame: { url: 'app://gameops/index.html', parent: null } };
    const set = hoisted.state.ipc.get('gameops:settings:set')!;
    const ask = hoisted.state.ipc.get('gameops:settings:devTools')!;
    // Not through the settings: the window cannot turn them on by itself.
    expect(await set(window, { devTools: true })).toMatchObject({ ok: false });
    expect(hoisted.state.questions).toEqual([]);
    // Declined in the native box: nothing changes.
    expect(await ask(window, { enabled: true })).toMatchObject({ ok: true, data: { devTools: false } });
    expect(hoisted.state.questions).toHaveLength(1);
    hoisted.state.answer = 1;
    expect(await ask(window, { enabled: true })).toMatchObject({ ok: true, data: { devTools: true } });
    expect(hoisted.state.questions[1]!.buttons).toEqual(['Cancel', 'Allow developer tools']);
    // Off again needs no question.
    expect(await ask(window, { enabled: false })).toMatchObject({ ok: true, data: { devTools: false } });
    expect(hoisted.state.questions).toHaveLength(2);
  });
});
