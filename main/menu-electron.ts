import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { ConsoleCore } from './core.js';
import { buildMenuTemplate, type MenuAction, type MenuItemSpec, type MenuModel } from './menu.js';

/**
 * Electron glue for the menu (menu.ts builds it): sets the application menu and builds it again
 * when what it shows changes (the language, the devTools setting, an update being ready, the
 * operator's shortcuts).
 */
export function installAppMenu(opts: {
  core: ConsoleCore;
  productName: string;
  isDevelopment: boolean;
  run(action: MenuAction): void;
}): () => void {
  const { core } = opts;
  let last = '';
  const apply = () => {
    const settings = core.settings.get();
    const model: MenuModel = {
      language: settings.language,
      platform: process.platform,
      productName: opts.productName,
      isDevelopment: opts.isDevelopment,
      devToolsSetting: settings.devTools,
      updatePhase: core.updater.state().phase,
      shortcuts: core.menu.shortcuts(),
    };
    const key = JSON.stringify(model);
    if (key === last) return;
    last = key;
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(buildMenuTemplate(model).map((i) => toElectron(i, opts.run))),
    );
  };
  apply();
  const offSettings = core.settings.onChange(apply);
  const offUpdates = core.updater.onState(apply);
  const offShortcuts = core.menu.onShortcuts(apply);
  return () => {
    offSettings();
    offUpdates();
    offShortcuts();
  };
}

function toElectron(item: MenuItemSpec, run: (action: MenuAction) => void): MenuItemConstructorOptions {
  const out: MenuItemConstructorOptions = { id: item.id };
  if (item.type === 'separator') return { ...out, type: 'separator' };
  if (item.label !== undefined) out.label = item.label;
  if (item.role) out.role = item.role;
  if (item.accelerator) out.accelerator = item.accelerator;
  if (item.registerAccelerator !== undefined) out.registerAccelerator = item.registerAccelerator;
  if (item.enabled !== undefined) out.enabled = item.enabled;
  const action = item.action;
  if (action) out.click = () => run(action);
  if (item.submenu) out.submenu = item.submenu.map((i) => toElectron(i, run));
  return out;
}
