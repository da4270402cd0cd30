import { DEFAULT_SHORTCUTS, accelerator, type AppCommand } from '../shared/commands.js';
import type { Language } from '../shared/codes.js';
import type { MenuShortcuts, UpdatePhase } from '../shared/ipc.js';
import { effectiveShortcuts } from '../shared/api/shortcuts.js';
import type { EventHub } from './events.js';
import { defineService, serviceId } from './services/collection.js';
import type { MainService } from './services/registry.js';

/**
 * The desktop app's menu (issue 10), as data: built here in plain Node (and tested), turned into
 * Electron's Menu by menu-electron.ts. Both languages; the usual accelerators; reload only in
 * development and developer tools only when allowed (development, or the setting in a packaged
 * build). Items that are app commands (shared/commands.ts) send the command to the window,
 * which carries it out like the same keyboard shortcut; the combos shown beside them are the
 * signed-in operator's (the window reports them: ui:shortcuts), the defaults otherwise.
 */

/** What the menu does when an item is chosen, besides Electron's own roles. */
export type MenuAction =
  | { kind: 'command'; command: AppCommand }
  | { kind: 'restartToUpdate' }
  | { kind: 'checkForUpdates' }
  | { kind: 'openLogs' };

export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'quit'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'services'
  | 'appMenu'
  | 'windowMenu';

export interface MenuItemSpec {
  /** Stable id, for tests and for finding an item again. */
  id: string;
  label?: string;
  type?: 'separator' | 'submenu';
  role?: MenuRole;
  accelerator?: string;
  /**
   * false: the combo is shown but the window's own shortcut handles the key (the operator may
   * have changed it), so a key press never runs a command twice.
   */
  registerAccelerator?: boolean;
  enabled?: boolean;
  action?: MenuAction;
  submenu?: MenuItemSpec[];
}

export interface MenuModel {
  language: Language;
  platform: NodeJS.Platform | string;
  productName: string;
  /** Not a packaged build: reload and developer tools are there. */
  isDevelopment: boolean;
  /** The devTools setting (packaged builds). */
  devToolsSetting: boolean;
  updatePhase: UpdatePhase;
  /** Each command's combo (null: none): the signed-in operator's, else DEFAULT_SHORTCUTS. */
  shortcuts: Readonly<Record<AppCommand, string | null>>;
}

const TEXT = {
  about: { en: 'About {name}', 'zh-CN': '关于 {name}' },
  settings: { en: 'Settings…', 'zh-CN': '设置…' },
  checkUpdates: { en: 'Check for Updates…', 'zh-CN': '检查更新…' },
  restartToUpdate: { en: 'Restart to Update…', 'zh-CN': '重启以更新…' },
  signOut: { en: 'Sign Out', 'zh-CN': '退出登录' },
  quit: { en: 'Quit {name}', 'zh-CN': '退出 {name}' },
  exit: { en: 'Exit', 'zh-CN': '退出' },
  file: { en: 'File', 'zh-CN': '文件' },
  edit: { en: 'Edit', 'zh-CN': '编辑' },
  undo: { en: 'Undo', 'zh-CN': '撤销' },
  redo: { en: 'Redo', 'zh-CN': '重做' },
  cut: { en: 'Cut', 'zh-CN': '剪切' },
  copy: { en: 'Copy', 'zh-CN': '复制' },
  paste: { en: 'Paste', 'zh-CN': '粘贴' },
  selectAll: { en: 'Select All', 'zh-CN': '全选' },
  view: { en: 'View', 'zh-CN': '视图' },
  reload: { en: 'Reload', 'zh-CN': '重新加载' },
  forceReload: { en: 'Force Reload', 'zh-CN': '强制重新加载' },
  devTools: { en: 'Toggle Developer Tools', 'zh-CN': '切换开发者工具' },
  resetZoom: { en: 'Actual Size', 'zh-CN': '实际大小' },
  zoomIn: { en: 'Zoom In', 'zh-CN': '放大' },
  zoomOut: { en: 'Zoom Out', 'zh-CN': '缩小' },
  fullScreen: { en: 'Toggle Full Screen', 'zh-CN': '切换全屏' },
  go: { en: 'Go', 'zh-CN': '前往' },
  commandPalette: { en: 'Command Palette…', 'zh-CN': '命令面板…' },
  playerSearch: { en: 'Player Search', 'zh-CN': '玩家搜索' },
  switchGame: { en: 'Switch Game…', 'zh-CN': '切换游戏…' },
  todoList: { en: 'To-do List', 'zh-CN': '待办事项' },
  window: { en: 'Window', 'zh-CN': '窗口' },
  minimize: { en: 'Minimize', 'zh-CN': '最小化' },
  zoom: { en: 'Zoom', 'zh-CN': '缩放' },
  close: { en: 'Close Window', 'zh-CN': '关闭窗口' },
  front: { en: 'Bring All to Front', 'zh-CN': '全部置于顶层' },
  help: { en: 'Help', 'zh-CN': '帮助' },
  openLogs: { en: 'Open Logs Folder', 'zh-CN': '打开日志文件夹' },
  hide: { en: 'Hide {name}', 'zh-CN': '隐藏 {name}' },
  hideOthers: { en: 'Hide Others', 'zh-CN': '隐藏其他' },
  unhide: { en: 'Show All', 'zh-CN': '全部显示' },
  services: { en: 'Services', 'zh-CN': '服务' },
} as const satisfies Record<string, Record<Language, string>>;

