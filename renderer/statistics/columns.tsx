import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type {
  AddressFigures,
  ApiStats,
  MatchDayRow,
  MatchDetail,
  MatchSummary,
  SignIn,
} from '../../shared/api/statistics.js';
import type { Language } from '../../shared/codes.js';
import type { ColumnKind as FileKind, ExportColumn } from '../../shared/api/exports.js';
import type { TableColumn } from '../kit/table.js';
import { formatCount } from '../players/cellFormat.js';
import { dateTimeFormat } from '../components/intl.js';

/**
 * Every table of the statistics screens as one list of column definitions (a key, the text key of
 * its label, a kind and the row's value): the screens draw them, and an export can write them with
 * the same labels and kinds. Times are shown in the studio's zone, the one the figures are in.
 */
export type ColumnKind = 'text' | 'count' | 'ms' | 'seconds' | 'day' | 'time';

export interface StatColumn<T> {
  key: string;
  /** Text key under statistics.column. */
  label: string;
  kind: ColumnKind;
  value: (row: T) => string | number | null;
  width: number;
  /** The endpoint's sort key, when the list sorts by this column. */
  sortKey?: string;
}

export const matchDayColumns: readonly StatColumn<MatchDayRow>[] = [
  { key: 'day', label: 'day', kind: 'day', value: (r) => r.day, width: 120 },
  { key: 'mode', label: 'mode', kind: 'text', value: (r) => r.mode, width: 120 },
  { key: 'matches', label: 'matches', kind: 'count', value: (r) => r.matches, width: 100 },
  { key: 'players', label: 'players', kind: 'count', value: (r) => r.players, width: 100 },
  { key: 'avgSeconds', label: 'avgLength', kind: 'seconds', value: (r) => r.avgSeconds, width: 120 },
];

export const matchColumns: readonly StatColumn<MatchSummary>[] = [
  { key: 'id', label: 'matchId', kind: 'text', value: (r) => r.id, width: 130 },
  { key: 'startedAt', label: 'startedAt', kind: 'time', value: (r) => r.startedAt, width: 170 },
  { key: 'mode', label: 'mode', kind: 'text', value: (r) => r.mode, width: 110 },
  { key: 'map', label: 'map', kind: 'text', value: (r) => r.map, width: 130 },
  { key: 'seconds', label: 'length', kind: 'seconds', value: (r) => r.seconds, width: 100 },
  { key: 'players', label: 'players', kind: 'count', value: (r) => r.players, width: 90 },
  { key: 'winner', label: 'winner', kind: 'text', value: (r) => r.winner ?? 'draw', width: 100 },
];

export const lineupColumns: readonly StatColumn<MatchDetail['lineup'][number]>[] = [
  { key: 'side', label: 'side', kind: 'text', value: (r) => r.side, width: 90 },
  { key: 'playerId', label: 'player', kind: 'text', value: (r) => r.playerId, width: 260 },
  { key: 'result', label: 'result', kind: 'text', value: (r) => r.result, width: 90 },
  { key: 'kills', label: 'kills', kind: 'count', value: (r) => r.kills, width: 80 },
  { key: 'deaths', label: 'deaths', kind: 'count', value: (r) => r.deaths, width: 80 },
  { key: 'score', label: 'score', kind: 'count', value: (r) => r.score, width: 90 },
];

export const endpointColumns: readonly StatColumn<ApiStats['endpoints'][number]>[] = [
  { key: 'endpoint', label: 'endpoint', kind: 'text', value: (r) => r.endpoint, width: 240 },
  { key: 'calls', label: 'calls', kind: 'count', value: (r) => r.calls, width: 90 },
  { key: 'errors', label: 'errors', kind: 'count', value: (r) => r.errors, width: 90 },
  { key: 'p50', label: 'p50', kind: 'ms', value: (r) => r.p50, width: 100 },
  { key: 'p95', label: 'p95', kind: 'ms', value: (r) => r.p95, width: 100 },
  {
    key: 'errorCodes',
    label: 'errorCodes',
    kind: 'text',
    value: (r) => r.errorCodes.map((c) => `${c.code} × ${c.calls}`).join(', '),
    width: 220,
  },
];

