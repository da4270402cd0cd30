import { screen, type BrowserWindow } from 'electron';
import type { KeyValueStore } from './storage/kv.js';
import {
  readWindowState,
  recordWindow,
  restoreWindow,
  saveWindowState,
  type Placement,
  type WindowSizes,
} from './window-state.js';

/** Electron glue for window-state.ts: where the window opens, and noting where it goes. */

export function initialPlacement(kv: KeyValueStore, sizes: WindowSizes): Placement {
  return restoreWindow(readWindowState(kv), screen.getAllDisplays(), screen.getPrimaryDisplay(), sizes);
}

/** Saves the window's place (its normal bounds when maximised) after it settles, and on close. */
export function trackWindowState(win: BrowserWindow, kv: KeyValueStore): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (win.isDestroyed() || win.isMinimized() || win.isFullScreen()) return;
    const state = recordWindow(
      readWindowState(kv),
      screen.getAllDisplays(),
      win.getNormalBounds(),
      win.isMaximized(),
    );
    saveWindowState(kv, state);
  };
  const soon = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) win.on(event as 'resize', soon);
  win.on('close', save);
}
