import ExcelJS from 'exceljs';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf } from '../../shared/roles.js';
import { endpoint, pageInput, pageOf } from '../../shared/api/endpoint.js';
import { EXPORT_ROUTE, EXPORT_TOTAL_HEADER, type ExportRequest } from '../../shared/api/exports.js';
import type { DailyReport } from '../../shared/api/reports.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { BOM, parseCsv } from '../../shared/csv.js';
import { backendKinds, startTestBackend, type TestBackend } from '../../tests/support/backends.js';
import { endpointSet } from '../http/endpoints.js';
import { countOnce, EXPORT_PAGE_SIZE, pageResult, pageWindow } from '../db/paging.js';
import type { HandlerMap } from '../http/context.js';

/**
 * Exports over HTTP on both databases: a list walked page by page into XLSX and read back with
 * exceljs (header block, kinds, every row), a report's table, CSV's escaping, and every refusal
 * made before the first byte (a role without the endpoint, an unknown endpoint, a column the rows
 * do not have, a call that is not a read). A download cancelled midway stops the walk.
 */

const ROWS = 450;
const BASE = Date.UTC(2026, 0, 10, 0, 0, 0);

/** Two test lists of the same input: one that never ends, one of numbered rows. */
const testList = (path: string, summary: string, row: z.ZodObject) =>
  endpoint({
    service: 'admin',
    method: 'GET',
    path,
    summary,
    access: anyOf('ADMIN'),
    input: z.strictObject({ ...pageInput }),
    output: pageOf(row),
  });
const testTable = {
  'test.endless': testList(
    '/test/endless',
    'Full pages for ever',
    z.object({ n: z.number(), text: z.string() }),
  ),
  'test.numbers': testList('/test/numbers', 'Numbered rows', z.object({ n: z.number() })),
  'test.gated': testList(
    '/test/gated',
    'Full pages, the second and later held back',
    z.object({ n: z.number(), text: z.string() }),
  ),
};

/** The endless list counts the pages it was asked for: the walk must stop when the caller goes. */
let endlessPages = 0;
/** The numbered list records how it is read: each call's paging, and its counts. */
const NUMBERS = 12_345;
const numberCalls: { page: number; pageSize: number }[] = [];
let numberCounts = 0;
/** The gated list's pages asked for, and what lets its second and later pages answer. */
const gatedCalls: number[] = [];
let openGate = () => {};
let gate = Promise.resolve();
const fullPage = (input: { page: number; pageSize: number }) => ({
  items: Array.from({ length: input.pageSize }, (_, i) => ({
    n: (input.page - 1) * input.pageSize + i,
    text: 'x'.repeat(2000),
  })),
  total: 1e9,
  page: input.page,
  pageSize: input.pageSize,
});
const testHandlers: HandlerMap<typeof testTable> = {
  'test.endless': async (input) => {
    endlessPages++;
    return fullPage(input);
  },
  'test.gated': async (input) => {
    gatedCalls.push(input.page);
    if (input.page > 1) await gate;
    return fullPage(input);
  },
  'test.numbers': async (input) => {
    numberCalls.push({ page: input.page, pageSize: input.pageSize });
    const total = await countOnce(input, () => {
      numberCounts++;
      return Promise.resolve(NUMBERS);
    });
    const { limit, offset } = pageWindow(input);
    const items = Array.from({ length: Math.max(0, Math.min(limit, NUMBERS - offset)) }, (_, i) => ({
      n: offset + i,
    }));
    return pageResult(items, total, input);
  },
};

const auditColumns: ExportRequest['columns'] = [
  { key: 'id', label: 'Id', kind: 'number' },
  { key: 'at', label: 'Time', kind: 'datetime' },
  { key: 'operator', label: 'Operator' },
  { key: 'target', label: 'Target' },
  { key: 'code', label: 'Code', kind: 'number' },
];

