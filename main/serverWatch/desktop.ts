import { app, Menu, Notification, nativeImage, Tray, type BrowserWindow } from 'electron';
import type { Language } from '../../shared/codes.js';
import type { AlertsOptions } from './alerts.js';
import { trayIconPng } from '../tray/icon.js';
import { electronNotifier, electronTray, keepInTray, type ElectronTray } from './electron.js';

/**
 * Server watch's Electron glue for main/index.ts: Electron's Notification and Tray behind the
 * alerts service's notifier and tray (main/serverWatch/electron.ts holds what decides anything), and
 * the window's close going to the tray when the closeToTray setting says so.
 */

export interface DesktopAlerts {
  options: AlertsOptions;
  tray: ElectronTray;
  /** Makes a window's close hide it in the tray while closeToTray is on (and the app is not quitting). */
  keepInTray(win: BrowserWindow, closeToTray: () => boolean): void;
}

export function desktopAlerts(deps: { showWindow(): void; language(): Language }): DesktopAlerts {
  let quitting = false;
  app.on('before-quit', () => {
    quitting = true;
  });
  const icons = new Map<boolean, Electron.NativeImage>();
  const icon = (alert: boolean) => {
    let image = icons.get(alert);
    if (!image) icons.set(alert, (image = nativeImage.createFromBuffer(trayIconPng(alert))));
    return image;
  };
  const tray = electronTray(
    () => ({
      create: (image) => new Tray(image as Electron.NativeImage),
      image: icon,
      menu: (items) => Menu.buildFromTemplate(items),
      platform: process.platform,
    }),
    {
      open: () => deps.showWindow(),
      quit: () => app.quit(),
      labels: () =>
        deps.language() === 'zh-CN'
          ? { open: '打开 GameOps 控制台', quit: '退出' }
          : { open: 'Open GameOps Console', quit: 'Quit' },
    },
  );
  return {
    options: {
      notifier: electronNotifier(() => Notification),
      tray,
      showWindow: () => deps.showWindow(),
    },
    tray,
    keepInTray: (win, closeToTray) => keepInTray(win, { closeToTray, quitting: () => quitting, tray }),
  };
}
