import { describe, expect, it } from 'vitest';
import { BOM, EXCEL_CELL_MAX, csvCell, exportFileName, localTime, parseCsv, toCsv, zoneName } from './csv.js';

describe('the export CSV', () => {
  it('quotes what RFC 4180 says, with a BOM and CRLF for Excel', () => {
    expect(
      toCsv([
        ['a', 'b,c'],
        ['say "hi"', 'two\nlines'],
      ]),
    ).toBe(`${BOM}a,"b,c"\r\n"say ""hi""","two\nlines"\r\n`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('密钥 已轮换')).toBe('密钥 已轮换');
  });

  it('never lets a cell run as a formula', () => {
    for (const text of ['=1+1', '+SUM(A1)', '-2', '@cmd', '\tx', '\rx'])
      expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('cuts a cell longer than a spreadsheet holds, and says so', () => {
    const cell = csvCell('x'.repeat(EXCEL_CELL_MAX + 10));
    expect(cell.length).toBeLessThanOrEqual(EXCEL_CELL_MAX);
    expect(cell).toMatch(/cut: longer than a spreadsheet cell holds/);
  });

  it('writes times in the operator zone, named in the heading, and dates the file name', () => {
    expect(localTime('2026-01-15T09:00:00Z', 480)).toBe('2026-01-15 17:00:00');
    expect(localTime('2026-01-15T01:30:00Z', -120)).toBe('2026-01-14 23:30:00');
    expect(zoneName(480)).toBe('UTC+08:00');
    expect(zoneName(-330)).toBe('UTC-05:30');
    expect(exportFileName('system-logs', new Date(2026, 0, 5, 7, 3))).toBe('system-logs-20260105-0703.csv');
  });
});

describe('reading a CSV a backend wrote', () => {
  it('reads quoted fields, doubled quotes, line breaks in a field and either line end', () => {
    expect(parseCsv('a,"b,c"\r\n"say ""hi""","two\nlines"\r\n')).toEqual([
      ['a', 'b,c'],
      ['say "hi"', 'two\nlines'],
    ]);
    expect(parseCsv(`${BOM}x,y\nz,\n`)).toEqual([
      ['x', 'y'],
      ['z', ''],
    ]);
    expect(parseCsv('')).toEqual([]);
  });

  it('reads back what it writes', () => {
    const rows = [
      ['密钥', 'a,b'],
      ['', 'say "x"'],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});
