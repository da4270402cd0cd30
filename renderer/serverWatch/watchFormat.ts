import type { Language } from '../../shared/codes.js';
import { orderPath } from '../../shared/routes.js';
import type { WatchAlert } from '../../shared/api/serverWatch.js';
import { numberFormat } from '../components/intl.js';

/**
 * How the status page says times and figures: "3 min ago" for the last change, "1 h 5 min" for
 * an incident's length, response times in ms. Pure, so the unit test pins them in both languages.
 */

const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; sec: number }[] = [
  { unit: 'day', sec: 86_400 },
  { unit: 'hour', sec: 3600 },
  { unit: 'minute', sec: 60 },
  { unit: 'second', sec: 1 },
];

/** The largest whole unit of a span: 90 s is 1 minute, 3 h 59 min is 3 hours. */
export function relativeParts(deltaMs: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  const sec = Math.trunc(deltaMs / 1000);
  const abs = Math.abs(sec);
  for (const u of UNITS) {
    if (abs >= u.sec || u.unit === 'second') return { value: Math.trunc(sec / u.sec), unit: u.unit };
  }
  return { value: 0, unit: 'second' };
}

/**
 * `iso` relative to `nowMs`: "5 min ago", "in 2 hr" ("5分钟前", "2小时后"). Under ten seconds
 * reads "now" (a clock a little ahead of ours must not read "in 2 seconds"); '' for no time.
 */
export function formatRelative(iso: string | null, nowMs: number, lang: Language): string {
  if (iso === null || iso === '') return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const delta = at - nowMs;
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  if (Math.abs(delta) < 10_000) return rtf.format(0, 'second');
  const { value, unit } = relativeParts(delta);
  return rtf.format(value, unit);
}

/** A length of time in its two largest units: "2 d 3 h", "1 h 5 min", "45 s" ("1小时5分钟"). */
export function formatDuration(totalSec: number, lang: Language): string {
  const sec = Math.max(0, Math.trunc(totalSec));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(sec / 86_400), 'day'],
    [Math.floor((sec % 86_400) / 3600), 'hour'],
    [Math.floor((sec % 3600) / 60), 'minute'],
    [sec % 60, 'second'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return unitText(0, 'second', lang);
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, u]) => unitText(n, u, lang))
    .join(lang === 'zh-CN' ? '' : ' ');
}

function unitText(n: number, unit: 'day' | 'hour' | 'minute' | 'second', lang: Language): string {
  return numberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(n);
}

/** Response time: "12 ms", "1.2 s"; '' when there is none. */
export function formatResponse(ms: number | null, lang: Language): string {
  if (ms === null) return '';
  if (ms < 1000) return numberFormat(lang, { style: 'unit', unit: 'millisecond' }).format(ms);
  return numberFormat(lang, { style: 'unit', unit: 'second', maximumFractionDigits: 1 }).format(ms / 1000);
}

/** Whole numbers with the language's grouping ("1,234"); '' for none. */
export function formatCount(n: number | null, lang: Language): string {
  return n === null ? '' : numberFormat(lang).format(n);
}

/**
 * Recent alerts, newest first, without repeats: `incoming` (any order) laid over `known`, cut to
 * `keep`. The bell merges main's list and each event through it, so an alert that arrives both
 * ways is shown once.
 */
export function mergeAlerts<A extends Pick<WatchAlert, 'seq'>>(
  known: readonly A[],
  incoming: readonly A[],
  keep = 50,
): A[] {
  const bySeq = new Map<number, A>();
  for (const a of known) bySeq.set(a.seq, a);
  for (const a of incoming) bySeq.set(a.seq, a);
  return [...bySeq.values()].sort((a, b) => b.seq - a.seq).slice(0, keep);
}

/**
 * Where an alert leads: its server on the status page, the notices tab for a notice, the order
 * for an order's failing delivery.
 */
export function alertPath(alert: Pick<WatchAlert, 'serverId' | 'kind' | 'game' | 'delivery'>): string {
  if (alert.kind === 'delivery' && alert.delivery) return orderPath(alert.game, alert.delivery.orderId);
  if (alert.kind === 'notice' || alert.serverId === null) return '/admin/serverwatch?tab=notices';
  return `/admin/serverwatch?server=${alert.serverId}`;
}
