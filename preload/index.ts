import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL, createBridge } from '../shared/ipc.js';
import { createIpcTransport } from './transport.js';

// The page gets the typed bridge and nothing else: no ipcRenderer, no generic invoke, no Node.
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(createIpcTransport(ipcRenderer)));
