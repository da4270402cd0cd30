import { sql, type SelectQueryBuilder } from 'kysely';
import type { SortOrder } from '../../shared/api/sorting.js';

/**
 * A list's order from its input's `sort` and `order` (shared/api/sorting.ts): the sort key names
 * a column through `columns` (never the caller's text, so nothing but a listed column reaches the
 * SQL), then `tiebreak` in the same direction so rows of equal keys keep one order across pages.
 * Without a sort key the list keeps `fallback`, its natural order.
 */
export function sortedBy<DB, TB extends keyof DB, O, C extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  input: { sort?: C | undefined; order?: SortOrder | undefined },
  columns: Readonly<Record<C, string>>,
  fallback: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  tiebreak: string,
): SelectQueryBuilder<DB, TB, O> {
  if (input.sort === undefined) return fallback(query);
  const order = input.order ?? 'asc';
  const column = columns[input.sort];
  return query.orderBy(sql.ref(column), order).orderBy(sql.ref(tiebreak), order);
}

/**
 * A log's order: newest first, or by time (`at`) either way when the list is sorted by it; ties
 * (entries of one instant) by id in the same direction. The logs' (…, at, id) indexes serve both.
 */
export function inLogOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  input: { sort?: 'at' | undefined; order?: SortOrder | undefined },
): SelectQueryBuilder<DB, TB, O> {
  return sortedBy(
    query,
    input,
    { at: 'at' },
    (q) => q.orderBy(sql.ref('at'), 'desc').orderBy(sql.ref('id'), 'desc'),
    'id',
  );
}
