import { Codes, type Language } from '../../shared/codes.js';
import { toResultError, type Result, type ResultError } from '../../shared/envelope.js';
import { SERVICES } from '../../shared/games.js';
import type { Settings, SettingsPatch } from '../../shared/settings-schema.js';
import { applyPatch, createSettingsStore, defaultSettings, servicesAt } from '../settings/settings-store.js';
import type { KeyValueStore } from '../storage/kv.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';

/**
 * The console's settings (language, backend, service addresses): answers settings:get/set and
 * tells the other services what changed, so each reacts in its own module (the session signs
 * out when the backend changes, the backend service starts or stops the embedded backend).
 */

export interface SettingsChange {
  before: Settings;
  after: Settings;
}

/** May throw (an ApiError): settings:set then saves the change and reports the first such error. */
export type SettingsListener = (change: SettingsChange) => Promise<void> | void;

export interface SettingsService extends MainService {
  /** What the operator saved (in embedded mode the services in use are the embedded backend's). */
  get(): Settings;
  language(): Language;
  /** Main's own messages, in the operator's language. */
  say(en: string, zh: string): string;
  onChange(listener: SettingsListener): () => void;
  /**
   * Heard before a change is saved, with what the settings will be; a listener that throws
   * refuses the change, which is then not saved (the session ends here before an address moves).
   */
  onBeforeChange(listener: SettingsListener): () => void;
  /** The settings applied at start-up moved to another backend than the saved one. */
  readonly backendChangedAtStart: boolean;
  /**
   * Where the embedded backend runs now (null: it does not): in embedded mode the settings
   * answered to the window show its address as every service's. The backend service says so.
   */
  embeddedAt(url: string | null): void;
}

export interface SettingsServiceDeps {
  kv: KeyValueStore;
  /** The language of a first run (the OS locale in the desktop app). */
  defaultLanguage?: Language;
  /** Applied and saved at start-up, over what was saved before (the host pointing at a given backend). */
  initialSettings?: SettingsPatch;
  /**
   * Asks the operator, in a native dialog of the desktop app, whether to allow the developer
   * tools; true only when they chose to. Absent (the browser host): there are none to allow.
   */
  confirmDevTools?: (language: Language) => Promise<boolean>;
}

/**
 * Tokens are only good on the backend that issued them, and every service address receives the
 * admin token: a change of any address, not only admin's, is a move to another backend.
 */
export function backendIdentity(s: Settings): string {
  return s.backend === 'embedded' ? 'embedded' : JSON.stringify(SERVICES.map((k) => s.services[k]));
}

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const store = createSettingsStore(deps.kv, defaultSettings(deps.defaultLanguage));
  const saved = backendIdentity(store.get());
  if (deps.initialSettings) {
    const applied = store.set(deps.initialSettings);
    if (!applied.ok) throw new Error(`initial settings are not valid: ${applied.error.message}`);
  }
  const listeners: SettingsListener[] = [];
  const beforeListeners: SettingsListener[] = [];
  const listen = (list: SettingsListener[], listener: SettingsListener) => {
    list.push(listener);
    return () => void list.splice(list.indexOf(listener) >>> 0, 1);
  };
  let embeddedUrl: string | null = null;
  /** The settings as in use: in embedded mode every service is the embedded backend, while it runs. */
  const inUse = (): Settings => {
    const saved = store.get();
    if (saved.backend === 'embedded' && embeddedUrl) return { ...saved, services: servicesAt(embeddedUrl) };
    return saved;
  };
  const language = () => store.get().language;
  const say = (en: string, zh: string) => (language() === 'zh-CN' ? zh : en);

  const apply = async (patch: SettingsPatch): Promise<Result<Settings>> => {
    const before = store.get();
    const next = applyPatch(before, patch);
    if (!next.ok) return next;
    for (const listener of [...beforeListeners]) {
      try {
        await listener({ before, after: next.data });
      } catch (err) {
        return { ok: false, error: toResultError(err) };
      }
    }
    const res = store.set(patch);
    if (!res.ok) return res;
    // Every listener hears the change, even after one has failed: each owns its own reaction.
    let firstError: ResultError | null = null;
    for (const listener of [...listeners]) {
      try {
        await listener({ before, after: res.data });
      } catch (err) {
        firstError ??= toResultError(err);
      }
    }
    // The setting is saved either way; the operator must learn now what did not follow it, and why.
    if (firstError) return { ok: false, error: firstError };
    return { ok: true, data: inUse() };
  };

  return {
    name: 'settings',
    get: () => store.get(),
    language,
    say,
    backendChangedAtStart: backendIdentity(store.get()) !== saved,
    onChange: (listener) => listen(listeners, listener),
    onBeforeChange: (listener) => listen(beforeListeners, listener),
    embeddedAt: (url) => {
      embeddedUrl = url;
    },
    handlers: {
      'settings:get': async () => inUse(),
      'settings:set': async (patch) => {
        // Checked here too, not only by the channel's schema: no caller from the window may
        // open a debugger into the signed app.
        if ('devTools' in patch) {
          return {
            ok: false,
            error: {
              code: Codes.FORBIDDEN,
              message: say(
                'Developer tools are allowed only through their own switch, which asks you to confirm',
                '开发者工具只能通过其专用开关开启，并需要您确认',
              ),
            },
          };
        }
        return apply(patch);
      },
      'settings:devTools': async ({ enabled }) => {
        if (!enabled) return apply({ devTools: false });
        if (!deps.confirmDevTools) {
          return {
            ok: false,
            error: {
              code: Codes.FORBIDDEN,
              message: say(
                'Only the desktop app has developer tools to allow',
                '只有桌面应用才有可开启的开发者工具',
              ),
            },
          };
        }
        // Declined: nothing changes, and the window shows the setting as it stays.
        if (!(await deps.confirmDevTools(language()))) return { ok: true, data: inUse() };
        return apply({ devTools: true });
      },
    },
  };
}

export const SETTINGS = serviceId<SettingsService>('settings');

export const settingsService = defineService({
  id: SETTINGS,
  needs: {},
  create: (_needs, given: SettingsServiceDeps) => createSettingsService(given),
});
