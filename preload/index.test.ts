import { describe, expect, it, vi } from 'vitest';
import { BRIDGE_GLOBAL, EVENT_CHANNELS, REQUEST_CHANNELS, ipcName } from '../shared/ipc.js';

/** Electron stubbed: what the preload exposes and which channels it touches. */
const hoisted = vi.hoisted(() => {
  type Listener = (event: unknown, ...args: unknown[]) => void;
  const exposed: [string, unknown][] = [];
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ echoed: channel, input })),
    on: vi.fn((channel: string, l: Listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(l);
    }),
    removeListener: vi.fn((channel: string, l: Listener) => void listeners.get(channel)?.delete(l)),
    send: vi.fn(),
    sendSync: vi.fn(),
  };
  return { exposed, listeners, ipcRenderer };
});

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => hoisted.exposed.push([key, api]) },
  ipcRenderer: hoisted.ipcRenderer,
}));

await import('./index.js');
type Bridge = import('../shared/ipc.js').Bridge;
const [key, api] = hoisted.exposed[0] ?? [];
const bridge = api as Bridge;

/** Every function reachable from the exposed object, by path. */
function functionsOf(obj: unknown, prefix = ''): string[] {
  if (!obj || typeof obj !== 'object') return [];
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'function' ? [`${prefix}${k}`] : functionsOf(v, `${prefix}${k}.`),
  );
}

describe('the preload', () => {
  it('exposes exactly the typed bridge, once, under window.gameops', () => {
    expect(hoisted.exposed).toHaveLength(1);
    expect(key).toBe(BRIDGE_GLOBAL);
    expect(functionsOf(api).sort()).toEqual(
      [
        'alerts.list',
        'app.info',
        'app.about',
        'app.openLogs',
        'backend.setup',
        'updates.get',
        'updates.check',
        'updates.install',
        'updates.reportDialogs',
        'menu.showShortcuts',
        'links.take',
        'payServer.get',
        'payServer.signIn',
        'exports.save',
        'exports.cancel',
        'call',
        'on',
        'session.get',
        'session.login',
        'session.logout',
        'settings.get',
        'settings.set',
        'settings.askDevTools',
      ].sort(),
    );
    expect(JSON.stringify(Object.keys(api as object))).not.toMatch(/ipc|invoke|send|require|process/i);
  });

  it('speaks only the contract’s channels', async () => {
    await bridge.session.get();
    await bridge.session.login({ account: 'a', password: 'b' });
    await bridge.session.logout();
    await bridge.settings.get();
    await bridge.settings.set({ language: 'en' });
    await bridge.settings.askDevTools(true);
    await bridge.app.info();
    await bridge.backend.setup({ mode: 'demo' });
    await bridge.app.about();
    await bridge.app.openLogs();
    await bridge.updates.get();
    await bridge.updates.check();
    await bridge.updates.install();
    await bridge.updates.reportDialogs(1);
    await bridge.menu.showShortcuts({ commandPalette: 'mod+p' });
    await bridge.links.take();
    await bridge.alerts.list();
    await bridge.payServer.get();
    await bridge.payServer.signIn();
    await bridge.exports.save({
      id: 'e1',
      fileName: 'users.csv',
      request: {
        endpoint: 'users.list',
        format: 'csv',
        title: 'Users',
        columns: [{ key: 'name', label: 'Name' }],
      },
    });
    await bridge.exports.cancel('e1');
    expect(await bridge.call('users.roles', {})).toEqual({
      echoed: ipcName('api:call'),
      input: { endpoint: 'users.roles', input: {} },
    });
    const used = new Set(hoisted.ipcRenderer.invoke.mock.calls.map((c) => c[0]));
    expect([...used].sort()).toEqual(REQUEST_CHANNELS.map((c) => ipcName(c)).sort());
    expect(hoisted.ipcRenderer.send).not.toHaveBeenCalled();
    expect(hoisted.ipcRenderer.sendSync).not.toHaveBeenCalled();
  });

  it('passes first-run setup input to main as given, where it is validated', async () => {
    hoisted.ipcRenderer.invoke.mockClear();
    const input = { mode: 'super', phone: '13900000001', name: 'root', password: 'a-long-secret' } as const;
    await bridge.backend.setup(input);
    expect(hoisted.ipcRenderer.invoke.mock.calls[0]).toEqual([ipcName('backend:setup'), input]);
  });

  it('passes login input field by field, so extra properties never reach main', async () => {
    hoisted.ipcRenderer.invoke.mockClear();
    await bridge.session.login({ account: 'a', password: 'b', sneaky: 'x' } as never);
    expect(hoisted.ipcRenderer.invoke.mock.calls[0]).toEqual([
      ipcName('session:login'),
      { account: 'a', password: 'b' },
    ]);
  });

  it('delivers event payloads without Electron’s event object, and unsubscribes', () => {
    const got: unknown[][] = [];
    const off = bridge.on('session:expired', (...args: unknown[]) => got.push(args));
    const channel = ipcName('session:expired');
    expect(hoisted.ipcRenderer.on).toHaveBeenCalledWith(channel, expect.any(Function));
    const electronEvent = { sender: hoisted.ipcRenderer, senderId: 0 };
    for (const l of hoisted.listeners.get(channel) ?? [])
      l(electronEvent, { reason: 'expired', message: 'm' });
    expect(got).toEqual([[{ reason: 'expired', message: 'm' }]]);

    off();
    expect(hoisted.listeners.get(channel)?.size).toBe(0);
    for (const l of hoisted.listeners.get(channel) ?? [])
      l(electronEvent, { reason: 'expired', message: 'again' });
    expect(got).toHaveLength(1);
  });

  it('refuses events outside the contract', () => {
    expect(() => bridge.on('ipc:anything' as never, () => undefined)).toThrow(/unknown event/);
    const subscribed = hoisted.ipcRenderer.on.mock.calls.map((c) => c[0]);
    expect(subscribed.every((c) => EVENT_CHANNELS.some((e) => ipcName(e) === c))).toBe(true);
  });
});

describe('the IPC transport', () => {
  it('will not invoke a channel outside the contract', async () => {
    const { createIpcTransport } = await import('./transport.js');
    hoisted.ipcRenderer.invoke.mockClear();
    const t = createIpcTransport(hoisted.ipcRenderer);
    await expect(t.invoke('shell:openExternal' as never, 'file:///')).rejects.toThrow(/unknown channel/);
    expect(hoisted.ipcRenderer.invoke).not.toHaveBeenCalled();
  });
});
