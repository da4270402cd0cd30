import type { AlertsState, AlertsUpdate, WatchAlert } from '../../shared/api/serverWatch.js';
import type { SessionState } from '../../shared/session.js';
import { HTTP_TIMEOUT_MS } from '../../shared/constants.js';
import { Codes } from '../../shared/codes.js';
import type { Result } from '../../shared/envelope.js';
import type { OutputOf } from '../../shared/api/table.js';
import type { EventHub } from '../events.js';
import type { ApiClient } from '../http/api-client.js';
import { alertText, trayText } from './texts.js';
import { API } from '../services/api.js';
import { defineService, serviceId } from '../services/collection.js';
import type { MainService } from '../services/registry.js';
import { SESSION } from '../services/session.js';
import { SETTINGS, type SettingsService } from '../services/settings.js';

/**
 * Server watch in main: while an operator is signed in it long-polls the backend's alert log
 * (serverWatch.events), keeps the recent alerts for the bell (alerts:list), tells the renderer of
 * each new one (alerts:new), raises a native notification through the injected notifier, and
 * shows the count of down servers on the injected tray. It keeps running while the window is
 * hidden; with no window it still notifies.
 *
 * No notification storm: the backend appends one alert per incident (and a reminder only when
 * asked), none while paused or in a maintenance window; here a recovery is notified only for an
 * incident this console notified as down, muted alerts never notify, and what was already in the
 * log when watching began is listed, not notified. Clicking a notification brings the window up
 * and asks the renderer to open that server (alerts:open).
 */

export interface Notifier {
  show(n: { title: string; body: string; onClick: () => void }): void;
}

export interface TrayControl {
  update(state: { down: number; watching: boolean; tooltip: string }): void;
}

export interface AlertsOptions {
  /**
   * false: never watches (no long poll while signed in). For tests of other services that script
   * every request the server sees; the app and the browser host always watch.
   */
  enabled?: boolean;
  /** The OS's notifications (Electron's Notification in the app); none in the browser host. */
  notifier?: Notifier;
  /** The OS tray (Electron's Tray in the app). */
  tray?: TrayControl;
  /** Brings the console's window up (a notification was clicked). */
  showWindow?: () => void;
  /** Seconds each long-poll waits; default: what the HTTP timeout leaves room for, at most 25. */
  waitSec?: number;
  /** Waits between failed polls (tests make it instant). */
  sleep?: (ms: number) => Promise<void>;
  /** How many recent alerts are kept for the bell. Default 50. */
  keep?: number;
}

export interface AlertsServiceDeps extends AlertsOptions {
  call: ApiClient['call'];
  events: EventHub;
  settings: SettingsService;
  /** The session as it stands (signed in, and as whom). */
  session: () => Promise<SessionState>;
  timeoutMs?: number;
}

export interface AlertsService extends MainService {
  state(): AlertsState;
  /** The closeToTray setting: closing the window keeps the console (and its alerts) running. */
  closeToTray(): boolean;
  /** Resolves when the current poll loop has ended (tests). */
  idle(): Promise<void>;
}

type Listed = WatchAlert & { live: boolean };

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

