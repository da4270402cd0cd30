import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { exportRequestSchema, type ExportRequest } from '../../shared/api/exports.js';
import type { Row } from './cells.js';
import type { ExportSource } from './source.js';
import { writeExport } from './write.js';

/**
 * The writer alone, without a backend: pages from a list of any length into a download that takes
 * its bytes slowly. Each page waits for the download, and the waits leave nothing behind on it;
 * XLSX cells keep their kinds when many rows share a format and others differ row by row.
 */

const PAGES = 100;
/** Rows a page: a page's XML is more than the zip's 64 KiB block, so each reaches the download. */
const PAGE = 400;

/** A row of text that compresses little: a page's XLSX fills the download as its CSV does. */
const filler = (n: number): Row => ({
  n,
  text: createHash('sha256').update(String(n)).digest('hex').repeat(3),
});

function sourceOf(request: ExportRequest, pages: number, row: (n: number) => Row): ExportSource {
  return {
    request: exportRequestSchema.parse(request),
    endpointId: request.endpoint,
    total: pages * PAGE,
    async *rows(stopped) {
      for (let p = 0; p < pages && !stopped(); p++)
        yield Array.from({ length: PAGE }, (_, i) => row(p * PAGE + i));
    },
  };
}

/** A download that takes each chunk on a later turn, its buffer full after a kilobyte: every page waits for it. */
function slowDownload(): Writable & { bytes: Buffer[] } {
  const bytes: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _encoding, done) {
      bytes.push(chunk);
      setImmediate(done);
    },
  });
  return Object.assign(out, { bytes });
}

const warnings: Error[] = [];
const onWarning = (w: Error) => warnings.push(w);
afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

const request = (format: 'csv' | 'xlsx'): ExportRequest => ({
  endpoint: 'test.rows',
  format,
  title: 'Rows',
  columns: [
    { key: 'n', label: 'N', kind: 'number' },
    { key: 'text', label: 'Text' },
  ],
});

describe('writeExport', () => {
  it.each(['csv', 'xlsx'] as const)(
    'waits for a slow download at every page of a %s and leaves no listener per page on it',
    async (format) => {
      process.on('warning', onWarning);
      const out = slowDownload();
      const before = out.listenerCount('close');
      let drains = 0;
      out.on('drain', () => drains++);
      const written = await writeExport(sourceOf(request(format), PAGES, filler), out, () => false);
      expect(written).toBe(PAGES * PAGE);
      // The download was full at the pages' ends, and the waits were answered by its drains...
      expect(drains).toBeGreaterThanOrEqual(PAGES / 2);
      // ...and none left its close listener behind (Node warned at the eleventh).
      expect(out.listenerCount('close')).toBeLessThanOrEqual(before);
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      await new Promise((resolve) => out.end(resolve));
      const file = Buffer.concat(out.bytes);
      if (format === 'csv') expect(file.toString('utf8').split('\r\n')).toHaveLength(3 + PAGES * PAGE + 1);
      else {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file as unknown as ExcelJS.Buffer);
        expect(book.worksheets[0]?.rowCount).toBe(3 + PAGES * PAGE);
      }
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    'reads no further than a page or two ahead of a %s download that has stopped taking bytes',
    async (format) => {
      // Takes its first kilobytes, then nothing: the walk must wait, not heap the list up in memory.
      const out = new Writable({ highWaterMark: 16 * 1024, write: () => undefined });
      let pulled = 0;
      const source = sourceOf(request(format), 200, (n) => {
        if (n % PAGE === 0) pulled++;
        return filler(n);
      });
      const writing = writeExport(source, out, () => out.destroyed);
      let seen = -1;
      for (let i = 0; i < 50 && seen !== pulled; i++) {
        seen = pulled;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pulled).toBeLessThanOrEqual(3);
      // The download is cancelled: the walk stops there, and the writer returns.
      out.destroy();
      expect(await writing).toBeLessThanOrEqual(3 * PAGE);
    },
  );

  it("writes each XLSX cell with its column's kind, money in its own row's currency", async () => {
    const out = slowDownload();
    const days = ['2026-01-31', '2026-02-01'];
    await writeExport(
      sourceOf(
        {
          endpoint: 'test.rows',
          format: 'xlsx',
          title: 'Kinds',
          offsetMinutes: 480,
          columns: [
            { key: 'n', label: 'N', kind: 'number' },
            { key: 'amount', label: 'Amount', kind: 'money', currencyKey: 'currency' },
            { key: 'yen', label: 'Yen', kind: 'money', currency: 'JPY', decimals: 0 },
            { key: 'share', label: 'Share', kind: 'percent' },
            { key: 'day', label: 'Day', kind: 'date' },
            { key: 'at', label: 'At', kind: 'datetime' },
            { key: 'note', label: 'Note' },
          ],
        },
        1,
        (n) => ({
          n,
          amount: n % 3 === 0 ? null : 1234 + n,
          currency: n % 2 === 0 ? 'CNY' : 'USD',
          yen: 500 + n,
          share: n / 100,
          day: days[n % 2],
          at: new Date(Date.UTC(2026, 0, 1, 16, 0, n)).toISOString(),
          note: n === 7 ? 'not a number' : `=SUM(A${n})`,
        }),
      ),
      out,
      () => false,
    );
    await new Promise((resolve) => out.end(resolve));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(out.bytes) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(3 + PAGE);
    for (let n = 0; n < PAGE; n++) {
      const row = sheet.getRow(4 + n);
      expect(row.getCell(1).value).toBe(n);
      const amount = row.getCell(2);
      if (n % 3 === 0) expect(amount.value).toBeNull();
      else {
        expect(amount.value).toBe((1234 + n) / 100);
        expect(amount.numFmt).toBe(`#,##0.00 "${n % 2 === 0 ? 'CNY' : 'USD'}"`);
      }
      expect([row.getCell(3).value, row.getCell(3).numFmt]).toEqual([500 + n, '#,##0 "JPY"']);
      expect([row.getCell(4).value, row.getCell(4).numFmt]).toEqual([n / 100, '0.00%']);
      const day = row.getCell(5);
      expect([(day.value as Date).toISOString(), day.numFmt]).toEqual([
        `${days[n % 2]}T00:00:00.000Z`,
        'yyyy-mm-dd',
      ]);
      // 16:00 UTC is midnight the next day in UTC+8, the operator's wall time.
      const at = row.getCell(6);
      expect([(at.value as Date).toISOString(), at.numFmt]).toEqual([
        new Date(Date.UTC(2026, 0, 2, 0, 0, n)).toISOString(),
        'yyyy-mm-dd hh:mm:ss',
      ]);
      // Text stays text, with no number format of its neighbours.
      expect(row.getCell(7).value).toBe(n === 7 ? 'not a number' : `=SUM(A${n})`);
      expect(row.getCell(7).numFmt ?? 'General').toBe('General');
      expect(row.getCell(1).numFmt ?? 'General').toBe('General');
    }
  });
});
