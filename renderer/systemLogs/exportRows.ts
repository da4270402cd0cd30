import type { TFunction } from 'i18next';
import type { SystemLogEntry } from '../../shared/api/systemLogs.js';
import type { Language } from '../../shared/codes.js';
import { auditActionName, gameName } from '../kit/audit.js';
import { localTime, toCsv, zoneName } from '../../shared/csv.js';

/**
 * The export's rows: a heading row in the operator's language, then one row per entry with the
 * action by name and by id, the game by name, times in one zone named in the heading, and
 * before/after as JSON.
 */
export function auditCsv(
  entries: readonly SystemLogEntry[],
  opts: { t: TFunction; lang: Language; offsetMinutes: number },
): string {
  const { t, lang, offsetMinutes } = opts;
  const heading = [
    t('systemLogs.csv.id'),
    t('systemLogs.csv.at', { zone: zoneName(offsetMinutes) }),
    t('systemLogs.csv.operator'),
    t('systemLogs.csv.action'),
    t('systemLogs.csv.actionId'),
    t('systemLogs.csv.game'),
    t('systemLogs.csv.target'),
    t('systemLogs.csv.reason'),
    t('systemLogs.csv.outcome'),
    t('systemLogs.csv.code'),
    t('systemLogs.csv.clientIp'),
    t('systemLogs.csv.before'),
    t('systemLogs.csv.after'),
  ];
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  const rows = entries.map((e) => [
    e.id,
    localTime(e.at, offsetMinutes),
    e.operator,
    auditActionName(t, e.action),
    e.action,
    gameName(e.game, lang) ?? '',
    e.target,
    e.reason ?? '',
    t(`systemLogs.outcome.${e.outcome}`),
    e.code,
    e.clientIp,
    json(e.before),
    json(e.after),
  ]);
  return toCsv([heading, ...rows]);
}