export function createAlertsService(deps: AlertsServiceDeps): AlertsService {
  const keep = deps.keep ?? 50;
  const timeoutSec = Math.floor((deps.timeoutMs ?? HTTP_TIMEOUT_MS) / 1000);
  // The poll must end before main's own HTTP timeout gives up on it.
  const waitSec = deps.waitSec ?? Math.max(1, Math.min(25, timeoutSec - 2));
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
  let recent: Listed[] = [];
  let down = 0;
  let watching = false;
  /** Incidents this console notified as down: only their recovery is notified. */
  const told = new Set<number>();
  /** Bumped by every start and stop: a poll answered after it belongs to nobody. */
  let generation = 0;
  let operator: string | null = null;
  let loop: Promise<void> = Promise.resolve();

  const say = () => deps.settings.language();
  const showTray = () => deps.tray?.update({ down, watching, tooltip: trayText({ down, watching }, say()) });
  const publish = (alerts: Listed[]) => {
    const update: AlertsUpdate = { alerts, down };
    deps.events.emit('alerts:new', update);
    showTray();
  };

  const notify = (alert: WatchAlert) => {
    const notifier = deps.notifier;
    if (!notifier) return;
    const quiet = !alert.notify || alert.muted;
    if (alert.kind === 'recovered') {
      const known = alert.incidentId !== null && told.delete(alert.incidentId);
      if (!known || quiet) return;
    } else if (quiet) {
      return;
    } else if (alert.kind === 'down' && alert.incidentId !== null) {
      told.add(alert.incidentId);
    }
    const text = alertText(alert, say());
    notifier.show({
      ...text,
      onClick: () => {
        deps.showWindow?.();
        deps.events.emit('alerts:open', { alert });
      },
    });
  };

  const receive = (events: WatchAlert[], nowDown: number, live: boolean) => {
    const added = events.map((e) => ({ ...e, live }));
    // Newest first for the bell; a live alert is never one the log already gave us.
    recent = [...added]
      .reverse()
      .concat(recent.filter((r) => !added.some((a) => a.seq === r.seq)))
      .slice(0, keep);
    if (live) for (const e of events) notify(e);
    const changed = added.length > 0 || nowDown !== down;
    down = nowDown;
    if (changed || !live) publish(added);
  };

  const run = async (mine: number) => {
    let last: number | null = null;
    let retry = FIRST_RETRY_MS;
    while (mine === generation) {
      const res: Result<OutputOf<'serverWatch.events'>> = await deps.call(
        'serverWatch.events',
        last === null ? {} : { after: last, wait: waitSec },
      );
      if (mine !== generation) return;
      if (!res.ok) {
        if (res.error.code === Codes.FORBIDDEN) {
          // This operator's roles receive no alerts: nothing to watch until someone else signs in.
          watching = false;
          publish([]);
          return;
        }
        await sleep(retry);
        retry = Math.min(retry * 2, LAST_RETRY_MS);
        continue;
      }
      retry = FIRST_RETRY_MS;
      const first = last === null;
      last = res.data.last;
      if (first) watching = true;
      receive(res.data.events, res.data.down, !first);
    }
  };

  const stop = () => {
    generation++;
    operator = null;
    const had = watching || recent.length > 0 || down > 0;
    watching = false;
    recent = [];
    down = 0;
    told.clear();
    // Nothing was shown yet (the app started signed out): leave the tray uncreated.
    if (had) publish([]);
  };

  const follow = (s: SessionState) => {
    const who = s.signedIn ? s.user.phone : null;
    if (who === operator) return;
    stop();
    if (who === null) return;
    operator = who;
    const mine = generation;
    loop = run(mine).catch((err: unknown) => console.error('[gameops] server watch alerts stopped:', err));
  };

  let offSession: (() => void) | null = null;

  return {
    name: 'alerts',
    emits: ['alerts:new', 'alerts:open'],
    handlers: {
      'alerts:list': async () => ({
        alerts: recent,
        down,
        watching,
        notifications: deps.notifier ? 'native' : 'none',
      }),
    },
    state: () => ({ alerts: recent, down, watching, notifications: deps.notifier ? 'native' : 'none' }),
    closeToTray: () => deps.settings.get().closeToTray === true,
    idle: () => loop,
    async start() {
      if (deps.enabled === false) return;
      offSession = deps.events.on('session:changed', follow);
      follow(await deps.session());
    },
    async close() {
      offSession?.();
      stop();
    },
  };
}

export const ALERTS = serviceId<AlertsService>('alerts');

export const alertsService = defineService({
  id: ALERTS,
  needs: { api: API, settings: SETTINGS, session: SESSION },
  create: (
    { api, settings, session },
    given: { alerts?: AlertsOptions; events: EventHub; timeoutMs?: number },
  ) =>
    createAlertsService({
      ...given.alerts,
      call: api.client.call,
      events: given.events,
      settings,
      session: () => session.store.state(),
      timeoutMs: given.timeoutMs,
    }),
});
