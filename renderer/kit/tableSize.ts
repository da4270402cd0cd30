/**
 * The one row height of every table in the console, and the height of a table's box. Fixed
 * heights let Blueprint's Table2 place rows without measuring them, which is what keeps a
 * 10,000-row table smooth.
 */
export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 30;
/** Room for a horizontal scroll bar under the rows. */
export const SCROLLBAR_ROOM = 18;
/** Room for the borders of a box that never scrolls. */
const BORDER_ROOM = 8;

/**
 * How tall a table's box is: `'all'` fits every row, for a page of a server-paged list (Table2
 * renders only what its box shows, so the box must show the whole page); `{ rows }` shows at most
 * that many, and the table scrolls and virtualises inside the box (a player's tabs, 10,000 pieces
 * of equipment).
 */
export type TableHeight = 'all' | { rows: number };

export function tableBoxHeight(rowCount: number, height: TableHeight): number {
  const rows = Math.max(0, rowCount);
  if (height === 'all') return HEADER_HEIGHT + ROW_HEIGHT * rows + BORDER_ROOM;
  return HEADER_HEIGHT + ROW_HEIGHT * Math.min(rows, Math.max(1, height.rows)) + SCROLLBAR_ROOM;
}

/** A box that fits every row is as wide as its columns, so Table2 draws them all too. */
export function tableBoxWidth(columnWidths: readonly number[]): number {
  return columnWidths.reduce((sum, w) => sum + w, 0) + 2;
}
