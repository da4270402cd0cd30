import type { Result } from './envelope.js';
import type { SessionState } from './session.js';
import type { UpdateChannel } from './settings.js';
import type { Settings, SettingsPatch } from './settings-schema.js';
import type { AppCommand } from './commands.js';
import type { EndpointId, InputOf, OutputOf } from './api/table.js';
import type { SetupInit, SetupState } from './api/setup.js';
import type { AlertsState, AlertsUpdate, WatchAlert } from './api/serverWatch.js';
import type { ExportRequest } from './api/exports.js';

/**
 * The IPC contract between the renderer and main, as one type-level map (after GitHub Desktop):
 * request channels (renderer asks, main answers) and event channels (main tells). The preload and
 * the browser host both build the renderer's bridge from this file with createBridge, so an
 * untyped channel cannot be written. Main validates every request's input with REQUEST_SCHEMAS.
 */

export interface LoginInput {
  account: string;
  password: string;
}

export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' in the desktop app, 'browser' when served by the development/test host. */
  shell: 'electron' | 'browser';
  platform: string;
  backend: {
    mode: 'embedded' | 'custom';
    running: boolean;
    url: string | null;
    error: string | null;
    /**
     * The embedded backend's first-run state: `needed` until the first super-admin is created or
     * the demo data chosen, `demo` while demo operators with the published password exist (the
     * console shows a banner), `ready`. null in custom mode, or while it is not known yet.
     */
    setup: SetupState | null;
  };
}

/**
 * The desktop app's updater as the renderer sees it (updates:get, the updates:state event).
 * `disabled`: this build has no update feed, or it is not a packaged app (why says which);
 * `downloading` follows a found update (downloads run in the background); `downloaded`: ready,
 * installed by "Restart to update" or when the console quits; `error`: the last check or download
 * failed (a tampered file included) and nothing was installed; the next try is at retryAt.
 */
export type UpdatePhase = 'disabled' | 'idle' | 'checking' | 'downloading' | 'downloaded' | 'error';

export interface UpdateState {
  phase: UpdatePhase;
  /** Why the updater is off, in the operator's language; null when it is on. */
  disabledReason: string | null;
  channel: UpdateChannel;
  /** The feed this build checks (set at build time by GAMEOPS_UPDATE_URL), or null. */
  feed: string | null;
  currentVersion: string;
  /** The newer version found, being downloaded or ready; null when none. */
  version: string | null;
  releaseName: string | null;
  /** Plain text (never rendered as HTML). */
  releaseNotes: string | null;
  releaseDate: string | null;
  progress: { percent: number; transferred: number; total: number; bytesPerSecond: number } | null;
  /** Epoch ms of the last finished check, and of the next planned one. */
  lastCheckAt: number | null;
  nextCheckAt: number | null;
  /** The last failure; a downloaded update stays ready even when a later check fails. */
  error: { message: string; tampered: boolean; at: number; retryAt: number | null } | null;
}

/**
 * A gameops:// link as main understood it: the console path it opens, or (path null) the link
 * it refused, shortened, so the window can say it was not opened.
 */
export interface DeepLink {
  path: string | null;
  refused: string | null;
}

/** The About box: what a support request needs to know about this install. */
export interface AboutInfo {
  name: string;
  version: string;
  shell: 'electron' | 'browser';
  platform: string;
  arch: string;
  versions: { electron: string | null; chrome: string | null; node: string };
  /** The embedded backend's database folder; null when it keeps none (a custom backend, in memory). */
  dataFolder: string | null;
  /** Where main writes its rotating log files; null when it writes none (the browser host). */
  logsFolder: string | null;
  updates: { feed: string | null; channel: UpdateChannel; enabled: boolean; disabledReason: string | null };
}

