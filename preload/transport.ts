import {
  ipcName,
  isEventChannel,
  isRequestChannel,
  type BridgeTransport,
  type EventChannel,
  type RequestChannel,
} from '../shared/ipc.js';

/** The slice of Electron's ipcRenderer the preload uses; the rest of it never leaves this file. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * A transport that can only speak the contract's channels: a page script cannot reach any other
 * channel through it, and event listeners never see Electron's event object (which carries
 * `sender`, a way back into ipcRenderer).
 */
export function createIpcTransport(ipc: IpcRendererLike): BridgeTransport {
  return {
    invoke(channel: RequestChannel, input: unknown) {
      if (!isRequestChannel(channel)) return Promise.reject(new Error(`unknown channel ${String(channel)}`));
      return ipc.invoke(ipcName(channel), input);
    },
    subscribe(channel: EventChannel, listener: (payload: unknown) => void) {
      if (!isEventChannel(channel)) throw new Error(`unknown event ${String(channel)}`);
      const name = ipcName(channel);
      const forward = (_event: unknown, payload: unknown) => listener(payload);
      ipc.on(name, forward);
      return () => {
        ipc.removeListener(name, forward);
      };
    },
  };
}
