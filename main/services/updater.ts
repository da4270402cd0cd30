import { Codes } from '../../shared/codes.js';
import type { Result } from '../../shared/envelope.js';
import type { AppInfo, UpdateState } from '../../shared/ipc.js';
import type { UpdateChannel } from '../../shared/settings.js';
import type { EventHub } from '../events.js';
import type { Localized } from '../session/keychain.js';
import { isTamperedError, type UpdateEngine } from '../updater/engine.js';
import { isUpdateSignatureError, type SignatureProblem } from '../updater/signature.js';
import { updaterAvailability } from '../updater/config.js';
import { defineService, serviceId } from './collection.js';
import type { MainService } from './registry.js';
import { SETTINGS, type SettingsService } from './settings.js';

/**
 * The desktop app's updater (issue 10): checks the feed shortly after start and every few hours,
 * downloads a newer version in the background with progress, and keeps it ready until the
 * operator restarts ("Restart to update" in the top bar or the app menu) or quits. It never
 * restarts on its own, and refuses to while the window reports an open dialog. A failed or
 * tampered download (sha512 not the feed's, or not signed by the publisher) is reported, never
 * installed, and tried again later.
 * The renderer sees all of it as one state (updates:state).
 */

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending check must not keep a closing app (or a test run) alive.
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export const UPDATE_TIMING = {
  /** After start: the window and the backend come first. */
  firstCheckMs: 30_000,
  /** "Every few hours". */
  checkEveryMs: 4 * 60 * 60_000,
  /** After a failure: 5 minutes, then 15, then an hour; then the normal interval. */
  retryMs: [5 * 60_000, 15 * 60_000, 60 * 60_000] as readonly number[],
};

export interface UpdaterServiceDeps {
  /** null: this copy cannot update itself (`disabled` says why). */
  engine: UpdateEngine | null;
  disabled: Localized | null;
  feed: string | null;
  currentVersion: string;
  settings: SettingsService;
  events: EventHub;
  timers?: Timers;
  timing?: Partial<typeof UPDATE_TIMING>;
}

export interface UpdaterService extends MainService {
  state(): UpdateState;
  onState(listener: (state: UpdateState) => void): () => void;
  /** Checks now (unless a check or download is under way: then waits for it). */
  checkNow(): Promise<UpdateState>;
  /** The app menu's "Restart to update…": the window shows the notes and asks. */
  showDialog(): void;
  install(): Result<null>;
  /** Open dialogs the window reported (the update dialog itself not counted). */
  openDialogs(): number;
  /** Resolves once no check or download is running (tests, and a clean shutdown). */
  settled(): Promise<void>;
}

