import type { TFunction } from 'i18next';
import { CODE_STATES } from '../../shared/api/giftCodes.js';
import { localTime, parseCsv, toCsv, zoneName } from '../../shared/csv.js';

/**
 * The file an operator saves from a batch's export, in their language like the system logs'
 * export: the backend's CSV (its column ids, states as ids, times in UTC: the stable form a
 * script reads, kept as the endpoint answers it) with the heading in words, states by name and
 * times in the operator's zone named in the heading. A column this console does not know (a
 * studio's backend may add one) keeps its id and values as they came.
 */

/** The backend's columns (server/giftCodes EXPORT_HEADER) and their texts. */
const COLUMNS = {
  code: 'code',
  uses: 'uses',
  uses_per_code: 'usesPerCode',
  state: 'state',
  last_redeemed_by: 'lastRedeemedBy',
  last_redeemed_at: 'lastRedeemedAt',
} as const;
type Column = keyof typeof COLUMNS;
const isColumn = (id: string): id is Column => Object.hasOwn(COLUMNS, id);
const isState = (v: string) => (CODE_STATES as readonly string[]).includes(v);

export function codesCsv(serverCsv: string, opts: { t: TFunction; offsetMinutes: number }): string {
  const { t, offsetMinutes } = opts;
  const [header = [], ...rows] = parseCsv(serverCsv);
  const heading = header.map((id) =>
    isColumn(id) ? t(`giftCodes.csv.${COLUMNS[id]}`, { zone: zoneName(offsetMinutes) }) : id,
  );
  const cell = (id: string | undefined, v: string): string => {
    if (v === '') return v;
    if (id === 'state' && isState(v)) return t(`giftCodes.codeState.${v}`);
    if (id === 'last_redeemed_at' && !Number.isNaN(Date.parse(v))) return localTime(v, offsetMinutes);
    return v;
  };
  return toCsv([heading, ...rows.map((r) => r.map((v, i) => cell(header[i], v)))]);
}
