import { sql, type SelectQueryBuilder } from 'kysely';

/**
 * Paged lists and literal text search: what every list endpoint (operators, audit entries,
 * player logs, moderation lists) does the same way.
 */

export interface PageInput {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const countAll = sql<number>`count(*)::int`;

export function pageWindow(input: PageInput): { limit: number; offset: number } {
  return { limit: input.pageSize, offset: (input.page - 1) * input.pageSize };
}

export function pageResult<T>(items: T[], total: number, input: PageInput): Page<T> {
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/**
 * One page of a list: `filtered` (the list's table and conditions, nothing selected) gives the
 * total, `ordered` (the same rows with their columns, in the list's order) the page's rows.
 */
export async function listPage<DB, TB extends keyof DB, DB2, TB2 extends keyof DB2, Row, Item>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  ordered: SelectQueryBuilder<DB2, TB2, Row>,
  input: PageInput,
  toItem: (row: Row) => Item,
): Promise<Page<Item>> {
  const { total } = await filtered
    .select(countAll.as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(input);
  const rows = await ordered.limit(limit).offset(offset).execute();
  return pageResult(
    rows.map((r) => toItem(r)),
    total,
    input,
  );
}

/** LIKE pattern matching `q` literally anywhere (its % and _ are plain characters). */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
