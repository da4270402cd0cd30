import { z } from 'zod';
import type { Result } from './envelope.js';
import type { SessionState } from './session.js';
import type { Settings, SettingsPatch } from './settings.js';
import { settingsPatchSchema } from './settings.js';
import type { EndpointId, InputOf, OutputOf } from './api/table.js';
import { ENDPOINT_IDS } from './api/table.js';
import { setupInitSchema, type SetupInit, type SetupState } from './api/setup.js';

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

export interface RequestChannels {
  'api:call': { input: { endpoint: EndpointId; input: unknown }; output: Result<unknown> };
  'session:get': { input: null; output: SessionState };
  'session:login': { input: LoginInput; output: Result<SessionState> };
  'session:logout': { input: null; output: Result<SessionState> };
  'settings:get': { input: null; output: Settings };
  'settings:set': { input: SettingsPatch; output: Result<Settings> };
  'app:info': { input: null; output: AppInfo };
  /** First run of the embedded backend: create the first super-admin, or load the demo data. */
  'backend:setup': { input: SetupInit; output: Result<AppInfo> };
}

export type SessionEndReason = 'refresh-failed' | 'revoked' | 'expired';

export interface EventChannels {
  /** The session ended without the operator asking (refresh failed or was refused). */
  'session:expired': { reason: SessionEndReason; message: string };
  /** The session user changed (sign-in, sign-out, refresh moved the expiry). */
  'session:changed': SessionState;
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
  'app:info',
  'backend:setup',
] as const satisfies readonly RequestChannel[];

export const EVENT_CHANNELS = [
  'session:expired',
  'session:changed',
] as const satisfies readonly EventChannel[];

/** Electron channel names are namespaced so no other code's channel can be mistaken for ours. */
export const IPC_NAMESPACE = 'gameops';
export const ipcName = (channel: RequestChannel | EventChannel): string => `${IPC_NAMESPACE}:${channel}`;

const none = z
  .null()
  .or(z.undefined())
  .transform(() => null);

export const REQUEST_SCHEMAS: { [K in RequestChannel]: z.ZodType<RequestChannels[K]['input'], unknown> } = {
  'api:call': z.strictObject({
    endpoint: z.enum(ENDPOINT_IDS as [EndpointId, ...EndpointId[]]),
    input: z.unknown(),
  }) as z.ZodType<RequestChannels['api:call']['input'], unknown>,
  'session:get': none,
  'session:login': z.strictObject({
    account: z.string().max(64),
    password: z.string().max(256),
  }),
  'session:logout': none,
  'settings:get': none,
  'settings:set': settingsPatchSchema as z.ZodType<SettingsPatch, unknown>,
  'app:info': none,
  'backend:setup': setupInitSchema as z.ZodType<SetupInit, unknown>,
};

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
  };
  app: { info(): Promise<AppInfo> };
  backend: { setup(input: SetupInit): Promise<Result<AppInfo>> };
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
    },
    app: { info: () => req('app:info', null) },
    backend: { setup: (input) => req('backend:setup', input) },
    on: (event, listener) => {
      if (!isEventChannel(event)) throw new Error(`unknown event ${String(event)}`);
      return t.subscribe(event, (payload) => listener(payload as EventChannels[typeof event]));
    },
  };
}

/** The global the preload (or the browser host's shim) installs. */
export const BRIDGE_GLOBAL = 'gameops';
