import { describe, expect, it } from 'vitest';
import { exportShape } from '../../shared/api/exports.js';
import { ENDPOINTS, type EndpointId } from '../../shared/api/table.js';
import {
  addressColumns,
  endpointColumns,
  fileColumns,
  lineupColumns,
  matchColumns,
  matchDayColumns,
  signInColumns,
  tableColumns,
  type StatColumn,
} from './columns.js';

const t = ((key: string) => key) as never;

/** The rows' fields of an endpoint's table, as the export route checks a column's key against them. */
function rowFields(endpoint: EndpointId, rows?: string): Set<string> {
  const shape = exportShape(ENDPOINTS[endpoint]);
  if (!shape) throw new Error(`${endpoint} cannot be exported`);
  const row = shape.kind === 'pages' ? shape.row : shape.tables.get(rows ?? '');
  if (!row) throw new Error(`${endpoint} has no table ${rows}`);
  return new Set(Object.keys(row.shape));
}

const TABLES: [EndpointId, string | undefined, readonly StatColumn<never>[]][] = [
  ['matchStats.days', 'rows', matchDayColumns],
  ['matchStats.matches', undefined, matchColumns],
  ['matchStats.detail', 'lineup', lineupColumns],
  ['apiStats.hours', 'endpoints', endpointColumns],
  ['ipStats.list', undefined, addressColumns],
  ['clientIps.list', undefined, signInColumns],
];

describe("the statistics tables' exports", () => {
  it.each(TABLES)(
    '%s writes the columns the screen draws, each a field of its rows',
    (endpoint, rows, cols) => {
      const file = fileColumns(cols, t);
      expect(file.map((c) => c.key)).toEqual(cols.map((c) => c.key));
      const fields = rowFields(endpoint, rows);
      for (const c of file) expect(fields.has(c.key), c.key).toBe(true);
    },
  );

  it('writes counts and lengths as numbers with their unit, days as dates, instants as datetimes', () => {
    expect(fileColumns(matchDayColumns, t).map((c) => [c.label, c.kind])).toEqual([
      ['statistics.column.day', 'date'],
      ['statistics.column.mode', 'text'],
      ['statistics.column.matches', 'number'],
      ['statistics.column.players', 'number'],
      ['statistics.column.avgLength (s)', 'number'],
    ]);
    expect(fileColumns(endpointColumns, t).find((c) => c.key === 'p95')).toMatchObject({
      label: 'statistics.column.p95 (ms)',
      kind: 'number',
    });
    // A list page's export reads the same kinds from its table's columns.
    const ip = tableColumns(addressColumns, { t, lang: 'en', zone: 'UTC' });
    expect(ip.map((c) => c.export)).toEqual(fileColumns(addressColumns, t).map((c) => ({ kind: c.kind })));
    expect(fileColumns(signInColumns, t).find((c) => c.key === 'at')?.kind).toBe('datetime');
  });
});
