import { describe, expect, it } from 'vitest';
import { APP_COMMANDS, DEFAULT_SHORTCUTS } from '../shared/commands.js';
import { REQUEST_SCHEMAS } from '../shared/ipc-schemas.js';
import { createEventHub } from './events.js';
import {
  buildMenuTemplate,
  createMenuService,
  devToolsAllowed,
  menuItems,
  refusedDebugSwitch,
  type MenuModel,
} from './menu.js';

const model = (over: Partial<MenuModel> = {}): MenuModel => ({
  language: 'en',
  platform: 'linux',
  productName: 'GameOps Console',
  isDevelopment: false,
  devToolsSetting: false,
  updatePhase: 'idle',
  shortcuts: DEFAULT_SHORTCUTS,
  ...over,
});
const ids = (m: MenuModel) => menuItems(buildMenuTemplate(m)).map((i) => i.id);
const item = (m: MenuModel, id: string) => menuItems(buildMenuTemplate(m)).find((i) => i.id === id);

describe('the application menu', () => {
  it('has the usual menus and every app command, with its default shortcut shown', () => {
    const template = buildMenuTemplate(model());
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Go', 'Window', 'Help']);
    const commands = menuItems(template).flatMap((i) =>
      i.action?.kind === 'command' ? [i.action.command] : [],
    );
    expect(new Set(commands)).toEqual(new Set(APP_COMMANDS));
    expect(item(model(), 'commandPalette')).toMatchObject({
      accelerator: 'CmdOrCtrl+K',
      registerAccelerator: false,
    });
    expect(item(model(), 'playerSearch')).toMatchObject({ accelerator: 'CmdOrCtrl+Shift+F' });
    expect(item(model(), 'settings')).toMatchObject({ accelerator: 'CmdOrCtrl+,' });
    expect(item(model(), 'signOut')).toMatchObject({ accelerator: 'CmdOrCtrl+Shift+Q' });
    for (const role of ['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'quit', 'copy', 'paste']) {
      expect(ids(model()), role).toContain(role);
    }
  });

  it('has no reload and no developer tools in a packaged build, unless the setting allows them', () => {
    expect(ids(model())).not.toContain('reload');
    expect(ids(model())).not.toContain('toggleDevTools');
    expect(ids(model({ devToolsSetting: true }))).toContain('toggleDevTools');
    expect(ids(model({ devToolsSetting: true }))).not.toContain('reload');
    expect(ids(model({ isDevelopment: true }))).toEqual(
      expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']),
    );
  });

  it('speaks Chinese, and follows macOS conventions there', () => {
    const zh = buildMenuTemplate(model({ language: 'zh-CN', platform: 'darwin' }));
    expect(zh.map((m) => m.label)).toEqual([
      'GameOps Console',
      '文件',
      '编辑',
      '视图',
      '前往',
      '窗口',
      '帮助',
    ]);
    expect(menuItems(zh).find((i) => i.id === 'about')?.label).toBe('关于 GameOps Console');
    expect(zh[0]!.submenu!.map((i) => i.id)).toEqual(
      expect.arrayContaining(['about', 'settings', 'restartToUpdate', 'hide', 'quit']),
    );
    const labels = menuItems(zh).flatMap((i) => (i.label ? [i.label] : []));
    expect(
      labels.filter((l) => /[A-Za-z]{3,}/.test(l) && l !== 'GameOps Console' && !l.includes('GameOps')),
    ).toEqual([]);
  });

  it('offers "Restart to update" only once an update is downloaded, and no update items when updates are off', () => {
    expect(item(model(), 'restartToUpdate')?.enabled).toBe(false);
    expect(item(model({ updatePhase: 'downloaded' }), 'restartToUpdate')?.enabled).toBe(true);
    expect(item(model({ updatePhase: 'disabled' }), 'checkForUpdates')?.enabled).toBe(false);
    expect(item(model(), 'openLogs')?.action).toEqual({ kind: 'openLogs' });
  });

  it('sends a chosen command to the window', () => {
    const events = createEventHub();
    const sent: unknown[] = [];
    events.on('app:command', (c) => sent.push(c));
    createMenuService({ events }).command('about');
    expect(sent).toEqual([{ command: 'about' }]);
  });

  it("shows the operator's own shortcuts, and none for a command they took the combo from", () => {
    const mine = { ...DEFAULT_SHORTCUTS, commandPalette: 'mod+p', playerSearch: null, about: 'alt+f1' };
    expect(item(model({ shortcuts: mine }), 'commandPalette')).toMatchObject({
      accelerator: 'CmdOrCtrl+P',
      registerAccelerator: false,
    });
    expect(item(model({ shortcuts: mine }), 'playerSearch')?.accelerator).toBeUndefined();
    expect(item(model({ shortcuts: mine }), 'about')).toMatchObject({ accelerator: 'Alt+F1' });
    expect(item(model({ shortcuts: mine }), 'settings')).toMatchObject({ accelerator: 'CmdOrCtrl+,' });
  });

  it('keeps the shortcuts the window reports, the defaults when it reports none (signed out)', async () => {
    const menu = createMenuService({ events: createEventHub() });
    const changes: unknown[] = [];
    const off = menu.onShortcuts(() => changes.push(menu.shortcuts()));
    expect(menu.shortcuts()).toEqual(DEFAULT_SHORTCUTS);

    const report = (input: unknown) => {
      // What main's IPC layer does first: the window's input is checked by the contract's schema.
      const parsed = REQUEST_SCHEMAS['ui:shortcuts'].parse(input);
      return menu.handlers['ui:shortcuts']!(parsed);
    };
    await report({ shortcuts: { commandPalette: 'mod+p', switchGame: null } });
    expect(menu.shortcuts()).toEqual({ ...DEFAULT_SHORTCUTS, commandPalette: 'mod+p', switchGame: null });
    await report({ shortcuts: null });
    expect(menu.shortcuts()).toEqual(DEFAULT_SHORTCUTS);
    expect(changes).toHaveLength(2);

    off();
    await report({ shortcuts: { todoList: 'mod+shift+y' } });
    expect(changes).toHaveLength(2);
  });

  it('refuses reported shortcuts that are not the contract’s: unknown commands, unusable combos', () => {
    const schema = REQUEST_SCHEMAS['ui:shortcuts'];
    expect(schema.safeParse({ shortcuts: { commandPalette: 'mod+k' } }).success).toBe(true);
    expect(schema.safeParse({ shortcuts: { openDevTools: 'mod+k' } }).success).toBe(false);
    expect(schema.safeParse({ shortcuts: { commandPalette: 'k' } }).success).toBe(false);
    expect(schema.safeParse({ shortcuts: { commandPalette: 'mod+shift' } }).success).toBe(false);
    expect(schema.safeParse({ shortcuts: { commandPalette: `mod+${'x'.repeat(60)}` } }).success).toBe(false);
    expect(schema.safeParse({ shortcuts: {}, extra: 1 }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
  });
});

describe('developer tools in a packaged build', () => {
  it('are allowed in development, and in a packaged build only with the setting', () => {
    expect(devToolsAllowed(false, false)).toBe(true);
    expect(devToolsAllowed(true, false)).toBe(false);
    expect(devToolsAllowed(true, true)).toBe(true);
  });

  it('refuse every debugging switch on the command line, whatever the setting (development allows them)', () => {
    const has = (names: string[]) => (s: string) => names.includes(s);
    expect(refusedDebugSwitch(true, has(['remote-debugging-port']))).toBe('remote-debugging-port');
    expect(refusedDebugSwitch(true, has(['remote-debugging-pipe']))).toBe('remote-debugging-pipe');
    expect(refusedDebugSwitch(true, has(['inspect-brk']))).toBe('inspect-brk');
    expect(refusedDebugSwitch(true, has(['lang']))).toBeNull();
    expect(refusedDebugSwitch(false, has(['remote-debugging-pipe']))).toBeNull();
  });
});
