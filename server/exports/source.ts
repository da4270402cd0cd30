import { z } from 'zod';
import { Codes } from '../../shared/codes.js';
import { ApiError, type FieldIssue } from '../../shared/envelope.js';
import { endpointAccess, gamesOf, type Endpoint } from '../../shared/api/endpoint.js';
import {
  EXPORT_ROW_CAP,
  exportRequestSchema,
  type ParsedExportColumn,
  type ParsedExportRequest,
} from '../../shared/api/exports.js';
import type { GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import type { AuthInfo } from '../auth/sessions.js';
import type { EndpointSet } from '../http/endpoints.js';
import { exportShape, type ExportShape as Shape } from '../../shared/api/exports.js';
import type { HandlerContext } from '../http/context.js';
import { parseInput, problem, validationProblem } from '../http/problem.js';
import { EXPORT_PAGE_SIZE, exportPageInput, type ExportWalk } from '../db/paging.js';
import type { Row } from './cells.js';
import { textIssues } from '../../shared/api/text.js';
import { withTextsParsed } from '../http/json-text.js';

/**
 * What an export reads: the endpoint named in the request, checked as a normal call of it is
 * (its roles, with the game's; its input), and its rows, walked page by page. Everything that can
 * be refused is refused here, before the answer's first byte.
 */

/** The rows' schema and, for a report, the field of its answer they are in. */
function tableOf(shape: Shape, request: ParsedExportRequest): { row: z.ZodObject; field: string } {
  if (shape.kind === 'pages') return { row: shape.row, field: 'items' };
  const names = [...shape.tables.keys()];
  const field = request.rows ?? (names.length === 1 ? names[0] : undefined);
  const row = field === undefined ? undefined : shape.tables.get(field);
  if (field === undefined || !row)
    throw refused('rows', `say which table of ${request.endpoint} to export: ${names.join(', ')}`);
  return { row, field };
}

export interface ExportSource {
  request: ParsedExportRequest;
  endpointId: string;
  /** The count the endpoint gave with its first page, when it is exact. */
  total: number | null;
  /** The rows, page after page; stops when `stopped()` says the caller has gone. */
  rows(stopped: () => boolean): AsyncGenerator<readonly Row[]>;
}

function refused(path: string, message: string): ApiError {
  return validationProblem([{ path, message }]);
}

/** The request's own checks: its schema, the endpoint, the game, the caller's access. */
function resolve(raw: unknown, auth: AuthInfo, set: EndpointSet, ctx: Omit<HandlerContext, 'game'>) {
  // The text rule of every input first: a control character in a heading would break the XLSX's XML.
  const bad = textIssues(raw);
  if (bad.length > 0) throw validationProblem(bad);
  const req = exportRequestSchema.safeParse(raw);
  if (!req.success) {
    const issues: FieldIssue[] = req.error.issues.map((i) => ({
      path: i.path.join('.'),
      message: i.message,
    }));
    throw validationProblem(issues);
  }
  const request = req.data;
  const ep = Object.prototype.hasOwnProperty.call(set.table, request.endpoint)
    ? set.table[request.endpoint]
    : undefined;
  const handler = set.handlers[request.endpoint];
  if (!ep || !handler) throw refused('endpoint', `there is no endpoint ${request.endpoint}`);
  const shape = exportShape(ep);
  if (!shape) throw refused('endpoint', `${request.endpoint} is not a list or a report that can be exported`);
  let game: GameId | undefined;
  if (ep.service === 'game') {
    const asked = request.input['game'];
    game = gamesOf(ep).find((g) => g === asked);
    if (!game)
      throw refused('input.game', `${request.endpoint} needs one of the games ${gamesOf(ep).join(', ')}`);
  }
  if (!canAccess(auth.operator.roles, endpointAccess(ep, game))) {
    throw problem(
      Codes.FORBIDDEN,
      `Your roles (${auth.operator.roles.join(', ') || 'none'}) do not allow this call`,
      `你的角色（${auth.operator.roles.join('、') || '无'}）无权执行此操作`,
    );
  }
  const table = tableOf(shape, request);
  const known = new Set(Object.keys(table.row.shape));
  const badKeys: FieldIssue[] = [];
  request.columns.forEach((c: ParsedExportColumn, i) => {
    if (!known.has(c.key))
      badKeys.push({ path: `columns.${i}.key`, message: `rows of ${request.endpoint} have no ${c.key}` });
    if (c.currencyKey && !known.has(c.currencyKey))
      badKeys.push({
        path: `columns.${i}.currencyKey`,
        message: `rows of ${request.endpoint} have no ${c.currencyKey}`,
      });
  });
  if (badKeys.length > 0) throw validationProblem(badKeys);
  return { request, ep, handler, shape, field: table.field, ctx: { ...ctx, game } };
}

/** The largest page the endpoint takes (200 for most lists, less for some): the size its input is checked at. */
function pageSizeFor(ep: Endpoint, input: Record<string, unknown>, lang: HandlerContext['lang']): number {
  for (const size of [200, 100, 50, 20]) {
    try {
      parseInput(ep, { ...input, page: 1, pageSize: size }, lang);
      return size;
    } catch {
      // Too big for this endpoint (or the input is wrong, which the first page will say).
    }
  }
  return 20;
}

/**
 * Opens an export: resolves and checks the request, reads the first page (a failure there is
 * still an envelope), and returns the walk of the rest.
 */
export async function openExport(
  raw: unknown,
  auth: AuthInfo,
  set: EndpointSet,
  base: Omit<HandlerContext, 'game'>,
): Promise<ExportSource> {
  const { request, ep, handler, shape, field, ctx } = resolve(raw, auth, set, base);
  // The request's own paging is ignored: the export's is its own.
  const { page: _p, pageSize: _s, ...asked } = request.input;
  const pages = shape.kind === 'pages';
  const checkedAt = pages ? pageSizeFor(ep, asked, ctx.lang) : 0;
  const walk: ExportWalk = {};
  // Each page's input is checked as a normal call's, at a page size the endpoint takes; only the
  // checked copy is then read at the export's size, and its count taken once (server/db/paging.ts).
  const inputOf = (page: number) =>
    pages
      ? exportPageInput(parseInput(ep, { ...asked, page, pageSize: checkedAt }, ctx.lang), walk)
      : parseInput(ep, asked, ctx.lang);
  const read = async (input: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const out = ep.output.safeParse(withTextsParsed(await handler(input, ctx)));
    if (!out.success) throw new ApiError(Codes.INTERNAL);
    return out.data as Record<string, unknown>;
  };
  const firstAnswer = await read(inputOf(1));
  const list = (answer: Record<string, unknown>) => answer[field] as Row[];
  const capped = firstAnswer['totalCapped'] === true;
  const total =
    shape.kind === 'rows'
      ? Math.min(list(firstAnswer).length, EXPORT_ROW_CAP)
      : !capped && typeof firstAnswer['total'] === 'number'
        ? Math.min(firstAnswer['total'], EXPORT_ROW_CAP)
        : null;

  /** Whether a page was the list's last: it came short, and the count (when exact) is reached. */
  const last = (rows: number, written: number) =>
    rows === 0 || (rows < EXPORT_PAGE_SIZE && (total === null || written >= total));

  /**
   * The next page is asked for before this one is handed on: the database reads it while the
   * file's writer turns this one into XML (on PostgreSQL another process, so another core), and
   * the walk never waits for the two one after the other. Two pages at most are held.
   */
  async function* rows(stopped: () => boolean): AsyncGenerator<readonly Row[]> {
    let answer = firstAnswer;
    let written = 0;
    for (let page = 1; ; page++) {
      const all = list(answer);
      const items = all.slice(0, EXPORT_ROW_CAP - written);
      written += items.length;
      const more = pages && !last(all.length, written) && written < EXPORT_ROW_CAP && !stopped();
      const next = more ? Promise.resolve(page + 1).then((n) => read(inputOf(n))) : undefined;
      // A walk left early (its caller gone, or the writer failing) leaves this read unawaited.
      next?.catch(() => undefined);
      if (items.length > 0) yield items;
      if (!next || stopped()) return;
      answer = await next;
    }
  }
  return { request, endpointId: request.endpoint, total, rows };
}
