import ExcelJS from 'exceljs';
import { EXPORT_ROUTE, type ExportRequest } from '../../shared/api/exports.js';
import type { ApiKit } from './api-kit.js';

type Who = keyof ApiKit['tokens'];

/** Asks the backend's export route for a file, as the console does, signed in as `who`. */
export function postExport(kit: ApiKit, request: ExportRequest, who: Who = 'admin'): Promise<Response> {
  return fetch(`${kit.t.api.url}${EXPORT_ROUTE}`, {
    method: 'POST',
    headers: {
      ...kit.t.api.headers,
      authorization: `Bearer ${kit.tokens[who]}`,
      'content-type': 'application/json',
      'accept-language': 'en',
    },
    body: JSON.stringify(request),
  });
}

/** An XLSX answer's first sheet, read back with exceljs. */
export async function sheetOf(res: Response): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the file has no sheet');
  return sheet;
}

/** A refusal's envelope status (made before the file's first byte). */
export async function refusalOf(res: Response): Promise<{ Code: number; Message: string }> {
  return ((await res.json()) as { Status: { Code: number; Message: string } }).Status;
}
