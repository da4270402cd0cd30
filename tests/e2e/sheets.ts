import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import type { Page } from 'playwright';

/** A downloaded XLSX's first sheet, with its cells read as text and its headings' columns. */
export interface ReadSheet {
  sheet: ExcelJS.Worksheet;
  /** The cell at row `r`, column `c` (1-based), as text ('' when empty). */
  text: (r: number, c: number) => string;
  /** The column of a heading on row `headRow`, 1-based (-1 when absent). */
  column: (name: string, headRow: number) => number;
}

/**
 * Clicks the XLSX button of the export whose test id is `testId` (`<testId>-export-xlsx`), waits
 * for the download, and reads it back with exceljs, as an operator's spreadsheet would.
 */
export async function downloadSheet(page: Page, testId: string): Promise<ReadSheet> {
  const saved = page.waitForEvent('download');
  await page.getByTestId(`${testId}-export-xlsx`).click();
  const download = await saved;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(await download.path())) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the file has no sheet');
  return {
    sheet,
    text: (r, c) => String(sheet.getRow(r).getCell(c).value ?? ''),
    column: (name, headRow) => (sheet.getRow(headRow).values as unknown[]).indexOf(name),
  };
}
