import { describe, expect, it } from 'vitest';
import { EXPORT_PATH, EXPORT_TOTAL_HEADER, type ExportRequest } from '../../shared/api/exports.js';
import { Codes } from '../../shared/codes.js';
import { openExport, type OpenExportDeps } from './open.js';

/**
 * Main opens the backend's export with the session's token, never the renderer's: an expired
 * token is refreshed through main's client once and the export asked again; a refusal comes back
 * as the backend said it; a file comes back as a stream with its total.
 */

const REQUEST: ExportRequest = {
  endpoint: 'users.list',
  input: {},
  format: 'csv',
  title: 'Operators',
  columns: [{ key: 'name', label: 'Name' }],
};

const envelope = (code: number, message: string) =>
  new Response(JSON.stringify({ Status: { Code: code, Message: message }, Data: null }), {
    status: code === Codes.FORBIDDEN ? 403 : 401,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
const csv = () =>
  new Response('\uFEFFName\r\nalice\r\n', {
    headers: { 'content-type': 'text/csv; charset=utf-8', [EXPORT_TOTAL_HEADER]: '1' },
  });

function harness(answers: (() => Response)[]) {
  const sent: { url: string; auth: string | null }[] = [];
  let token = 'old';
  let refreshes = 0;
  const deps: OpenExportDeps = {
    target: () => ({ baseUrl: 'http://127.0.0.1:1/api/v1/sr/', backend: 'b1', headers: { 'x-key': 'k' } }),
    session: {
      current: async () => ({ epoch: 1, backend: 'b1', access: token, refresh: 'r', payServer: null }),
    },
    api: {
      call: (async () => {
        refreshes++;
        token = 'new';
        return { ok: true, data: {} };
      }) as unknown as OpenExportDeps['api']['call'],
    },
    language: () => 'en',
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({ url, auth: new Headers(init.headers).get('authorization') });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    }) as typeof fetch,
  };
  return { deps, sent, refreshes: () => refreshes };
}

describe("main's opening of an export", () => {
  it('streams the file with its total, under the session token', async () => {
    const h = harness([csv]);
    const opened = await openExport(h.deps, REQUEST);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.total).toBe(1);
    expect(await new Response(opened.body).text()).toContain('alice');
    expect(h.sent).toEqual([{ url: `http://127.0.0.1:1/api/v1/sr${EXPORT_PATH}`, auth: 'Bearer old' }]);
  });

  it('refreshes an expired token once and asks again', async () => {
    const h = harness([() => envelope(Codes.TOKEN_EXPIRED, 'token expired'), csv]);
    const opened = await openExport(h.deps, REQUEST);
    expect(opened.ok).toBe(true);
    expect(h.refreshes()).toBe(1);
    expect(h.sent.map((s) => s.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it("passes the backend's refusal on as it was said", async () => {
    const h = harness([() => envelope(Codes.FORBIDDEN, 'Your roles (Service) do not allow this call')]);
    expect(await openExport(h.deps, REQUEST)).toEqual({
      ok: false,
      error: { code: Codes.FORBIDDEN, message: 'Your roles (Service) do not allow this call' },
    });
  });

  it('asks nothing of the backend without a session', async () => {
    const h = harness([csv]);
    h.deps.session = {
      current: async () => ({ epoch: 1, backend: null, access: null, refresh: null, payServer: null }),
    };
    const opened = await openExport(h.deps, REQUEST);
    expect(opened.ok ? 0 : opened.error.code).toBe(Codes.NOT_SIGNED_IN);
    expect(h.sent).toEqual([]);
  });
});
