import type { Language } from '../shared/codes.js';
import type { AppInfo } from '../shared/ipc.js';
import type { SettingsPatch } from '../shared/settings-schema.js';
import type { BackendLauncher, RunningBackend } from './backend/launcher.js';
import { createEventHub, type EventHub } from './events.js';
import type { SessionHooks } from './http/api-client.js';
import { createApiService } from './services/api.js';
import { createAppService } from './services/app.js';
import { createBackendService } from './services/backend.js';
import { composeServices, type MainService, type RequestHandlers } from './services/registry.js';
import { createSessionService } from './services/session.js';
import { createSettingsService } from './services/settings.js';
import { createAlertsService, type AlertsOptions, type AlertsService } from './services/alerts.js';
import type { Localized } from './session/keychain.js';
import type { TokenStore } from './session/token-store.js';
import type { KeyValueStore } from './storage/kv.js';
import { createAboutService, type AboutDeps } from './about.js';
import { createDeepLinkService, type DeepLinkService } from './deep-links.js';
import { createMenuService, type MenuService } from './menu.js';
import { createUpdaterService, type Timers, type UpdaterService } from './services/updater.js';
import { updaterAvailability } from './updater/config.js';
import type { UpdateEngine } from './updater/engine.js';

export { MAIN_ONLY_ENDPOINTS } from './services/api.js';
export type { RequestHandlers } from './services/registry.js';

/**
 * Main's services, composed: the one place that knows them all. Each service owns its channels
 * (main/services/); the Electron glue (ipc.ts) and the browser host (host/) see only the core.
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
  /** The composed services, in start order. */
  services: readonly MainService[];
  close(): Promise<void>;
  /** Server watch's alerts (the desktop glue asks it whether closing the window keeps the app). */
  alerts: AlertsService;
  /** For the desktop glue: the menu and the window follow these. */
  settings: ReturnType<typeof createSettingsService>;
  updater: UpdaterService;
  deepLinks: DeepLinkService;
  menu: MenuService;
}

export async function createConsoleCore(deps: ConsoleCoreDeps): Promise<ConsoleCore> {
  const events = createEventHub();
  // The services reach each other through these late-bound references, read only once all exist
  // (the client and the session need each other: sign-in calls the server, a refresh ends sessions).
  const late: {
    backend?: ReturnType<typeof createBackendService>;
    api?: ReturnType<typeof createApiService>;
    session?: ReturnType<typeof createSessionService>;
    app?: ReturnType<typeof createAppService>;
  } = {};
  const need = <K extends keyof typeof late>(k: K): NonNullable<(typeof late)[K]> => {
    const s = late[k];
    if (!s) throw new Error(`the ${k} service is not composed yet`);
    return s;
  };
  const sessionHooks: SessionHooks = {
    current: () => need('session').hooks.current(),
    refreshed: (epoch, pair) => need('session').hooks.refreshed(epoch, pair),
    ended: (epoch, reason, error) => need('session').hooks.ended(epoch, reason, error),
    payServerRefused: (epoch, token) => need('session').hooks.payServerRefused(epoch, token),
  };

  const settings = createSettingsService({
    kv: deps.kv,
    defaultLanguage: deps.defaultLanguage,
    initialSettings: deps.initialSettings,
    ...(deps.confirmDevTools ? { confirmDevTools: deps.confirmDevTools } : {}),
    inUse: (saved) => need('backend').inUse(saved),
  });
  const api = (late.api = createApiService({
    settings,
    target: (service) => need('backend').target(service),
    session: sessionHooks,
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs,
  }));
  // Listed in the order they start; the session restores before the backend is started.
  const session = (late.session = createSessionService({
    tokens: deps.tokens,
    tokenStorageReason: deps.tokenStorageReason,
    orphanedRefreshToken: deps.orphanedRefreshToken ?? null,
    kv: deps.kv,
    events,
    settings,
    call: api.client.call,
    now: deps.now,
  }));
  const backend = (late.backend = createBackendService({
    launcher: deps.backend,
    settings,
    call: api.client.call,
    appInfo: () => need('app').info(),
  }));
  const app = (late.app = createAppService({ app: deps.app, backendStatus: backend.status }));
  const alerts = createAlertsService({
    ...deps.alerts,
    call: api.client.call,
    events,
    settings,
    session: () => session.manager.state(),
    timeoutMs: deps.timeoutMs,
  });
  const noUpdater = updaterAvailability({
    shell: deps.app.shell,
    isPackaged: false,
    platform: deps.app.platform,
    updateConfig: null,
  });
  const updater = createUpdaterService({
    engine: deps.updater?.engine ?? null,
    disabled: deps.updater ? deps.updater.disabled : noUpdater.disabled,
    feed: deps.updater?.feed ?? null,
    currentVersion: deps.app.version,
    settings,
    events,
    timers: deps.updater?.timers,
  });
  const about = createAboutService({
    app: deps.app,
    arch: deps.about?.arch ?? process.arch,
    versions: deps.about?.versions ?? { electron: null, chrome: null, node: process.versions.node },
    dataFolder: deps.about?.dataFolder ?? null,
    logsFolder: deps.about?.logsFolder ?? null,
    openFolder: deps.about?.openFolder,
    settings,
    updates: () => updater.state(),
  });
  const deepLinks = createDeepLinkService({ events });
  const menu = createMenuService({ events });

  const services: MainService[] = [
    settings,
    session,
    api,
    backend,
    app,
    alerts,
    updater,
    about,
    deepLinks,
    menu,
  ];
  const registry = composeServices(services);
  await registry.start();

  return {
    handlers: registry.handlers,
    events,
    dispatch: registry.dispatch,
    backendReady: () => backend.ready(),
    services,
    alerts,
    close: registry.close,
    settings,
    updater,
    deepLinks,
    menu,
  };
}
