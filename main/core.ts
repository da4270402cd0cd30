import type { Language } from '../shared/codes.js';
import type { AppInfo } from '../shared/ipc.js';
import type { SettingsPatch } from '../shared/settings-schema.js';
import type { BackendLauncher, RunningBackend } from './backend/launcher.js';
import { createEventHub, type EventHub } from './events.js';
import { apiService } from './services/api.js';
import { appService } from './services/app.js';
import { BACKEND, backendService } from './services/backend.js';
import { buildServices } from './services/collection.js';
import { composeServices, type MainService, type RequestHandlers } from './services/registry.js';
import { sessionService } from './services/session.js';
import { SETTINGS, settingsService, type SettingsService } from './services/settings.js';
import { signInService } from './services/sign-in.js';
import { ALERTS, alertsService, type AlertsOptions, type AlertsService } from './serverWatch/alerts.js';
import type { Localized } from './session/keychain.js';
import type { TokenStore } from './session/token-store.js';
import type { KeyValueStore } from './storage/kv.js';
import { aboutService, type AboutDeps } from './about.js';
import { DEEP_LINKS, deepLinkService, type DeepLinkService } from './deep-links.js';
import { MENU, menuService, type MenuService } from './menu.js';
import { UPDATER, updaterService, type Timers, type UpdaterService } from './services/updater.js';
import type { UpdateEngine } from './updater/engine.js';
import { EXPORTS, exportService, type ExportService } from './exports/service.js';

export { MAIN_ONLY_ENDPOINTS } from './services/api.js';
export type { RequestHandlers } from './services/registry.js';

/**
 * Main's services, composed: the one place that lists them all. Each service owns its channels
 * and declares what it needs (main/services/collection.ts); the Electron glue (ipc.ts) and the
 * browser host (host/) see only the core.
 */

export interface ConsoleCoreDeps {
  kv: KeyValueStore;
  tokens: TokenStore;
  /** Why the tokens are not in the keychain (openTokenStore's reason); null when they are. */
  tokenStorageReason?: Localized | null;
  /** A refresh token left in a keychain the console fell back from: its session is revoked at start. */
  orphanedRefreshToken?: string | null;
  /** Starts the reference backend for `embedded` mode; without one, embedded mode reports UNAVAILABLE. */
  backend?: BackendLauncher;
  app: Pick<AppInfo, 'name' | 'version' | 'shell' | 'platform'>;
  /** The language of a first run (the OS locale in the desktop app). */
  defaultLanguage?: Language;
  /** Applied and saved at start-up, over what was saved before (the host pointing at a given backend). */
  initialSettings?: SettingsPatch;
  /** The desktop app's native save dialog for exports (exports:save); null when it is closed. */
  chooseExportFile?: (fileName: string) => Promise<string | null>;
  /** The desktop app's native confirmation before the developer tools are allowed (settings:devTools). */
  confirmDevTools?: (language: Language) => Promise<boolean>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /** Server watch: the OS's notifications and tray (the desktop app); without them, events only. */
  alerts?: AlertsOptions;
  /** The desktop app's updater (main/updater/); without one, updates are off and the About box says why. */
  updater?: { engine: UpdateEngine | null; disabled: Localized | null; feed: string | null; timers?: Timers };
  /** What only the shell knows for the About box (versions, folders, opening one). */
  about?: Partial<Pick<AboutDeps, 'arch' | 'versions' | 'dataFolder' | 'logsFolder' | 'openFolder'>>;
}

export interface ConsoleCore {
  /** One handler per request channel, taking input already validated. */
  handlers: RequestHandlers;
  /** session:expired and session:changed, for the window or the SSE stream. */
  events: EventHub;
  /**
   * Validates untrusted input with REQUEST_SCHEMAS and runs the channel's handler. An unknown
   * channel or bad input is answered with a Result error, never a throw.
   */
  dispatch(channel: string, input: unknown): Promise<unknown>;
  /** Waits for the embedded backend (resolves to null in custom mode). Rejects if it cannot start. */
  backendReady(): Promise<RunningBackend | null>;
  /** The composed services, in start order (each after those it needs). */
  services: readonly MainService[];
  close(): Promise<void>;
  /** Server watch's alerts (the desktop glue asks it whether closing the window keeps the app). */
  alerts: AlertsService;
  /** For the desktop glue: the menu and the window follow these. */
  settings: SettingsService;
  updater: UpdaterService;
  deepLinks: DeepLinkService;
  menu: MenuService;
  /** Exports' streamed files (the browser host's downloads). */
  exports: ExportService;
}

/**
 * Every service of main, in the order they start where their needs leave a choice (each declares
 * what it needs; the collection builds and starts it after those). The session restores before
 * the embedded backend is started.
 */
const SERVICES = [
  settingsService,
  sessionService,
  backendService,
  apiService,
  signInService,
  appService,
  alertsService,
  updaterService,
  aboutService,
  deepLinkService,
  menuService,
  exportService,
] as const;

export async function createConsoleCore(deps: ConsoleCoreDeps): Promise<ConsoleCore> {
  const events = createEventHub();
  const collection = buildServices({ ...deps, events }, SERVICES);
  const registry = composeServices(collection.services);
  await registry.start();
  const backend = collection.get(BACKEND);
  return {
    handlers: registry.handlers,
    events,
    dispatch: registry.dispatch,
    backendReady: () => backend.ready(),
    services: collection.services,
    close: registry.close,
    alerts: collection.get(ALERTS),
    settings: collection.get(SETTINGS),
    updater: collection.get(UPDATER),
    deepLinks: collection.get(DEEP_LINKS),
    menu: collection.get(MENU),
    exports: collection.get(EXPORTS),
  };
}
