import { describe, expect, it, vi } from 'vitest';
import { EVENT_CHANNELS, REQUEST_CHANNELS, ipcName } from '../shared/ipc.js';
import { createEventHub } from './events.js';

const hoisted = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, input: unknown) => Promise<unknown>>(),
  removed: [] as string[],
}));
vi.mock('electron', () => ({
  ipcMain: {
    handle: (name: string, fn: (event: unknown, input: unknown) => Promise<unknown>) => {
      if (hoisted.handlers.has(name)) throw new Error(`second handler for ${name}`);
      hoisted.handlers.set(name, fn);
    },
    removeHandler: (name: string) => {
      hoisted.handlers.delete(name);
      hoisted.removed.push(name);
    },
  },
}));

const { registerIpc, FOREIGN_SENDER_ERROR } = await import('./ipc.js');
const { appLocation } = await import('./security.js');
type ConsoleCore = import('./core.js').ConsoleCore;

const location = appLocation({
  devServerUrl: undefined,
  isPackaged: true,
  rendererDir: '/app/dist/renderer',
});
const appPage = 'app://gameops/index.html#/home';

function setup() {
  const events = createEventHub();
  const dispatch = vi.fn(async (channel: string, input: unknown) => ({ channel, input }));
  const core = { events, dispatch } as unknown as ConsoleCore;
  const sent: [string, unknown][] = [];
  const win = {
    isDestroyed: () => false,
    webContents: { id: 1, send: (c: string, p: unknown) => sent.push([c, p]) },
  };
  const undo = registerIpc(core, () => [win as never], location);
  const invoke = (
    channel: string,
    input: unknown,
    sender: { id?: number; url?: string | null; top?: boolean } = {},
  ) => {
    const { id = 1, url = appPage, top = true } = sender;
    const frame = url === null ? null : { url, parent: top ? null : {} };
    return hoisted.handlers.get(ipcName(channel as never))!({ sender: { id }, senderFrame: frame }, input);
  };
  return { events, dispatch, sent, undo, invoke };
}

describe('IPC glue', () => {
  it('registers exactly one handler per request channel, under the namespaced name', () => {
    const { undo } = setup();
    expect([...hoisted.handlers.keys()].sort()).toEqual(REQUEST_CHANNELS.map((c) => ipcName(c)).sort());
    undo();
    expect(hoisted.handlers.size).toBe(0);
  });

  it('hands our window’s messages to the core, which validates them', async () => {
    const { dispatch, invoke, undo } = setup();
    expect(await invoke('session:login', { account: 'a', password: 'b' })).toEqual({
      channel: 'session:login',
      input: { account: 'a', password: 'b' },
    });
    expect(dispatch).toHaveBeenCalledTimes(1);
    undo();
  });

  it.each([
    ['another webContents', { id: 2 }],
    ['a subframe', { top: false }],
    ['a foreign page', { url: 'https://evil.example/' }],
    ['a frame that is gone', { url: null }],
    ['a file outside the renderer', { url: 'file:///home/op/Downloads/evil.html' }],
    ['the renderer’s own file opened as file://', { url: 'file:///app/dist/renderer/index.html' }],
  ])('refuses %s with a Result error, before the core sees it', async (_what, sender) => {
    const { dispatch, invoke, undo } = setup();
    expect(await invoke('session:get', null, sender)).toEqual(FOREIGN_SENDER_ERROR);
    expect(dispatch).not.toHaveBeenCalled();
    undo();
  });

  it('sends every event to the window on its namespaced channel', () => {
    const { events, sent, undo } = setup();
    events.emit('session:expired', { reason: 'expired', message: 'gone' });
    expect(sent).toEqual([[ipcName('session:expired'), { reason: 'expired', message: 'gone' }]]);
    expect(EVENT_CHANNELS).toContain('session:expired');
    undo();
    events.emit('session:expired', { reason: 'expired', message: 'again' });
    expect(sent).toHaveLength(1);
  });
});
