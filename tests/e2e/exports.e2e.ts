import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useConsole } from './fixture.js';
import { goTo, openConsole, signIn, waitForPath } from './support.js';

/**
 * A list's export in the browser host: the XLSX of the operators' list is made by the backend,
 * streamed through the host, saved as a download and read back whole; an export under way shows
 * its progress and a cancel that ends it with nothing saved.
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

  it('shows an export under way with its progress, and cancels it', async () => {
    const page = await openConsole(fx.browser, fx.host);
    await signIn(page, 'super');
    await waitForPath(page, '/home');
    await goTo(page, '/admin/users');
    await page.getByTestId('users-count').waitFor();
    // The host's answer is held, so the export stays under way until the operator cancels it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/__export', async (route) => {
      await held;
      await route.abort().catch(() => undefined);
    });
    let downloads = 0;
    page.on('download', () => void downloads++);
    await page.getByTestId('users-export-csv').click();
    await page.getByTestId('users-export-progress').waitFor();
    expect(await page.getByTestId('users-export-progress').textContent()).toMatch(/Exporting|正在导出/);
    await page.getByTestId('users-export-cancel').click();
    await page.getByTestId('users-export-progress').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText(/Export cancelled|已取消导出/).count()).toBeGreaterThan(0);
    // The menu is back, and nothing was saved.
    await page.getByTestId('users-export-xlsx').waitFor();
    release();
    expect(downloads).toBe(0);
  });
});
