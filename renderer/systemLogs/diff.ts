/**
 * A readable difference of an audit entry's before and after: every leaf of either value by its
 * path (`roles[1]`, `counts[0].count`), said as added, removed, changed or the same. Objects and
 * arrays are walked; an empty object or array is a leaf of its own, so "[] became [1]" shows as
 * the element added. Paths keep the order of before, then what only after has.
 */

export type DiffKind = 'same' | 'changed' | 'added' | 'removed';

export interface DiffRow {
  path: string;
  kind: DiffKind;
  /** The leaf's value before / after, as JSON text; absent where the side has none. */
  before?: string;
  after?: string;
}

/** Deeper than this a value is shown whole rather than walked. */
const MAX_DEPTH = 12;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key as a path segment: `name` when it reads as one, else `["odd key"]`. */
function segment(prefix: string, key: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return prefix ? `${prefix}.${key}` : key;
  return `${prefix}[${JSON.stringify(key)}]`;
}

/** Every leaf of a value by its path, in order; the value itself when it is a leaf (path ''). */
export function leaves(
  value: unknown,
  prefix = '',
  depth = 0,
  out = new Map<string, string>(),
): Map<string, string> {
  if (Array.isArray(value) && value.length > 0 && depth < MAX_DEPTH) {
    value.forEach((v, i) => leaves(v, `${prefix}[${i}]`, depth + 1, out));
  } else if (isObject(value) && Object.keys(value).length > 0 && depth < MAX_DEPTH) {
    for (const [k, v] of Object.entries(value)) leaves(v, segment(prefix, k), depth + 1, out);
  } else {
    out.set(prefix, JSON.stringify(value) ?? 'undefined');
  }
  return out;
}

/**
 * The difference of two values. A side that is null or absent (nothing before a create, nothing
 * after a delete) has no leaves: everything on the other side is added or removed.
 */
export function jsonDiff(before: unknown, after: unknown): DiffRow[] {
  const a = before === null || before === undefined ? new Map<string, string>() : leaves(before);
  const b = after === null || after === undefined ? new Map<string, string>() : leaves(after);
  const rows: DiffRow[] = [];
  for (const [path, value] of a) {
    const other = b.get(path);
    if (other === undefined) rows.push({ path, kind: 'removed', before: value });
    else rows.push({ path, kind: other === value ? 'same' : 'changed', before: value, after: other });
  }
  for (const [path, value] of b) if (!a.has(path)) rows.push({ path, kind: 'added', after: value });
  return rows;
}

/** How many rows of each kind, for the summary above the table. */
export function diffSummary(rows: readonly DiffRow[]): Record<DiffKind, number> {
  const out: Record<DiffKind, number> = { same: 0, changed: 0, added: 0, removed: 0 };
  for (const r of rows) out[r.kind] += 1;
  return out;
}