export interface RequestChannels {
  'api:call': { input: { endpoint: EndpointId; input: unknown }; output: Result<unknown> };
  'session:get': { input: null; output: SessionState };
  'session:login': { input: LoginInput; output: Result<SessionState> };
  'session:logout': { input: null; output: Result<SessionState> };
  'settings:get': { input: null; output: Settings };
  /** Every setting but devTools, which only main changes (settings:devTools). */
  'settings:set': { input: SettingsPatch; output: Result<Settings> };
  /**
   * Asks main to turn the developer tools setting on or off: on only after the operator confirms
   * in a native dialog, which no code in the window can answer.
   */
  'settings:devTools': { input: { enabled: boolean }; output: Result<Settings> };
  'app:info': { input: null; output: AppInfo };
  /** First run of the embedded backend: create the first super-admin, or load the demo data. */
  'backend:setup': { input: SetupInit; output: Result<AppInfo> };
  /** Server watch: the recent alerts main received, the down count, whether it is watching. */
  'alerts:list': { input: null; output: AlertsState };
  'app:about': { input: null; output: AboutInfo };
  /** Opens the logs folder in the OS file manager (desktop app only). */
  'app:openLogs': { input: null; output: Result<null> };
  'updates:get': { input: null; output: UpdateState };
  /** Checks the feed now (the About box's "Check now"); answers the state after the check. */
  'updates:check': { input: null; output: UpdateState };
  /** Restarts into the downloaded update; refused while another dialog is open or nothing is ready. */
  'updates:install': { input: null; output: Result<null> };
  /**
   * How many dialogs the window has open (the update dialog not counted): main never restarts
   * into an update while an operator is in the middle of one.
   */
  'ui:dialogs': { input: { open: number }; output: null };
  /**
   * The signed-in operator's keyboard shortcuts (null: the defaults, as when no one is signed in):
   * the desktop menu shows them beside its items, so it names the keys that work in the window.
   */
  'ui:shortcuts': { input: { shortcuts: MenuShortcuts | null }; output: null };
  /** The deep link the app was opened with, once (later links arrive as links:open). */
  'links:take': { input: null; output: DeepLink | null };
  /** The operator's pay-server session (main keeps its token as adminUser; never sent here). */
  'payServer:get': { input: null; output: PayServerSession };
  /** Signs in to the pay server with the console's session (payServer.signIn, made by main). */
  'payServer:signIn': { input: null; output: Result<PayServerSession> };
  /**
   * Saves an export (shared/api/exports.ts) where the native save dialog says, streaming the
   * backend's file into it with exports:progress events; `saved` is null when the operator closed
   * the dialog. Cancelled by exports:cancel with the same id (the partial file is removed).
   */
  'exports:save': { input: ExportSave; output: Result<{ saved: string | null; bytes: number }> };
  'exports:cancel': { input: { id: string }; output: null };
}

/** Combos by command, in Blueprint's syntax (shared/commands.ts); a command left out keeps its default. */
export type MenuShortcuts = Readonly<Partial<Record<AppCommand, string | null>>>;

/** Whether the operator is signed in to the pay server, and until when (seconds since the epoch). */
export interface PayServerSession {
  signedIn: boolean;
  expiresAt: number | null;
}

export type SessionEndReason = 'refresh-failed' | 'revoked' | 'expired';

export interface EventChannels {
  /** The session ended without the operator asking (refresh failed or was refused). */
  'session:expired': { reason: SessionEndReason; message: string };
  /** The session user changed (sign-in, sign-out, refresh moved the expiry). */
  'session:changed': SessionState;
  /** Server watch: alerts just received (or a new down count). */
  'alerts:new': AlertsUpdate;
  /** A native notification was clicked: show that server (or notice). */
  'alerts:open': { alert: WatchAlert };
  'updates:state': UpdateState;
  /** The app menu's "Restart to update…": the renderer shows the release notes and asks. */
  'updates:show': null;
  /** An app command from the desktop menu, carried out by the renderer (renderer/app/commands.ts). */
  'app:command': { command: AppCommand };
  /** A gameops:// link to open (checked by main, guarded by the router), or one main refused. */
  'links:open': DeepLink;
  /** How far the export `id` has come: bytes written, and the rows the file holds when known. */
  'exports:progress': { id: string; bytes: number; totalRows: number | null };
}

/** An export to save: the renderer's id for it (progress, cancel), the file name offered, the request. */
export interface ExportSave {
  id: string;
  fileName: string;
  request: ExportRequest;
}

export type RequestChannel = keyof RequestChannels;
export type EventChannel = keyof EventChannels;

export const REQUEST_CHANNELS = [
  'api:call',
  'session:get',
  'session:login',
  'session:logout',
  'settings:get',
  'settings:set',
  'settings:devTools',
  'app:info',
  'backend:setup',
  'alerts:list',
  'app:about',
  'app:openLogs',
  'updates:get',
  'updates:check',
  'updates:install',
  'ui:dialogs',
  'ui:shortcuts',
  'links:take',
  'payServer:get',
  'payServer:signIn',
  'exports:save',
  'exports:cancel',
] as const satisfies readonly RequestChannel[];

export const EVENT_CHANNELS = [
  'session:expired',
  'session:changed',
  'alerts:new',
  'alerts:open',
  'updates:state',
  'updates:show',
  'app:command',
  'links:open',
  'exports:progress',
] as const satisfies readonly EventChannel[];

/** Electron channel names are namespaced so no other code's channel can be mistaken for ours. */
export const IPC_NAMESPACE = 'gameops';
export const ipcName = (channel: RequestChannel | EventChannel): string => `${IPC_NAMESPACE}:${channel}`;

