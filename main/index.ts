import { app, BrowserWindow, session } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUtilityProcessLauncher } from './backend/utility-launcher.js';
import { createConsoleCore, type ConsoleCore } from './core.js';
import { registerIpc } from './ipc.js';
import { appLocation } from './security.js';
import { openTokenStore } from './session/keychain.js';
import { createElectronKv } from './storage/electron-kv.js';
import { createMainWindow, installCsp } from './window.js';

/**
 * The desktop app's entry: Electron glue only. Everything with a decision in it lives in modules
 * that run (and are tested) in plain Node.
 */

// dist-electron/, where Vite puts main.js, preload.cjs and backend.js side by side.
const here = dirname(fileURLToPath(import.meta.url));
const location = appLocation(process.env['VITE_DEV_SERVER_URL'], join(here, '../dist/renderer'));
const PRODUCT = 'GameOps Console';

let mainWindow: BrowserWindow | null = null;
let core: ConsoleCore | null = null;

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

async function start(): Promise<void> {
  const tokens = await openTokenStore();
  if (tokens.fallbackReason) console.warn(`[gameops] tokens kept in memory: ${tokens.fallbackReason}`);
  core = await createConsoleCore({
    kv: createElectronKv(),
    tokens: tokens.store,
    backend: createUtilityProcessLauncher(join(here, 'backend.js'), {
      dataDir: join(app.getPath('userData'), 'backend'),
    }),
    app: { name: PRODUCT, version: app.getVersion(), shell: 'electron', platform: process.platform },
    defaultLanguage: app.getLocale().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en',
  });
  installCsp(session.defaultSession, location);
  registerIpc(core, () => (mainWindow ? [mainWindow] : []), location);
  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
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

function openWindow(): void {
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
