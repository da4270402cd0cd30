import { app, BrowserWindow, dialog, nativeTheme, protocol, safeStorage, session, shell } from 'electron';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createUtilityProcessLauncher } from './backend/utility-launcher.js';
import { createConsoleCore, type ConsoleCore } from './core.js';
import { desktopAlerts, type DesktopAlerts } from './serverWatch/desktop.js';
import { registerIpc } from './ipc.js';
import { registerAppScheme, serveAppProtocol } from './protocol.js';
import { appLocation, type AppLocation } from './security.js';
import { openTokenStore } from './session/keychain.js';
import type { SafeStorageApi } from './session/safe-storage-store.js';
import { createElectronKv } from './storage/electron-kv.js';
import { createMainWindow, installSessionPolicy, WINDOW_SIZES } from './window.js';
import { DEEP_LINK_SCHEME, linkInArgs } from './deep-links.js';
import { startMainLog } from './logging/electron.js';
import { DEBUG_SWITCHES, devToolsAllowed, refusedDebugSwitch, type MenuAction } from './menu.js';
import { installAppMenu } from './menu-electron.js';
import { desktopUpdater } from './updater/electron.js';
import { initialPlacement, trackWindowState } from './window-state-electron.js';
import type { KeyValueStore } from './storage/kv.js';
import { confirmDevToolsWith } from './settings/devtools-confirm.js';

/**
 * The desktop app's entry: Electron glue only. Everything with a decision in it lives in modules
 * that run (and are tested) in plain Node.
 */

// dist-electron/, where Vite puts main.js, preload.cjs and backend.js side by side.
const here = dirname(fileURLToPath(import.meta.url));
const PRODUCT = 'GameOps Console';

let mainWindow: BrowserWindow | null = null;
let core: ConsoleCore | null = null;
/** Server watch's notifications and tray (they outlive the window). */
let alerts: DesktopAlerts | null = null;
let kv: KeyValueStore | null = null;
/** gameops:// links that arrive before the core exists (macOS's open-url comes that early). */
const earlyLinks: string[] = [];
const takeLink = (raw: string | null) => {
  if (!raw) return;
  if (core) core.deepLinks.receive(raw);
  else earlyLinks.push(raw);
};

// Before anything else runs, and before Chromium opens its debugging server: a packaged build
// never hands itself to a debugger from the command line (menu.ts refusedDebugSwitch).
const refusedSwitch = refusedDebugSwitch(app.isPackaged, (s) => app.commandLine.hasSwitch(s));

// Electron fixes a scheme's privileges at start-up: this must happen before 'ready'.
if (!refusedSwitch) registerAppScheme(protocol);

