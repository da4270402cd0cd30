import { Codes } from '../../shared/codes.js';
import { describeIssues, issuesOf, type Result } from '../../shared/envelope.js';
import { SERVICES, SERVICE_BASE_PATHS, type ServiceName } from '../../shared/games.js';
import {
  backendModeSchema,
  languageSchema,
  settingsPatchSchema,
  settingsSchema,
  themeSchema,
  updateChannelSchema,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings-schema.js';
import type { KeyValueStore } from '../storage/kv.js';

export const SETTINGS_KEY = 'settings';

/**
 * Where `npm run server` listens by default: the natural first guess for a studio trying the
 * console against a reference backend of its own before entering its real hosts.
 */
export const DEFAULT_CUSTOM_ORIGIN = 'http://127.0.0.1:8787';

/** Every service on one origin, each under its base path: how the reference backend serves them. */
export function servicesAt(origin: string): Record<ServiceName, string> {
  const root = origin.replace(/\/+$/, '');
  return Object.fromEntries(SERVICES.map((s) => [s, `${root}${SERVICE_BASE_PATHS[s]}`])) as Record<
    ServiceName,
    string
  >;
}

export function defaultSettings(language: Settings['language'] = 'zh-CN'): Settings {
  return {
    language,
    backend: 'embedded',
    services: servicesAt(DEFAULT_CUSTOM_ORIGIN),
    updateChannel: 'stable',
    theme: 'system',
    devTools: false,
    closeToTray: false,
  };
}

/** Trailing slashes would double up with the endpoint paths, which start with one. */
function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/**
 * Reads what was saved, keeping each valid part and taking the default for the rest: one bad URL
 * written by an older version (or a hand edit) must not throw away the operator's language.
 */
export function readSettings(raw: unknown, fallback: Settings): Settings {
  const whole = settingsSchema.safeParse(raw);
  if (whole.success) return normalize(whole.data);
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const language = languageSchema.safeParse(obj['language']);
  const backend = backendModeSchema.safeParse(obj['backend']);
  const savedServices =
    obj['services'] && typeof obj['services'] === 'object'
      ? (obj['services'] as Record<string, unknown>)
      : {};
  const services = { ...fallback.services };
  for (const s of SERVICES) {
    const one = settingsPatchSchema.safeParse({ services: { [s]: savedServices[s] } });
    const url = one.success ? one.data.services?.[s] : undefined;
    if (url) services[s] = normalizeUrl(url);
  }
  const updateChannel = updateChannelSchema.safeParse(obj['updateChannel']);
  const theme = themeSchema.safeParse(obj['theme']);
  return {
    language: language.success ? language.data : fallback.language,
    backend: backend.success ? backend.data : fallback.backend,
    services,
    updateChannel: updateChannel.success ? updateChannel.data : fallback.updateChannel,
    theme: theme.success ? theme.data : fallback.theme,
    devTools: typeof obj['devTools'] === 'boolean' ? obj['devTools'] : fallback.devTools,
    closeToTray: typeof obj['closeToTray'] === 'boolean' ? obj['closeToTray'] : fallback.closeToTray,
  };
}

function normalize(s: Settings): Settings {
  return {
    ...s,
    services: Object.fromEntries(
      SERVICES.map((k) => [k, normalizeUrl(s.services[k])]),
    ) as Settings['services'],
  };
}

export function applyPatch(current: Settings, patch: unknown): Result<Settings> {
  const parsed = settingsPatchSchema.safeParse(patch);
  if (!parsed.success) {
    const details = issuesOf(parsed.error);
    return { ok: false, error: { code: Codes.VALIDATION, message: describeIssues(details), details } };
  }
  const p: SettingsPatch = parsed.data;
  const services = { ...current.services };
  for (const s of SERVICES) {
    const url = p.services?.[s];
    if (url !== undefined) services[s] = normalizeUrl(url);
  }
  return {
    ok: true,
    data: {
      language: p.language ?? current.language,
      backend: p.backend ?? current.backend,
      services,
      updateChannel: p.updateChannel ?? current.updateChannel,
      theme: p.theme ?? current.theme,
      devTools: p.devTools ?? current.devTools,
      closeToTray: p.closeToTray ?? current.closeToTray,
    },
  };
}

export interface SettingsStore {
  /** What the operator saved (in embedded mode the services in use are the embedded backend's). */
  get(): Settings;
  set(patch: unknown): Result<Settings>;
}

export function createSettingsStore(
  kv: KeyValueStore,
  defaults: Settings = defaultSettings(),
): SettingsStore {
  let current = readSettings(kv.get(SETTINGS_KEY), defaults);
  return {
    get: () => current,
    set(patch) {
      const next = applyPatch(current, patch);
      if (!next.ok) return next;
      current = next.data;
      kv.set(SETTINGS_KEY, current);
      return next;
    },
  };
}
