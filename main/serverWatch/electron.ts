import type { Notifier, TrayControl } from './alerts.js';

/**
 * The desktop app's notifications and tray for server watch, over Electron's Notification and
 * Tray given as small structural interfaces (the unit tests pass stubs; main/index.ts passes
 * Electron's). Every Electron class is reached only when first needed, so an app that never signs
 * in never makes a tray.
 */

export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
}
export interface NotificationClass {
  new (options: { title: string; body: string }): NotificationLike;
  isSupported(): boolean;
}

/** How many notifications are kept reachable at once (their click handlers with them). */
const KEPT = 20;

export function electronNotifier(Notification: () => NotificationClass): Notifier {
  // Electron forgets a notification nothing refers to, and its click with it: keep the shown ones.
  const shown: NotificationLike[] = [];
  const forget = (n: NotificationLike) => {
    const at = shown.indexOf(n);
    if (at >= 0) shown.splice(at, 1);
  };
  return {
    show({ title, body, onClick }) {
      const N = Notification();
      if (!N.isSupported()) return;
      const n = new N({ title, body });
      n.on('click', () => {
        forget(n);
        onClick();
      });
      n.on('close', () => forget(n));
      shown.push(n);
      if (shown.length > KEPT) shown.shift();
      n.show();
    },
  };
}

export interface TrayLike {
  setToolTip(text: string): void;
  setImage(image: unknown): void;
  /** macOS only: text beside the icon in the menu bar. */
  setTitle(title: string): void;
  setContextMenu(menu: unknown): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

export interface TrayApi {
  create(image: unknown): TrayLike;
  /** The icon, with the alert dot when a server is down. */
  image(alert: boolean): unknown;
  menu(items: { label: string; click: () => void }[]): unknown;
  platform: string;
}

export interface TrayOptions {
  open(): void;
  quit(): void;
  labels(): { open: string; quit: string };
}

export interface ElectronTray extends TrayControl {
  /** Makes the tray now (closing the window to it), if it is not there yet. */
  ensure(): void;
  destroy(): void;
}

/**
 * The tray: its tooltip says what is watched and how many servers are down, its icon carries a
 * red dot while any is, and on macOS the count sits beside it. It appears once there is something
 * to show (signed in, or the window closed to it) and stays until the app quits.
 */
export function electronTray(api: () => TrayApi, options: TrayOptions): ElectronTray {
  let tray: TrayLike | null = null;
  let last = { down: 0, watching: false, tooltip: '' };

  const paint = (t: TrayLike) => {
    const a = api();
    t.setImage(a.image(last.down > 0));
    if (last.tooltip) t.setToolTip(last.tooltip);
    if (a.platform === 'darwin') t.setTitle(last.down > 0 ? String(last.down) : '');
    const labels = options.labels();
    t.setContextMenu(
      a.menu([
        { label: labels.open, click: options.open },
        { label: labels.quit, click: options.quit },
      ]),
    );
  };

  const ensure = () => {
    if (tray) return;
    const t = api().create(api().image(last.down > 0));
    t.on('click', options.open);
    tray = t;
    paint(t);
  };

  return {
    update(state) {
      last = state;
      if (!tray && !state.watching && state.down === 0) return;
      ensure();
      if (tray) paint(tray);
    },
    ensure,
    destroy() {
      tray?.destroy();
      tray = null;
    },
  };
}

/** What the window's close does with closeToTray on: hide into the tray instead of quitting. */
export interface WindowLike {
  on(event: 'close', listener: (e: { preventDefault(): void }) => void): unknown;
  hide(): void;
}

export function keepInTray(
  win: WindowLike,
  options: { closeToTray(): boolean; quitting(): boolean; tray: Pick<ElectronTray, 'ensure'> },
): void {
  win.on('close', (e) => {
    if (options.quitting() || !options.closeToTray()) return;
    e.preventDefault();
    options.tray.ensure();
    win.hide();
  });
}