export function createUpdaterService(deps: UpdaterServiceDeps): UpdaterService {
  const timers = deps.timers ?? realTimers;
  const timing = { ...UPDATE_TIMING, ...deps.timing };
  const say = (l: Localized) => deps.settings.say(l.en, l['zh-CN']);
  const listeners = new Set<(s: UpdateState) => void>();

  let channel: UpdateChannel = deps.settings.get().updateChannel;
  let state: UpdateState = {
    phase: deps.engine ? 'idle' : 'disabled',
    disabledReason: deps.disabled ? say(deps.disabled) : null,
    channel,
    feed: deps.feed,
    currentVersion: deps.currentVersion,
    ...NO_RELEASE,
    progress: null,
    lastCheckAt: null,
    nextCheckAt: null,
    error: null,
  };
  let running: Promise<void> | null = null;
  let timer: unknown = null;
  let failures = 0;
  let dialogs = 0;
  let closed = false;
  /** Bumped by a channel change: a run started for the other channel does not write its result. */
  let generation = 0;

  const set = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch };
    deps.events.emit('updates:state', state);
    for (const l of [...listeners]) l(state);
  };

  const schedule = (ms: number) => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (closed || !deps.engine) return;
    const at = timers.now() + ms;
    timer = timers.setTimeout(() => {
      timer = null;
      void runOnce();
    }, ms);
    set({ nextCheckAt: at });
  };

  const runOnce = (): Promise<void> => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  const run = async (): Promise<void> => {
    const engine = deps.engine;
    if (!engine || closed) return;
    const mine = generation;
    const stale = () => mine !== generation || closed;
    const ready = state.phase === 'downloaded' ? state.version : null;
    set({ phase: ready ? 'downloaded' : 'checking', nextCheckAt: null });
    try {
      if (!(await checkAndDownload(engine, { channel, ready, stale, set, now: () => timers.now() }))) return;
      failures = 0;
      schedule(timing.checkEveryMs);
    } catch (err) {
      if (stale()) return;
      const retryIn = timing.retryMs[Math.min(failures, timing.retryMs.length - 1)] ?? timing.checkEveryMs;
      failures += 1;
      const failure = failureOf(err, state.version ?? '');
      // An update downloaded before stays ready when only the check failed; a failed download of a
      // newer one has taken the older file with it (electron-updater clears its cache).
      const keep = ready !== null && state.phase !== 'downloading';
      set({
        phase: keep ? 'downloaded' : 'error',
        progress: null,
        lastCheckAt: timers.now(),
        error: {
          message: say(failure.message),
          tampered: failure.tampered,
          at: timers.now(),
          retryAt: timers.now() + retryIn,
        },
      });
      console.warn(`[gameops] update ${failure.what}:`, err);
      schedule(retryIn);
    }
  };

  const install = (): Result<null> => {
    if (!deps.engine) {
      return { ok: false, error: { code: Codes.UNAVAILABLE, message: state.disabledReason ?? '' } };
    }
    const notNow =
      state.phase !== 'downloaded' || !state.version ? NOTHING_READY : dialogs > 0 ? DIALOG_OPEN : null;
    if (notNow) return { ok: false, error: { code: Codes.CONFLICT, message: say(notNow) } };
    console.info(`[gameops] restarting into version ${state.version}`);
    deps.engine.quitAndInstall();
    return { ok: true, data: null };
  };

  const checkNow = async (): Promise<UpdateState> => {
    if (!deps.engine) return state;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    await runOnce();
    return state;
  };

  const offSettings = deps.settings.onChange(({ before, after }) => {
    if (before.updateChannel === after.updateChannel) return;
    channel = after.updateChannel;
    generation += 1;
    failures = 0;
    // What was found or downloaded belongs to the other channel: forget it, and ask the new one.
    deps.engine?.forgetDownloaded();
    set({
      channel,
      phase: deps.engine ? 'idle' : 'disabled',
      ...NO_RELEASE,
      progress: null,
      error: null,
    });
    running = null;
    schedule(0);
  });

  return {
    name: 'updater',
    emits: ['updates:state', 'updates:show'],
    state: () => state,
    onState(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    checkNow,
    showDialog: () => deps.events.emit('updates:show', null),
    install,
    openDialogs: () => dialogs,
    settled: async () => {
      while (running) await running;
    },
    handlers: {
      'updates:get': async () => state,
      'updates:check': checkNow,
      'updates:install': async () => install(),
      'ui:dialogs': async ({ open }) => {
        dialogs = open;
        return null;
      },
    },
    async start() {
      if (deps.engine) schedule(timing.firstCheckMs);
      else console.info(`[gameops] updates are off: ${state.disabledReason ?? ''}`);
    },
    async close() {
      closed = true;
      offSettings();
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * One check of the feed for `channel`, and the download of a newer version it finds; each phase
 * is told to `set`. False when it went stale on the way (its result is then nobody's). Throws
 * what the engine throws.
 */
async function checkAndDownload(
  engine: UpdateEngine,
  run: {
    channel: UpdateChannel;
    /** The version already downloaded and waiting, if any. */
    ready: string | null;
    stale: () => boolean;
    set: (patch: Partial<UpdateState>) => void;
    now: () => number;
  },
): Promise<boolean> {
  const { ready, stale, set, now } = run;
  engine.setChannel(run.channel);
  const found = await engine.check();
  if (stale()) return false;
  if (!found) {
    set({
      phase: ready ? 'downloaded' : 'idle',
      lastCheckAt: now(),
      error: null,
      ...(ready ? {} : NO_RELEASE),
    });
    return true;
  }
  if (ready === found.version) {
    set({ phase: 'downloaded', lastCheckAt: now(), error: null });
    return true;
  }
  set({ phase: 'downloading', ...found, progress: null, error: null, lastCheckAt: now() });
  await engine.download((p) => {
    if (!stale()) set({ progress: p });
  });
  if (stale()) return false;
  set({ phase: 'downloaded', progress: null, error: null });
  return true;
}

/** What a state says of a release when it knows of none. */
const NO_RELEASE = { version: null, releaseName: null, releaseNotes: null, releaseDate: null } as const;

const NOTHING_READY: Localized = {
  en: 'No update is ready to install yet.',
  'zh-CN': '还没有可安装的更新。',
};
const DIALOG_OPEN: Localized = {
  en: 'A dialog is open: finish or close it first, so nothing you typed is lost, then restart.',
  'zh-CN': '有对话框处于打开状态：请先完成或关闭它，以免丢失已输入的内容，然后再重启。',
};

/** Why a check or download of version `version` failed: what the operator reads, and the log's word. */
function failureOf(err: unknown, version: string): { message: Localized; tampered: boolean; what: string } {
  const tampered = isTamperedError(err);
  const signature = isUpdateSignatureError(err) ? err.problem : null;
  if (signature) {
    return {
      message: signatureRefusal(signature, version, describe(err)),
      tampered,
      what: 'download rejected (signature)',
    };
  }
  if (tampered) {
    return {
      message: {
        en: `The downloaded update did not match the checksum its feed published, so it was deleted and not installed. It will be downloaded again later. (${describe(err)})`,
        'zh-CN': `下载的更新与更新源公布的校验和不一致，已删除且不会安装，稍后将重新下载。（${describe(err)}）`,
      },
      tampered,
      what: 'download rejected (checksum)',
    };
  }
  return {
    message: {
      en: `Checking for updates failed: ${describe(err)}. It will be tried again later.`,
      'zh-CN': `检查更新失败：${describe(err)}。稍后将重试。`,
    },
    tampered,
    what: 'check failed',
  };
}

/** What the operator reads when the publisher's signature on a download is missing or wrong. */
function signatureRefusal(problem: SignatureProblem, version: string, detail: string): Localized {
  return problem === 'missing'
    ? {
        en: `Version ${version} was not installed: its update feed has no signature from the console's publisher, so the download cannot be proven genuine and was deleted. It will be tried again later; if this persists, tell whoever publishes the console's updates. (${detail})`,
        'zh-CN': `未安装版本 ${version}：其更新源没有控制台发布者的签名，无法证明下载内容是真实的，已删除。稍后将重试；如果一直如此，请告知发布控制台更新的人员。（${detail}）`,
      }
    : {
        en: `Version ${version} was not installed: the download is not signed by the console's publisher (the signature is wrong), so it may have been tampered with and was deleted. It will be tried again later; if this persists, tell whoever publishes the console's updates. (${detail})`,
        'zh-CN': `未安装版本 ${version}：下载内容没有控制台发布者的有效签名（签名不正确），可能已被篡改，已删除。稍后将重试；如果一直如此，请告知发布控制台更新的人员。（${detail}）`,
      };
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0]!.slice(0, 300);
  return String(err).slice(0, 300);
}

export const UPDATER = serviceId<UpdaterService>('updater');

export interface UpdaterGivens {
  app: Pick<AppInfo, 'version' | 'shell' | 'platform'>;
  events: EventHub;
  /** The desktop app's updater (main/updater/); without one, updates are off and the About box says why. */
  updater?: { engine: UpdateEngine | null; disabled: Localized | null; feed: string | null; timers?: Timers };
}

export const updaterService = defineService({
  id: UPDATER,
  needs: { settings: SETTINGS },
  create: ({ settings }, given: UpdaterGivens) => {
    // No updater given: the shell cannot update itself, and the About box says why.
    const none = updaterAvailability({
      shell: given.app.shell,
      isPackaged: false,
      platform: given.app.platform,
      updateConfig: null,
    });
    return createUpdaterService({
      engine: given.updater?.engine ?? null,
      disabled: given.updater ? given.updater.disabled : none.disabled,
      feed: given.updater?.feed ?? null,
      currentVersion: given.app.version,
      settings,
      events: given.events,
      timers: given.updater?.timers,
    });
  },
});