describe.each(backendKinds())('exports on %s', (kind) => {
  let t: TestBackend;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await startTestBackend(kind, {
      extraEndpoints: [endpointSet(testTable, testHandlers)],
    });
    for (const who of ['super', 'admin']) tokens.set(who, (await t.api.login(who)).authToken);
    await t.backend.database.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          at: new Date(BASE + i * 60_000),
          operator_id: null,
          operator: i === 0 ? 'eve, "the" =HYPERLINK()' : `op-${i % 7}`,
          action: 'players.delete',
          game: 'ymmj',
          target: i === 1 ? 'two\nlines' : `target-${i}`,
          reason: 'export test',
          outcome: 'ok' as const,
          code: i % 2 === 0 ? Codes.OK : -5,
          before: null,
          after: null,
          client_ip: '10.0.0.1',
        })),
      )
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (body: unknown, who = 'super', signal?: AbortSignal) =>
    fetch(`${t.api.url}${EXPORT_ROUTE}`, {
      method: 'POST',
      headers: {
        ...t.api.headers,
        authorization: `Bearer ${tokens.get(who) ?? ''}`,
        'content-type': 'application/json',
        'accept-language': 'en',
      },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  const auditInput = { action: 'players.delete' };
  const auditList = async () => {
    const r = await t.api.call<{
      items: { id: number; at: string; operator: string; target: string; code: number }[];
      total: number;
    }>(ENDPOINTS['systemLogs.audit'], { ...auditInput, pageSize: 200 }, tokens.get('super'));
    return r.body.Data;
  };
  const refusal = async (res: Response) => {
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    return ((await res.json()) as { Status: { Code: number; Message: string } }).Status;
  };

  /** An export of a list of full pages (a number and 2,000 letters a row) as admin, cancellable. */
  const exportFullPages = (
    endpoint: 'test.endless' | 'test.gated',
    format: 'csv' | 'xlsx',
    signal: AbortSignal,
  ) =>
    post(
      {
        endpoint,
        input: {},
        format,
        title: endpoint,
        columns: [
          { key: 'n', label: 'N' },
          { key: 'text', label: 'T' },
        ],
      },
      'admin',
      signal,
    );

  /** Waits until `count()` stays the same over 100 ms (5 s at most); its last value. */
  async function settled(count: () => number): Promise<number> {
    let seen = -1;
    for (let i = 0; i < 50 && seen !== count(); i++) {
      seen = count();
      await new Promise((r) => setTimeout(r, 100));
    }
    return seen;
  }

  it('writes a list as XLSX: the header block, the kinds, every row of every page', async () => {
    const res = await post({
      endpoint: 'systemLogs.audit',
      input: auditInput,
      format: 'xlsx',
      title: 'Audit trail',
      columns: auditColumns,
      filters: [{ label: 'Action', value: 'players.delete' }],
      offsetMinutes: 480,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/audit-trail-\d{8}-\d{4}\.xlsx/);
    expect(res.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(ROWS));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.name).toBe('Audit trail');
    expect(sheet.getRow(1).getCell(1).value).toBe('Audit trail');
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(2).getCell(2).value]).toEqual([
      'Action',
      'players.delete',
    ]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Id', 'Time', 'Operator', 'Target', 'Code']);
    expect(sheet.rowCount).toBe(4 + ROWS);
    // The newest first, as the list shows them: row 5 is the list's first row.
    const first = (await auditList()).items[0];
    if (!first) throw new Error('no rows');
    const row = sheet.getRow(5);
    expect(row.getCell(1).value).toBe(first.id);
    const at = row.getCell(2).value;
    expect(at).toBeInstanceOf(Date);
    // Shown at the operator's wall time (UTC+8), a date the spreadsheet can compute with.
    expect((at as Date).getTime()).toBe(Date.parse(first.at) + 480 * 60_000);
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(row.getCell(5).value).toBe(first.code);
    const ids = new Set<number>();
    for (let r = 5; r <= sheet.rowCount; r++) ids.add(sheet.getRow(r).getCell(1).value as number);
    expect(ids.size).toBe(ROWS);
    // Operator text is a text cell, never a formula.
    const eve = [...Array(ROWS).keys()]
      .map((i) => sheet.getRow(5 + i).getCell(3).value)
      .find((v) => String(v).startsWith('eve'));
    expect(eve).toBe('eve, "the" =HYPERLINK()');
  });

  it("writes a report's table: days as dates, money in its currency, shares as percents", async () => {
    const input = { game: 'ymmj', start: '2026-01-01', end: '2026-01-31' };
    const report = (await t.api.call<DailyReport>(ENDPOINTS['reports.daily'], input, tokens.get('super')))
      .body.Data;
    const res = await post({
      endpoint: 'reports.daily',
      input,
      rows: 'days',
      format: 'xlsx',
      title: 'Daily report',
      columns: [
        { key: 'day', label: 'Day', kind: 'date' },
        { key: 'dau', label: 'DAU', kind: 'number' },
        { key: 'revenue', label: 'Revenue', kind: 'money', currency: 'CNY' },
        { key: 'd1', label: 'D1', kind: 'percent' },
      ],
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.rowCount).toBe(3 + report.days.length);
    report.days.forEach((d, i) => {
      const row = sheet.getRow(4 + i);
      expect((row.getCell(1).value as Date).toISOString().slice(0, 10)).toBe(d.day);
      expect(row.getCell(2).value).toBe(d.dau);
      expect(row.getCell(3).value).toBe(d.revenue / 100);
      expect(row.getCell(3).numFmt).toBe('#,##0.00 "CNY"');
      expect(row.getCell(4).value).toBe(d.d1);
      if (d.d1 !== null) expect(row.getCell(4).numFmt).toBe('0.00%');
    });
  });

  it('writes CSV that a spreadsheet reads back as it was: quotes, line breaks, no formulas', async () => {
    const res = await post({
      endpoint: 'systemLogs.audit',
      input: auditInput,
      format: 'csv',
      title: 'Audit, "all"',
      columns: auditColumns,
      filters: [{ label: '=Action', value: 'players.delete' }],
    });
    expect(res.status).toBe(200);
    // Response.text() would drop the byte-order mark; Excel needs it to read UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(BOM)).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['Audit, "all"']);
    expect(rows[1]).toEqual(["'=Action", 'players.delete']);
    expect(rows[3]).toEqual(['Id', 'Time', 'Operator', 'Target', 'Code']);
    expect(rows).toHaveLength(4 + ROWS);
    const list = rows.slice(4);
    expect(list.find((r) => r[2]?.startsWith('eve'))?.[2]).toBe(`eve, "the" =HYPERLINK()`);
    expect(list.find((r) => r[3]?.includes('\n'))?.[3]).toBe('two\nlines');
    // A negative number stays a number (it is no formula).
    expect(list.some((r) => r[4] === '-5')).toBe(true);
    expect(list[0]?.[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('walks a list in pages of its own size, counted once, whatever paging the input asks for', async () => {
    tokens.set('admin', (await t.api.login('admin')).authToken);
    const columns = [{ key: 'n', label: 'N', kind: 'number' as const }];
    // A normal call cannot ask for the export's page: the endpoint's schema refuses it.
    const normal = await t.api.call(
      testTable['test.numbers'],
      { pageSize: EXPORT_PAGE_SIZE },
      tokens.get('admin'),
    );
    expect(normal.body.Status.Code).toBe(Codes.VALIDATION);
    for (const input of [{}, { page: 3, pageSize: 7 }, { page: 1, pageSize: 1_000_000 }]) {
      numberCalls.length = 0;
      numberCounts = 0;
      const res = await post(
        { endpoint: 'test.numbers', input, format: 'csv', title: 'N', columns },
        'admin',
      );
      expect(res.status).toBe(200);
      expect(res.headers.get(EXPORT_TOTAL_HEADER)).toBe(String(NUMBERS));
      const rows = parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()));
      // Every row once, in the list's order, from its first page: the input's paging is ignored.
      expect(rows.slice(3).map((r) => Number(r[0]))).toEqual([...Array(NUMBERS).keys()]);
      expect(numberCalls).toEqual([1, 2, 3].map((page) => ({ page, pageSize: EXPORT_PAGE_SIZE })));
      expect(numberCounts).toBe(1);
    }
    // The mark of an export's page does not outlive it: a screen's call counts, at its own size.
    numberCalls.length = 0;
    const page = await t.api.call<{ items: unknown[]; total: number }>(
      testTable['test.numbers'],
      { page: 2, pageSize: 200 },
      tokens.get('admin'),
    );
    expect([page.body.Data.items.length, page.body.Data.total, numberCounts]).toEqual([200, NUMBERS, 2]);
    expect(numberCalls).toEqual([{ page: 2, pageSize: 200 }]);
  });

  it('refuses a role without the endpoint, as a normal call of it is refused', async () => {
    const res = await post(
      { endpoint: 'systemLogs.audit', input: {}, format: 'csv', title: 'x', columns: auditColumns },
      'admin',
    );
    expect(res.status).toBe(403);
    expect((await refusal(res)).Code).toBe(Codes.FORBIDDEN);
    const none = await fetch(`${t.api.url}${EXPORT_ROUTE}`, {
      method: 'POST',
      headers: { ...t.api.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: 'systemLogs.audit',
        input: {},
        format: 'csv',
        title: 'x',
        columns: auditColumns,
      }),
    });
    expect(none.status).toBe(401);
  });

  it('refuses a bad endpoint, input, column key or table before writing anything', async () => {
    const base = { input: {}, format: 'xlsx', title: 'x', columns: auditColumns };
    const cases: [unknown, string][] = [
      [{ ...base, endpoint: 'no.such' }, 'no endpoint no.such'],
      [{ ...base, endpoint: 'players.delete' }, 'not a list or a report'],
      [
        { ...base, endpoint: 'systemLogs.audit', columns: [{ key: 'password', label: 'P' }] },
        'have no password',
      ],
      [{ ...base, endpoint: 'systemLogs.audit', input: { from: 'yesterday' } }, 'from'],
      [{ ...base, endpoint: 'systemLogs.audit', format: 'pdf' }, 'format'],
      [{ ...base, endpoint: 'systemLogs.audit', title: 'bell\u0007' }, 'title'],
      [
        {
          ...base,
          endpoint: 'reports.recharge',
          input: { game: 'ymmj', start: '2026-01-01', end: '2026-01-02' },
          columns: [{ key: 'day', label: 'D' }],
        },
        'say which table',
      ],
      [
        {
          ...base,
          endpoint: 'reports.daily',
          input: { game: 'nope', start: '2026-01-01', end: '2026-01-02' },
          columns: [{ key: 'day', label: 'D' }],
          rows: 'days',
        },
        'needs one of the games',
      ],
    ];
    for (const [body, said] of cases) {
      const res = await post(body);
      expect(res.status, said).toBe(400);
      const status = await refusal(res);
      expect(status.Code).toBe(Codes.VALIDATION);
      expect(status.Message).toContain(said);
    }
  });

  it('asks for the next page before the download has taken this one, and holds no more', async () => {
    tokens.set('admin', (await t.api.login('admin')).authToken);
    gatedCalls.length = 0;
    gate = new Promise((r) => (openGate = r));
    const abort = new AbortController();
    const res = await exportFullPages('test.gated', 'csv', abort.signal);
    expect(res.status).toBe(200);
    // Nothing of the body is read: the first page (10 MB of text) is the writer's while the
    // second is read; the third waits for the second.
    for (let i = 0; i < 100 && gatedCalls.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(gatedCalls).toEqual([1, 2]);
    abort.abort();
    await res.body?.cancel().catch(() => undefined);
    openGate();
    // The walk sees the caller gone at its next page and reads no further.
    expect(await settled(() => gatedCalls.length)).toBeLessThanOrEqual(3);
  });

  it.each(['csv', 'xlsx'] as const)(
    'stops walking the pages when the %s download is cancelled',
    async (format) => {
      tokens.set('admin', (await t.api.login('admin')).authToken);
      endlessPages = 0;
      const abort = new AbortController();
      const res = await exportFullPages('test.endless', format, abort.signal);
      expect(res.status).toBe(200);
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      let bytes = 0;
      // Its rows of one letter compress well: a few XLSX bytes are pages of text.
      while (bytes < (format === 'csv' ? 2_000_000 : 50_000)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error('an endless export ended');
        bytes += chunk.value.byteLength;
      }
      abort.abort();
      await reader.cancel().catch(() => undefined);
      // The walk notices at its next page; then no page is read any more.
      const seen = await settled(() => endlessPages);
      expect(endlessPages).toBe(seen);
      expect(endlessPages).toBeLessThan(100);
    },
  );
});
