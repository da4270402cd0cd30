import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { Codes } from '../shared/codes.js';
import { REQUEST_CHANNELS, ipcName } from '../shared/ipc.js';
import type { ConsoleCore } from './core.js';
import { isAllowedSender, type AppLocation, type IpcSender } from './security.js';

/** What Electron tells us about an invoke's sender, reduced to what the policy looks at. */
export function describeSender(event: Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>): IpcSender {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame ? frame.url : null,
    isMainFrame: frame ? frame.parent === null : false,
  };
}

export const FOREIGN_SENDER_ERROR = {
  ok: false,
  error: { code: Codes.FORBIDDEN, message: 'refused: this message did not come from the console window' },
} as const;

/**
 * Registers one handler per request channel, each checking who sent it before the core validates
 * the input. Events go to the trusted windows only. Returns a function that undoes it all.
 */
export function registerIpc(
  core: ConsoleCore,
  windows: () => BrowserWindow[],
  location: AppLocation,
): () => void {
  const trusted = () =>
    windows()
      .filter((w) => !w.isDestroyed())
      .map((w) => w.webContents.id);
  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(ipcName(channel), async (event, input: unknown) => {
      if (!isAllowedSender(describeSender(event), trusted(), location)) {
        console.warn(`[gameops] refused ${channel} from ${event.senderFrame?.url ?? 'a gone frame'}`);
        return FOREIGN_SENDER_ERROR;
      }
      return core.dispatch(channel, input);
    });
  }
  const offEvents = core.events.onAny((event, payload) => {
    for (const w of windows()) if (!w.isDestroyed()) w.webContents.send(ipcName(event), payload);
  });
  return () => {
    for (const channel of REQUEST_CHANNELS) ipcMain.removeHandler(ipcName(channel));
    offEvents();
  };
}
