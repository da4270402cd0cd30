import { EVENT_LEVELS, OUTCOMES, type EventLevel } from '../../shared/api/systemLogs.js';
import { AUDIT_KINDS, type AuditKind } from '../../shared/api/users.js';
import type { InputOf } from '../../shared/api/table.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { pickOne, type ParamPatch } from '../kit/listParams.js';
import { dayOf, dayRange } from '../kit/dates.js';

export { dayRange, localDayStart } from '../kit/dates.js';

/**
 * The system logs' filters live in the URL (Back, reload and a shared link keep them): read
 * defensively (a hand-edited value is no filter), turned into the calls' inputs. Days are the
 * operator's local days, both ends included; the calls take instants with an exclusive end, so
 * the end is sent as the start of the next day.
 */

export const TABS = ['audit', 'events'] as const;
export type Tab = (typeof TABS)[number];
export const TAB_PARAM = 'tab';

export const AUDIT_PARAMS = {
  operator: 'op',
  kind: 'kind',
  action: 'action',
  game: 'game',
  outcome: 'outcome',
  from: 'from',
  to: 'to',
  page: 'page',
  entry: 'entry',
} as const;

export const EVENT_PARAMS = {
  area: 'area',
  kind: 'ekind',
  level: 'level',
  game: 'egame',
  from: 'efrom',
  to: 'eto',
  page: 'epage',
} as const;

export type LogGame = GameId | 'none';
const LOG_GAMES: readonly LogGame[] = [...GAME_IDS, 'none'];
const ACTION_ID = /^[A-Za-z][A-Za-z0-9]*\.[A-Za-z][A-Za-z0-9]*$/;
const AREA = /^[A-Za-z][A-Za-z0-9]*$/;
export interface AuditFilterValues {
  operator?: string;
  kind?: AuditKind;
  action?: string;
  game?: LogGame;
  outcome?: (typeof OUTCOMES)[number];
  from?: string;
  to?: string;
}

export function readAuditFilters(search: URLSearchParams): AuditFilterValues {
  const operator = search.get(AUDIT_PARAMS.operator)?.trim() ?? '';
  const action = search.get(AUDIT_PARAMS.action) ?? '';
  const kind = pickOne(search.get(AUDIT_PARAMS.kind), AUDIT_KINDS);
  const game = pickOne(search.get(AUDIT_PARAMS.game), LOG_GAMES);
  const outcome = pickOne(search.get(AUDIT_PARAMS.outcome), OUTCOMES);
  const from = dayOf(search.get(AUDIT_PARAMS.from));
  const to = dayOf(search.get(AUDIT_PARAMS.to));
  return {
    ...(operator && operator.length <= 200 ? { operator } : {}),
    ...(kind ? { kind } : {}),
    ...(ACTION_ID.test(action) ? { action } : {}),
    ...(game ? { game } : {}),
    ...(outcome ? { outcome } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export type AuditQuery = Omit<InputOf<'systemLogs.export'>, never>;

/** The filters as the calls' input (without paging), or 'reversed' when the days are back to front. */
export function auditInput(f: AuditFilterValues): AuditQuery | 'reversed' {
  const range = dayRange(f.from, f.to);
  if (range === 'reversed') return 'reversed';
  const { from: _from, to: _to, ...rest } = f;
  return { ...rest, ...range };
}

/** An entry's id in the URL (`?entry=12`), or null. */
export function idParam(raw: string | null): number | null {
  if (raw === null || !/^[0-9]{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

export const isFiltered = (f: object): boolean => Object.keys(f).length > 0;

/** The URL change that clears every audit filter (back to the first page, no entry open). */
export const clearAuditPatch: ParamPatch = Object.fromEntries(
  (['operator', 'kind', 'action', 'game', 'outcome', 'from', 'to', 'entry'] as const).map((k) => [
    AUDIT_PARAMS[k],
    '',
  ]),
);

export interface EventFilterValues {
  area?: string;
  kind?: string;
  level?: EventLevel;
  game?: LogGame;
  from?: string;
  to?: string;
}

export function readEventFilters(search: URLSearchParams): EventFilterValues {
  const area = search.get(EVENT_PARAMS.area) ?? '';
  const kind = search.get(EVENT_PARAMS.kind)?.trim() ?? '';
  const level = pickOne(search.get(EVENT_PARAMS.level), EVENT_LEVELS);
  const game = pickOne(search.get(EVENT_PARAMS.game), LOG_GAMES);
  const from = dayOf(search.get(EVENT_PARAMS.from));
  const to = dayOf(search.get(EVENT_PARAMS.to));
  return {
    ...(AREA.test(area) ? { area } : {}),
    ...(kind && kind.length <= 100 ? { kind } : {}),
    ...(level ? { level } : {}),
    ...(game ? { game } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export type EventsQuery = Omit<InputOf<'systemLogs.events'>, 'page' | 'pageSize'>;

export function eventsInput(f: EventFilterValues): EventsQuery | 'reversed' {
  const range = dayRange(f.from, f.to);
  if (range === 'reversed') return 'reversed';
  const { from: _from, to: _to, ...rest } = f;
  return { ...rest, ...range };
}

export const clearEventsPatch: ParamPatch = Object.fromEntries(
  (['area', 'kind', 'level', 'game', 'from', 'to'] as const).map((k) => [EVENT_PARAMS[k], '']),
);

/** The areas of event kinds ('backend' of 'backend.started'), sorted, once each. */
export function areasOf(kinds: readonly string[]): string[] {
  return [...new Set(kinds.map((k) => k.split('.')[0] ?? '').filter((a) => AREA.test(a)))].sort();
}
