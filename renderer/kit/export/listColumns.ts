import { columnKindOf, exportShape, type ExportColumn } from '../../../shared/api/exports.js';
import { ENDPOINTS, type EndpointId } from '../../../shared/api/table.js';
import type { FilterValues, ListFilter } from '../filters.js';
import type { TableColumn } from '../table.js';

/**
 * A list's export columns, from its table's: each column whose key (or `export.key`) is a field
 * of the endpoint's rows, headed as on screen, of the kind its schema says (numbers, instants)
 * unless the column says (money, a day, a share). Columns of actions, links drawn from several
 * fields and `export: false` are left out.
 */
export function listExportColumns<T>(
  endpoint: EndpointId,
  columns: readonly TableColumn<T>[],
): ExportColumn[] {
  const shape = exportShape(ENDPOINTS[endpoint]);
  if (!shape || shape.kind !== 'pages') return [];
  const out: ExportColumn[] = [];
  for (const c of columns) {
    if (c.export === false) continue;
    const key = c.export?.key ?? c.key;
    const kind = c.export?.kind ?? columnKindOf(shape.row, key);
    if (kind === null) continue;
    const { key: _k, kind: _c, ...money } = c.export ?? {};
    out.push({ key, label: c.name, kind, ...money });
  }
  return out;
}

/**
 * The list's filters as the file's header block: each one set, named as the page names it (a
 * search by its placeholder, a select by its name with the value's label, a range by its ends).
 */
export function listExportFilters(
  filters: readonly ListFilter[],
  values: FilterValues,
): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value) out.push({ label, value });
  };
  for (const f of filters) {
    const value = values[f.param ?? f.input];
    switch (f.kind) {
      case 'search':
        add(f.placeholder, value);
        break;
      case 'select':
        if (value !== f.all) add(f.ariaLabel, value === undefined || value === '' ? value : f.label(value));
        break;
      case 'dateRange':
        add(f.fromLabel, value);
        add(f.toLabel, values[f.toParam ?? f.toInput]);
        break;
      case 'hidden':
        add(f.param ?? f.input, value);
        break;
    }
  }
  return out;
}
