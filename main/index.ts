import { app, BrowserWindow, protocol, safeStorage, session } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUtilityProcessLauncher } from './backend/utility-launcher.js';
import { createConsoleCore, type ConsoleCore } from './core.js';
import { registerIpc } from './ipc.js';
import { registerAppScheme, serveAppProtocol } from './protocol.js';
import { appLocation, type AppLocation } from './security.js';
import { openTokenStore } from './session/keychain.js';
import type { SafeStorageApi } from './session/safe-storage-store.js';
import { createElectronKv } from './storage/electron-kv.js';
import { createMainWindow, installSessionPolicy } from './window.js';

/**
 * The desktop app's entry: Electron glue only. Everything with a decision in it lives in modules
 * that run (and are tested) in plain Node.
 */

// dist-electron/, where Vite puts main.js, preload.cjs and backend.js side by side.
const here = dirname(fileURLToPath(import.meta.url));
const PRODUCT = 'GameOps Console';

let mainWindow: BrowserWindow | null = null;
let core: ConsoleCore | null = null;

// Electron fixes a scheme's privileges at start-up: this must happen before 'ready'.
registerAppScheme(protocol);

if (!app.requestSingleInstanceLock()) {
  // Two instances would fight over the embedded backend's database and the keychain entries.
  app.quit();
} else {
  app.enableSandbox();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    // Defence in depth for any webContents we did not create ourselves.
    contents.on('will-attach-webview', (e) => e.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
  app
    .whenReady()
    .then(start)
    .catch((err: unknown) => fatal(err));
}

/** Electron's safeStorage in the shape openTokenStore takes; the storage backend exists on Linux only. */
const osCipher: SafeStorageApi = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  ...(process.platform === 'linux'
    ? { getSelectedStorageBackend: () => safeStorage.getSelectedStorageBackend() }
    : {}),
};

async function start(): Promise<void> {
  const devServerUrl = process.env['VITE_DEV_SERVER_URL'];
  if (app.isPackaged && devServerUrl)
    console.warn('[gameops] ignoring VITE_DEV_SERVER_URL in a packaged app');
  const location = appLocation({
    devServerUrl,
    isPackaged: app.isPackaged,
    rendererDir: join(here, '../dist/renderer'),
  });
  const userData = app.getPath('userData');
  // safeStorage is usable only once the app is ready (on Linux it needs the desktop's secret store).
  const tokens = await openTokenStore({ safeStorage: osCipher, tokenFile: join(userData, 'tokens.enc') });
  if (tokens.fallbackReason)
    console.warn(`[gameops] tokens kept in ${tokens.storage}: ${tokens.fallbackReason}`);
  core = await createConsoleCore({
    kv: createElectronKv(),
    tokens: tokens.store,
    tokenStorageReason: tokens.reason,
    backend: createUtilityProcessLauncher(join(here, 'backend.js'), { dataDir: join(userData, 'backend') }),
    app: { name: PRODUCT, version: app.getVersion(), shell: 'electron', platform: process.platform },
    defaultLanguage: app.getLocale().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en',
  });
  if (location.kind === 'app') serveAppProtocol(protocol, location.rendererDir);
  installSessionPolicy(session.defaultSession, location);
  registerIpc(core, () => (mainWindow ? [mainWindow] : []), location);
  openWindow(location);

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow(location);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (closing || !core) return;
    // Stop the backend cleanly so its database is not left mid-write.
    event.preventDefault();
    closing = true;
    core.close().finally(() => app.quit());
  });
}

function openWindow(location: AppLocation): void {
  mainWindow = createMainWindow({
    preloadPath: join(here, 'preload.cjs'),
    location,
    title: PRODUCT,
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

function fatal(err: unknown): void {
  console.error('[gameops] could not start:', err);
  app.exit(1);
}