if (refusedSwitch) {
  for (const s of DEBUG_SWITCHES) app.commandLine.removeSwitch(s);
  console.error(`[gameops] --${refusedSwitch} is refused in a packaged build`);
  app.exit(1);
} else if (!app.requestSingleInstanceLock()) {
  // Two instances would fight over the embedded backend's database and the keychain entries.
  app.quit();
} else {
  app.enableSandbox();
  // Main's console output and every warning go to rotating, redacted log files (main/logging/).
  startMainLog(app.getPath('userData'), true);
  // gameops:// opens this app (the installers register it too: electron-builder.yml `protocols`).
  if (process.defaultApp && process.argv[1]) {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [process.argv[1]]);
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  }
  app.on('open-url', (event, url) => {
    event.preventDefault();
    takeLink(url);
    if (core && !mainWindow && app.isReady()) openWindow(lastLocation);
  });
  takeLink(linkInArgs(process.argv));
  app.on('second-instance', (_event, argv) => {
    // A second launch (a clicked gameops:// link on Windows and Linux) comes here, with its link.
    takeLink(linkInArgs(argv));
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
  lastLocation = location;
  // safeStorage is usable only once the app is ready (on Linux it needs the desktop's secret store).
  const tokens = await openTokenStore({ safeStorage: osCipher, tokenFile: join(userData, 'tokens.enc') });
  if (tokens.fallbackReason)
    console.warn(`[gameops] tokens kept in ${tokens.storage}: ${tokens.fallbackReason}`);
  kv = createElectronKv();
  const logsFolder = join(userData, 'logs');
  alerts = desktopAlerts({ showWindow, language: () => core?.settings.language() ?? 'en' });
  core = await createConsoleCore({
    alerts: alerts.options,
    kv,
    tokens: tokens.store,
    tokenStorageReason: tokens.reason,
    orphanedRefreshToken: tokens.orphanedRefreshToken,
    backend: createUtilityProcessLauncher(join(here, 'backend.js'), { dataDir: join(userData, 'backend') }),
    app: { name: PRODUCT, version: app.getVersion(), shell: 'electron', platform: process.platform },
    defaultLanguage: app.getLocale().toLowerCase().startsWith('zh') ? 'zh-CN' : 'en',
    // A native box, modal to the window: no code in the window can draw or answer it.
    confirmDevTools: confirmDevToolsWith((question) =>
      mainWindow ? dialog.showMessageBox(mainWindow, question) : dialog.showMessageBox(question),
    ),
    // Exports are saved where the operator says, in a native dialog modal to the window.
    chooseExportFile: async (fileName) => {
      const options = { defaultPath: fileName };
      const chosen = mainWindow
        ? await dialog.showSaveDialog(mainWindow, options)
        : await dialog.showSaveDialog(options);
      return chosen.canceled || !chosen.filePath ? null : chosen.filePath;
    },
    updater: await desktopUpdater({
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      platform: process.platform,
      appImage: process.env['APPIMAGE'],
      logger: console,
    }),
    about: {
      arch: process.arch,
      versions: {
        electron: process.versions.electron ?? null,
        chrome: process.versions.chrome ?? null,
        node: process.versions.node,
      },
      dataFolder: join(userData, 'backend'),
      logsFolder,
      openFolder: (path) => shell.openPath(path),
    },
  });
  const desktop = core;
  for (const raw of earlyLinks.splice(0)) desktop.deepLinks.receive(raw);
  // Dark mode: the setting, or the OS; native menus and dialogs follow it too.
  nativeTheme.themeSource = desktop.settings.get().theme;
  desktop.settings.onChange(({ after }) => {
    nativeTheme.themeSource = after.theme;
  });
  installAppMenu({
    core: desktop,
    productName: PRODUCT,
    isDevelopment: !app.isPackaged,
    run: (action) => runMenuAction(action, logsFolder),
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

let lastLocation: AppLocation;

function openWindow(location: AppLocation): void {
  const settings = core?.settings.get();
  mainWindow = createMainWindow({
    preloadPath: join(here, 'preload.cjs'),
    location,
    title: PRODUCT,
    ...(kv ? { placement: initialPlacement(kv, WINDOW_SIZES) } : {}),
    devTools: devToolsAllowed(app.isPackaged, settings?.devTools ?? false),
    // Blueprint's dark and light backgrounds, so the first frame matches the theme.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#252a31' : '#ffffff',
  });
  if (kv) trackWindowState(mainWindow, kv);
  alerts?.keepInTray(mainWindow, () => core?.alerts.closeToTray() ?? false);
  mainWindow.on('closed', () => {
    mainWindow = null;
    core?.deepLinks.windowGone();
  });
}

function runMenuAction(action: MenuAction, logsFolder: string): void {
  if (!core) return;
  if (!mainWindow && BrowserWindow.getAllWindows().length === 0) openWindow(lastLocation);
  switch (action.kind) {
    case 'command':
      core.menu.command(action.command);
      return;
    case 'restartToUpdate':
      // The window shows the release notes and restarts only if no dialog is open there.
      core.updater.showDialog();
      return;
    case 'checkForUpdates':
      core.menu.command('about');
      void core.updater.checkNow();
      return;
    case 'openLogs':
      void shell.openPath(logsFolder);
      return;
  }
}

/** A clicked notification or the tray: the window back, in front (made again if it was closed). */
function showWindow(): void {
  if (!mainWindow) {
    openWindow(lastLocation);
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

function fatal(err: unknown): void {
  console.error('[gameops] could not start:', err);
  app.exit(1);
}