export function buildMenuTemplate(model: MenuModel): MenuItemSpec[] {
  const t = (key: keyof typeof TEXT) => TEXT[key][model.language].replace('{name}', model.productName);
  const mac = model.platform === 'darwin';
  const sep = (id: string): MenuItemSpec => ({ id, type: 'separator' });
  const command = (id: AppCommand, label: string): MenuItemSpec => {
    const combo = model.shortcuts[id];
    return {
      id,
      label,
      action: { kind: 'command', command: id },
      ...(combo ? { accelerator: accelerator(combo), registerAccelerator: false } : {}),
    };
  };
  const role = (id: MenuRole, label: string, accel?: string): MenuItemSpec => ({
    id,
    role: id,
    label,
    ...(accel ? { accelerator: accel } : {}),
  });
  const updates: MenuItemSpec[] = [
    {
      id: 'checkForUpdates',
      label: t('checkUpdates'),
      action: { kind: 'checkForUpdates' },
      enabled: model.updatePhase !== 'disabled',
    },
    {
      id: 'restartToUpdate',
      label: t('restartToUpdate'),
      action: { kind: 'restartToUpdate' },
      enabled: model.updatePhase === 'downloaded',
    },
  ];
  const about = command('about', t('about'));
  const settings = command('settings', t('settings'));
  const signOut = command('signOut', t('signOut'));
  const devTools = model.isDevelopment || model.devToolsSetting;

  const appMenu: MenuItemSpec = {
    id: 'app',
    type: 'submenu',
    label: model.productName,
    submenu: [
      about,
      sep('app-sep-1'),
      settings,
      ...updates,
      sep('app-sep-2'),
      role('services', t('services')),
      sep('app-sep-3'),
      role('hide', t('hide'), 'Command+H'),
      role('hideOthers', t('hideOthers'), 'Command+Alt+H'),
      role('unhide', t('unhide')),
      sep('app-sep-4'),
      signOut,
      role('quit', t('quit'), 'Command+Q'),
    ],
  };
  const file: MenuItemSpec = {
    id: 'file',
    type: 'submenu',
    label: t('file'),
    submenu: mac
      ? [signOut, sep('file-sep-1'), role('close', t('close'), 'Command+W')]
      : [settings, sep('file-sep-1'), signOut, sep('file-sep-2'), role('quit', t('exit'), 'Ctrl+Q')],
  };
  const edit: MenuItemSpec = {
    id: 'edit',
    type: 'submenu',
    label: t('edit'),
    submenu: [
      role('undo', t('undo'), 'CmdOrCtrl+Z'),
      role('redo', t('redo'), mac ? 'Shift+Command+Z' : 'Ctrl+Y'),
      sep('edit-sep-1'),
      role('cut', t('cut'), 'CmdOrCtrl+X'),
      role('copy', t('copy'), 'CmdOrCtrl+C'),
      role('paste', t('paste'), 'CmdOrCtrl+V'),
      role('selectAll', t('selectAll'), 'CmdOrCtrl+A'),
    ],
  };
  const view: MenuItemSpec = {
    id: 'view',
    type: 'submenu',
    label: t('view'),
    submenu: [
      ...(model.isDevelopment
        ? [
            role('reload', t('reload'), 'CmdOrCtrl+R'),
            role('forceReload', t('forceReload'), 'Shift+CmdOrCtrl+R'),
          ]
        : []),
      ...(devTools ? [role('toggleDevTools', t('devTools'), mac ? 'Alt+Command+I' : 'Ctrl+Shift+I')] : []),
      ...(model.isDevelopment || devTools ? [sep('view-sep-1')] : []),
      role('resetZoom', t('resetZoom'), 'CmdOrCtrl+0'),
      role('zoomIn', t('zoomIn'), 'CmdOrCtrl+Plus'),
      role('zoomOut', t('zoomOut'), 'CmdOrCtrl+-'),
      sep('view-sep-2'),
      role('togglefullscreen', t('fullScreen'), mac ? 'Ctrl+Command+F' : 'F11'),
    ],
  };
  const go: MenuItemSpec = {
    id: 'go',
    type: 'submenu',
    label: t('go'),
    submenu: [
      command('commandPalette', t('commandPalette')),
      command('playerSearch', t('playerSearch')),
      command('switchGame', t('switchGame')),
      command('todoList', t('todoList')),
    ],
  };
  const windowMenu: MenuItemSpec = {
    id: 'window',
    type: 'submenu',
    label: t('window'),
    submenu: mac
      ? [
          role('minimize', t('minimize'), 'Command+M'),
          role('zoom', t('zoom')),
          sep('window-sep-1'),
          role('front', t('front')),
        ]
      : [role('minimize', t('minimize')), role('close', t('close'), 'Ctrl+W')],
  };
  const help: MenuItemSpec = {
    id: 'help',
    type: 'submenu',
    label: t('help'),
    submenu: [
      ...(mac ? [] : [about, sep('help-sep-1')]),
      ...(mac ? [] : updates),
      ...(mac ? [] : [sep('help-sep-2')]),
      { id: 'openLogs', label: t('openLogs'), action: { kind: 'openLogs' } },
    ],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, go, windowMenu, help];
}

