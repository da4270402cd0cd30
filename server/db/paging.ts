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

/**
 * The page size of an export's walk (server/exports/source.ts): a screen's page is at most 200
 * rows, and walking 100,000 rows at that size reads the list 500 times. No request can ask for
 * it: the endpoint's own schema checks the input at a size it takes, and only then does the export
 * set this size on its own copy, marked as a page of its walk (a mark JSON cannot carry).
 */
export const EXPORT_PAGE_SIZE = 5_000;

/** What the pages of one export share: the count its first page took. */
export interface ExportWalk {
  counted?: number;
}

/** A symbol, not a field: no request's JSON can carry it, and a handler's `{ ...input }` keeps it. */
const WALK = Symbol('export walk');
type WalkPage = PageInput & { [WALK]?: ExportWalk };

/** `checked` (an input the endpoint's schema has passed) as a page of `walk`, at the export's size. */
export function exportPageInput<T extends object>(checked: T, walk: ExportWalk): T {
  return { ...checked, pageSize: EXPORT_PAGE_SIZE, [WALK]: walk };
}

/**
 * A list's count, taken by `count`: once per export (its later pages reuse its first's: the
 * export sends the total before the rows and never reads it again), on every call otherwise.
 */
export async function countOnce(input: PageInput, count: () => Promise<number>): Promise<number> {
  const walk = (input as WalkPage)[WALK];
  if (walk?.counted !== undefined) return walk.counted;
  const n = await count();
  if (walk) walk.counted = n;
  return n;
}

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
  const total = await countOnce(input, async () => {
    const row = await filtered
      .select(countAll.as('total'))
      .$castTo<{ total: number }>()
      .executeTakeFirstOrThrow();
    return row.total;
  });
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
