import { PAGINATION } from '../../shared/constants.js';

/** One slot of a pager: a page number (1-based) or a gap standing for the pages left out. */
export type PageSlot = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pages a pager shows: `marginPages` at each end and a window of `pagesShown` around the
 * current page, kept whole near the ends. A gap of a single page shows that page instead, since
 * "…" would take the same room and hide it.
 */
export function pageList(
  current: number,
  totalPages: number,
  pagesShown: number = PAGINATION.pagesShown,
  marginPages: number = PAGINATION.marginPages,
): PageSlot[] {
  if (totalPages <= 0) return [];
  const cur = Math.min(Math.max(1, Math.trunc(current)), totalPages);
  const window = Math.max(1, pagesShown);
  let start = cur - Math.floor((window - 1) / 2);
  let end = start + window - 1;
  if (start < 1) {
    end += 1 - start;
    start = 1;
  }
  if (end > totalPages) {
    start = Math.max(1, start - (end - totalPages));
    end = totalPages;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(marginPages, totalPages); p++) shown.add(p);
  for (let p = Math.max(1, totalPages - marginPages + 1); p <= totalPages; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);

  const pages = [...shown].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  let prev = 0;
  for (const p of pages) {
    if (p - prev === 2) slots.push({ kind: 'page', page: p - 1 });
    else if (p - prev > 2) slots.push({ kind: 'gap', key: `gap-${prev}-${p}` });
    slots.push({ kind: 'page', page: p });
    prev = p;
  }
  return slots;
}

export function totalPagesOf(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}
