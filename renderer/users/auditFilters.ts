import { AUDIT_KINDS, type AuditKind } from '../../shared/api/users.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import type { InputOf } from '../../shared/api/table.js';
import { pickOne, type ParamPatch } from '../kit/listParams.js';

/**
 * The audit log's filters, kept in the URL of the operator's page: the kind of entry (sessions or
 * actions), the game, and a range of days. Days are the operator's local days, both ends
 * included; the call takes instants, the end exclusive (users.logs), so the end is sent as the
 * start of the next day.
 */
export const AUDIT_PARAMS = {
  kind: 'logKind',
  game: 'logGame',
  from: 'logFrom',
  to: 'logTo',
  page: 'logPage',
} as const;

export interface AuditFilter {
  kind?: AuditKind;
  game?: GameId;
  /** Local days, 'YYYY-MM-DD'. */
  from?: string;
  to?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a local day, or null when the text is not a real day (a hand-edited URL). */
export function localDayStart(day: string): Date | null {
  const m = DAY.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

function dayOf(raw: string | null): string | undefined {
  return raw !== null && localDayStart(raw) !== null ? raw : undefined;
}

export function readAuditFilter(search: URLSearchParams): AuditFilter {
  const kind = pickOne(search.get(AUDIT_PARAMS.kind), AUDIT_KINDS);
  const game = pickOne(search.get(AUDIT_PARAMS.game), GAME_IDS);
  const from = dayOf(search.get(AUDIT_PARAMS.from));
  const to = dayOf(search.get(AUDIT_PARAMS.to));
  return {
    ...(kind ? { kind } : {}),
    ...(game ? { game } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

export function isFilteredLog(f: AuditFilter): boolean {
  return Object.keys(f).length > 0;
}

/** The URL change that clears every filter (and so goes back to the first page). */
export const clearAuditPatch: ParamPatch = {
  [AUDIT_PARAMS.kind]: '',
  [AUDIT_PARAMS.game]: '',
  [AUDIT_PARAMS.from]: '',
  [AUDIT_PARAMS.to]: '',
};

export type LogsInput = Omit<InputOf<'users.logs'>, 'pageSize'>;

/**
 * The call for one page of an operator's log with these filters, or 'reversed' when the range
 * ends before it starts (the server would refuse it; the page says why instead).
 */
export function auditLogInput(phone: string, page: number, f: AuditFilter): LogsInput | 'reversed' {
  const from = f.from ? localDayStart(f.from) : null;
  const toStart = f.to ? localDayStart(f.to) : null;
  const to = toStart ? new Date(toStart.getFullYear(), toStart.getMonth(), toStart.getDate() + 1) : null;
  if (from && to && from.getTime() >= to.getTime()) return 'reversed';
  return {
    phone,
    page,
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.game ? { game: f.game } : {}),
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
}
