import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * A list's export in the browser host: the XLSX of the operators' list is made by the backend,
 * streamed through the host with its progress, saved as a download and read back whole.
 */
const fx = useConsole();

describe('exports', () => {
  it("downloads a list's XLSX, every row of it, with its header block", async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/users');
    await page.getByTestId('users-count').waitFor();
    const count = Number((await page.getByTestId('users-count').textContent())?.match(/\d+/)?.[0]);
    const saved = page.waitForEvent('download');
    await page.getByTestId('users-export-xlsx').click();
    const download = await saved;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(path)) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(String(sheet.getRow(1).getCell(1).value)).not.toBe('');
    // The title, the blank line, the headings, then every operator the list counts.
    expect(sheet.rowCount).toBe(3 + count);
  });
});
