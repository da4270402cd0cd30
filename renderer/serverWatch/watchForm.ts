import { WATCH_LIMITS, type CheckKind, type WatchedServer } from '../../shared/api/serverWatch.js';
import type { InputOf } from '../../shared/api/table.js';
import type { GameId } from '../../shared/games.js';
import { outcome, schemaErrors, type Checked } from '../kit/form.js';

/**
 * The add / edit form of a watched server. The draft keeps every check kind's fields (switching
 * kind does not lose what was typed) as text; the input sent holds only the chosen kind's. The
 * endpoint's own schema judges it (kit/form.ts), so the form accepts exactly what the backend does.
 */

export const WATCH_FIELDS = [
  'name',
  'game',
  'check',
  'intervalSec',
  'timeoutMs',
  'failuresToDown',
  'remindEveryMin',
  'notify',
  'note',
] as const;
export type WatchField = (typeof WATCH_FIELDS)[number];

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
}

export type WatchInput = Omit<InputOf<'serverWatch.save'>, 'reason'>;

/** What a wrong field is told; what to check is said for the kind chosen. */
export const watchInvalidKey = (f: WatchField, d?: WatchDraft): string =>
  f === 'check' && d ? `serverWatch.invalid.check.${d.kind}` : `serverWatch.invalid.${f}`;

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

/** The save input of the draft (with `id` when editing), or what is wrong with it. */
export function checkWatch(draft: WatchDraft, id?: number): Checked<WatchInput, WatchField> {
  const candidate: Record<string, unknown> = {
    ...(id === undefined ? {} : { id }),
    name: draft.name.trim(),
    game: draft.game,
    check: checkOf(draft),
    intervalSec: num(draft.intervalSec),
    timeoutMs: num(draft.timeoutMs),
    failuresToDown: num(draft.failuresToDown),
    remindEveryMin: draft.remindEveryMin.trim() === '' ? null : num(draft.remindEveryMin),
    notify:
      draft.notifyKind === 'game' ? { kind: 'game' } : { kind: 'operators', operatorIds: draft.operatorIds },
    note: draft.note.trim(),
  };
  const errors = schemaErrors('serverWatch.save', candidate, WATCH_FIELDS, (f) => watchInvalidKey(f, draft));
  return outcome(candidate as WatchInput, errors);
}

/** The test call's input for the draft's check (nothing saved). */
export function testInputOf(draft: WatchDraft, timeoutMs: number): InputOf<'serverWatch.test'> {
  const c = checkOf(draft);
  const timeout = Math.min(Math.max(timeoutMs, WATCH_LIMITS.timeoutMs.min), WATCH_LIMITS.timeoutMs.max);
  return { ...c, timeoutMs: timeout } as InputOf<'serverWatch.test'>;
}