export function isRequestChannel(x: unknown): x is RequestChannel {
  return typeof x === 'string' && (REQUEST_CHANNELS as readonly string[]).includes(x);
}

export function isEventChannel(x: unknown): x is EventChannel {
  return typeof x === 'string' && (EVENT_CHANNELS as readonly string[]).includes(x);
}

/** What a bridge is built on: the preload's ipcRenderer, or the browser host's HTTP + SSE. */
export interface BridgeTransport {
  invoke(channel: RequestChannel, input: unknown): Promise<unknown>;
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void;
}

/** The typed API the renderer sees as `window.gameops`. No channels, no tokens, no Node. */
export interface Bridge {
  call<K extends EndpointId>(endpoint: K, input: InputOf<K>): Promise<Result<OutputOf<K>>>;
  session: {
    get(): Promise<SessionState>;
    login(input: LoginInput): Promise<Result<SessionState>>;
    logout(): Promise<Result<SessionState>>;
  };
  settings: {
    get(): Promise<Settings>;
    set(patch: SettingsPatch): Promise<Result<Settings>>;
    askDevTools(enabled: boolean): Promise<Result<Settings>>;
  };
  app: { info(): Promise<AppInfo>; about(): Promise<AboutInfo>; openLogs(): Promise<Result<null>> };
  backend: { setup(input: SetupInit): Promise<Result<AppInfo>> };
  alerts: { list(): Promise<AlertsState> };
  updates: {
    get(): Promise<UpdateState>;
    check(): Promise<UpdateState>;
    install(): Promise<Result<null>>;
    reportDialogs(open: number): Promise<null>;
  };
  /** The desktop menu: the accelerators it shows are the operator's shortcuts (main/menu.ts). */
  menu: { showShortcuts(shortcuts: MenuShortcuts | null): Promise<null> };
  links: { take(): Promise<DeepLink | null> };
  payServer: { get(): Promise<PayServerSession>; signIn(): Promise<Result<PayServerSession>> };
  exports: {
    save(input: ExportSave): Promise<Result<{ saved: string | null; bytes: number }>>;
    cancel(id: string): Promise<null>;
  };
  on<E extends EventChannel>(event: E, listener: (payload: EventChannels[E]) => void): () => void;
}

export function createBridge(t: BridgeTransport): Bridge {
  const req = <K extends RequestChannel>(channel: K, input: RequestChannels[K]['input']) =>
    t.invoke(channel, input) as Promise<RequestChannels[K]['output']>;
  return {
    call: (endpoint, input) => req('api:call', { endpoint, input }) as Promise<Result<never>>,
    session: {
      get: () => req('session:get', null),
      login: (input) => req('session:login', { account: input.account, password: input.password }),
      logout: () => req('session:logout', null),
    },
    settings: {
      get: () => req('settings:get', null),
      set: (patch) => req('settings:set', patch),
      askDevTools: (enabled) => req('settings:devTools', { enabled }),
    },
    app: {
      info: () => req('app:info', null),
      about: () => req('app:about', null),
      openLogs: () => req('app:openLogs', null),
    },
    backend: { setup: (input) => req('backend:setup', input) },
    alerts: { list: () => req('alerts:list', null) },
    updates: {
      get: () => req('updates:get', null),
      check: () => req('updates:check', null),
      install: () => req('updates:install', null),
      reportDialogs: (open) => req('ui:dialogs', { open }),
    },
    menu: { showShortcuts: (shortcuts) => req('ui:shortcuts', { shortcuts }) },
    links: { take: () => req('links:take', null) },
    payServer: { get: () => req('payServer:get', null), signIn: () => req('payServer:signIn', null) },
    exports: { save: (input) => req('exports:save', input), cancel: (id) => req('exports:cancel', { id }) },
    on: (event, listener) => {
      if (!isEventChannel(event)) throw new Error(`unknown event ${String(event)}`);
      return t.subscribe(event, (payload) => listener(payload as EventChannels[typeof event]));
    },
  };
}

/** The global the preload (or the browser host's shim) installs. */
export const BRIDGE_GLOBAL = 'gameops';

/**
 * The browser host's bridge (main/host, renderer/bridge/web-transport.ts): every call and the
 * event stream carry the launch's token in this header. A header, not a cookie: browsers send a
 * 127.0.0.1 cookie to every port of 127.0.0.1, a header only where the page's own script puts it.
 */
export const WEB_BRIDGE_TOKEN_HEADER = 'X-GameOps-Bridge-Token';
/**
 * The launch URL hands the token to the page in this fragment of its redirect (`/#name=token`):
 * a fragment is never sent to a server, and the page moves it to its origin's storage at once.
 */
export const WEB_LAUNCH_FRAGMENT = 'gameops-launch';