/** Every item of a template, depth first (tests, and finding an item by id). */
export function menuItems(template: readonly MenuItemSpec[]): MenuItemSpec[] {
  return template.flatMap((i) => [i, ...menuItems(i.submenu ?? [])]);
}

export interface MenuService extends MainService {
  /** Sends an app command to the window (renderer/app/commands.ts carries it out). */
  command(command: AppCommand): void;
  /** The combos the menu shows (MenuModel.shortcuts). */
  shortcuts(): Readonly<Record<AppCommand, string | null>>;
  /** Called when they change; returns the unsubscribe. */
  onShortcuts(listener: () => void): () => void;
}

export function createMenuService(deps: { events: EventHub }): MenuService {
  let shortcuts: Readonly<Record<AppCommand, string | null>> = DEFAULT_SHORTCUTS;
  const listeners = new Set<() => void>();
  return {
    name: 'menu',
    emits: ['app:command'],
    handlers: {
      // The input is checked by ipc-schemas.ts (known commands, usable combos).
      'ui:shortcuts': async (input: { shortcuts: MenuShortcuts | null }) => {
        shortcuts = input.shortcuts ? effectiveShortcuts(input.shortcuts) : DEFAULT_SHORTCUTS;
        for (const l of [...listeners]) l();
        return null;
      },
    },
    command: (command) => deps.events.emit('app:command', { command }),
    shortcuts: () => shortcuts,
    onShortcuts: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Developer tools: always in development; in a packaged build only when the setting says so. */
export function devToolsAllowed(isPackaged: boolean, setting: boolean): boolean {
  return !isPackaged || setting;
}

/**
 * Command-line switches that hand the app to a debugger (the inspector ones are also refused by
 * the fuses). A packaged build started with one does not start, whatever the devTools setting
 * says: a remote debugging port is open to every local user, with no sign-in, and the setting
 * is for the in-window developer tools only.
 */
export const DEBUG_SWITCHES = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'inspect',
  'inspect-brk',
] as const;

export function refusedDebugSwitch(isPackaged: boolean, hasSwitch: (name: string) => boolean): string | null {
  if (!isPackaged) return null;
  return DEBUG_SWITCHES.find((s) => hasSwitch(s)) ?? null;
}

export const MENU = serviceId<MenuService>('menu');

export const menuService = defineService({
  id: MENU,
  needs: {},
  create: (_needs, given: { events: EventHub }) => createMenuService(given),
});
