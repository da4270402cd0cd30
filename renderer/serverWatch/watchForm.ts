import { WATCH_LIMITS, type CheckKind, type WatchedServer } from '../../shared/api/serverWatch.js';
import type { InputOf } from '../../shared/api/table.js';
import type { FieldOf } from '../kit/form/bound.js';
import type { GameId } from '../../shared/games.js';

/**
 * The add / edit form of a watched server. The draft keeps every check kind's fields (switching
 * kind does not lose what was typed) as text; the input sent holds only the chosen kind's. The
 * endpoint's own schema judges it (kit/form.ts), so the form accepts exactly what the backend does.
 */

export interface WatchDraft {
  name: string;
  game: GameId | '';
  kind: CheckKind;
  host: string;
  port: string;
  url: string;
  expectStatus: string;
  intervalSec: string;
  timeoutMs: string;
  failuresToDown: string;
  /** '' = no reminder. */
  remindEveryMin: string;
  notifyKind: 'game' | 'operators';
  operatorIds: number[];
  note: string;
  /** Asked only of a change; sent when it says something (two characters or more). */
  reason: string;
}

export function emptyWatch(): WatchDraft {
  return {
    name: '',
    game: '',
    kind: 'gameStatus',
    host: '',
    port: '',
    url: '',
    expectStatus: '200',
    intervalSec: String(WATCH_LIMITS.intervalSec.default),
    timeoutMs: String(WATCH_LIMITS.timeoutMs.default),
    failuresToDown: String(WATCH_LIMITS.failuresToDown.default),
    remindEveryMin: '',
    notifyKind: 'game',
    operatorIds: [],
    note: '',
    reason: '',
  };
}

export function draftOf(s: WatchedServer): WatchDraft {
  const d = emptyWatch();
  const check = s.check;
  return {
    ...d,
    name: s.name,
    game: s.game,
    kind: check.kind,
    host: check.kind === 'tcp' ? check.host : '',
    port: check.kind === 'tcp' ? String(check.port) : '',
    url: check.kind === 'tcp' ? '' : check.url,
    expectStatus: check.kind === 'http' ? String(check.expectStatus) : d.expectStatus,
    intervalSec: String(s.intervalSec),
    timeoutMs: String(s.timeoutMs),
    failuresToDown: String(s.failuresToDown),
    remindEveryMin: s.remindEveryMin === null ? '' : String(s.remindEveryMin),
    notifyKind: s.notify.kind,
    operatorIds: s.notify.kind === 'operators' ? s.notify.operators.map((o) => o.id) : [],
    note: s.note,
  };
}

/** A typed number, or the text itself (the schema then says it is not a number). */
function num(text: string): number | string {
  const t = text.trim();
  return /^-?\d+$/.test(t) ? Number(t) : t;
}

/** The check the draft describes (only its kind's fields). */
export function checkOf(d: WatchDraft): Record<string, unknown> {
  if (d.kind === 'tcp') return { kind: 'tcp', host: d.host.trim(), port: num(d.port) };
  if (d.kind === 'http') return { kind: 'http', url: d.url.trim(), expectStatus: num(d.expectStatus) };
  return { kind: 'gameStatus', url: d.url.trim() };
}

const TEXTS = 'serverWatch.fields';

/** The form adding a server, or changing `editing` (its id fixed). */
export function watchForm(editing?: WatchedServer) {
  return {
    endpoint: 'serverWatch.save' as const,
    name: 'watch',
    texts: TEXTS,
    initial: editing ? draftOf(editing) : emptyWatch(),
    fixed: editing ? { id: editing.id } : {},
    parse: {
      check: checkOf,
      intervalSec: (d: WatchDraft) => num(d.intervalSec),
      timeoutMs: (d: WatchDraft) => num(d.timeoutMs),
      failuresToDown: (d: WatchDraft) => num(d.failuresToDown),
      remindEveryMin: (d: WatchDraft) => (d.remindEveryMin.trim() === '' ? null : num(d.remindEveryMin)),
      notify: (d: WatchDraft) =>
        d.notifyKind === 'game' ? { kind: 'game' } : { kind: 'operators', operatorIds: d.operatorIds },
      reason: (d: WatchDraft) => (d.reason.trim().length >= 2 ? d.reason.trim() : undefined),
    },
    // What to check is said for the kind chosen.
    invalid: (f: string, d: WatchDraft) => (f === 'check' ? `${TEXTS}.check.invalid.${d.kind}` : undefined),
    clears: (k: keyof WatchDraft): readonly FieldOf<'serverWatch.save', WatchDraft>[] =>
      k === 'kind' || k === 'host' || k === 'port' || k === 'url' || k === 'expectStatus'
        ? ['check']
        : k === 'notifyKind' || k === 'operatorIds'
          ? ['notify']
          : k === 'intervalSec'
            ? ['intervalSec', 'timeoutMs']
            : [k],
  };
}

/** The test call's input for the draft's check (nothing saved). */
export function testInputOf(draft: WatchDraft, timeoutMs: number): InputOf<'serverWatch.test'> {
  const c = checkOf(draft);
  const timeout = Math.min(Math.max(timeoutMs, WATCH_LIMITS.timeoutMs.min), WATCH_LIMITS.timeoutMs.max);
  return { ...c, timeoutMs: timeout } as InputOf<'serverWatch.test'>;
}