export const addressColumns: readonly StatColumn<AddressFigures>[] = [
  { key: 'ip', label: 'address', kind: 'text', value: (r) => r.ip, width: 200 },
  {
    key: 'accounts',
    label: 'accounts',
    kind: 'count',
    value: (r) => r.accounts,
    width: 110,
    sortKey: 'accounts',
  },
  {
    key: 'signIns',
    label: 'signIns',
    kind: 'count',
    value: (r) => r.signIns,
    width: 110,
    sortKey: 'signIns',
  },
  { key: 'firstAt', label: 'firstAt', kind: 'time', value: (r) => r.firstAt, width: 170 },
  { key: 'lastAt', label: 'lastAt', kind: 'time', value: (r) => r.lastAt, width: 170, sortKey: 'lastAt' },
];

export const signInColumns: readonly StatColumn<SignIn>[] = [
  { key: 'at', label: 'at', kind: 'time', value: (r) => r.at, width: 180 },
  { key: 'playerId', label: 'player', kind: 'text', value: (r) => r.playerId, width: 260 },
  { key: 'ip', label: 'address', kind: 'text', value: (r) => r.ip, width: 200 },
  { key: 'seconds', label: 'length', kind: 'seconds', value: (r) => r.seconds, width: 100 },
];

/**
 * How each kind of column is written in an export (CSV, XLSX): counts and lengths as numbers (the
 * unit in the heading: the screen shows m:ss and "≤ n ms"), days as dates, instants as datetimes.
 * A cell the screen words from a code (a mode, a side, a result) is the code in the file, and an
 * endpoint's error codes are their list as text.
 */
const FILE_KIND: Record<ColumnKind, { kind: FileKind; unit?: string }> = {
  text: { kind: 'text' },
  count: { kind: 'number' },
  ms: { kind: 'number', unit: 'ms' },
  seconds: { kind: 'number', unit: 's' },
  day: { kind: 'date' },
  time: { kind: 'datetime' },
};

/** A table's columns as an export's, headed as on screen (with the unit of a length). */
export function fileColumns<T>(cols: readonly StatColumn<T>[], t: TFunction): ExportColumn[] {
  return cols.map((c) => {
    const label = t(`statistics.column.${c.label}`);
    const file = FILE_KIND[c.kind];
    return { key: c.key, label: file.unit ? `${label} (${file.unit})` : label, kind: file.kind };
  });
}

/** A time in the studio's zone, as the operator's language writes it. */
export function studioTime(iso: string, lang: Language, zone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return dateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(d);
}

/** A length in seconds as minutes and seconds ("12:05"). */
export function minutes(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export function formatValue(
  kind: ColumnKind,
  v: string | number | null,
  lang: Language,
  zone: string,
): string {
  if (v === null) return '—';
  switch (kind) {
    case 'count':
      return formatCount(Number(v), lang);
    case 'ms':
      return `≤ ${formatCount(Number(v), lang)} ms`;
    case 'seconds':
      return minutes(Number(v));
    case 'time':
      return studioTime(String(v), lang, zone);
    default:
      return String(v);
  }
}

/**
 * The table columns of a definition list; `cells` draws a column's cell itself where it is more
 * than its value (a player's link).
 */
export function tableColumns<T>(
  cols: readonly StatColumn<T>[],
  at: { t: TFunction; lang: Language; zone: string },
  cells: Partial<Record<string, (row: T) => ReactNode>> = {},
): TableColumn<T>[] {
  return cols.map((c) => {
    const cell = cells[c.key];
    return {
      key: c.key,
      name: at.t(`statistics.column.${c.label}`),
      width: c.width,
      ...(c.sortKey ? { sortKey: c.sortKey } : {}),
      export: { kind: FILE_KIND[c.kind].kind },
      ...(cell ? { interactive: true } : {}),
      ...(c.kind === 'count' || c.kind === 'ms' ? { className: 'stats-figure' } : {}),
      render: cell ?? ((row: T) => formatValue(c.kind, c.value(row), at.lang, at.zone)),
    };
  });
}
