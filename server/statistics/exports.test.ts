import { describe, expect, it } from 'vitest';
import type { ApiStats, MatchDetail, MatchStats, MatchSummary } from '../../shared/api/statistics.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { addDays, dayIn } from '../../shared/days.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit } from '../../tests/support/api-kit.js';
import { postExport, refusalOf, sheetOf } from '../../tests/support/export-kit.js';

/**
 * The statistics tables through the export route on both databases, with the columns their
 * screens send: a range's rows per day and mode, a day's matches page after page, a match's
 * lineup, the API's figures per endpoint (its errors by code as their JSON text); the API's
 * figures stay ADMIN's in a file as in a call.
 */

const G: GameId = 'ymmj';

describe.each(backendKinds())('statistics exports on %s', (kind) => {
  const k = useKit(kind);
  const today = () => dayIn('Asia/Shanghai', new Date(k.t.clock.now));

  it("writes a range's rows, a day's matches and a match's lineup as the endpoints answer them", async () => {
    const range = { game: G, start: addDays(today(), -9), end: today() };
    const stats = await k.ok<MatchStats>('matchStats.days', range);
    const days = await sheetOf(
      await postExport(k, {
        endpoint: 'matchStats.days',
        input: range,
        rows: 'rows',
        format: 'xlsx',
        title: 'Match statistics',
        columns: [
          { key: 'day', label: 'Day', kind: 'date' },
          { key: 'mode', label: 'Mode' },
          { key: 'matches', label: 'Matches', kind: 'number' },
          { key: 'avgSeconds', label: 'Average length (s)', kind: 'number' },
        ],
      }),
    );
    expect(days.rowCount).toBe(3 + stats.rows.length);
    stats.rows.forEach((r, i) => {
      expect(days.getRow(4 + i).values).toEqual([
        undefined,
        new Date(`${r.day}T00:00:00.000Z`),
        r.mode,
        r.matches,
        ...(r.avgSeconds === null ? [] : [r.avgSeconds]),
      ]);
    });

    const day = addDays(today(), -3);
    const all = await k.ok<{ items: MatchSummary[]; total: number }>('matchStats.matches', {
      game: G,
      day,
      pageSize: 200,
    });
    const matches = await sheetOf(
      await postExport(k, {
        endpoint: 'matchStats.matches',
        input: { game: G, day },
        format: 'xlsx',
        title: 'Match statistics',
        columns: [
          { key: 'id', label: 'Match ID' },
          { key: 'seconds', label: 'Length (s)', kind: 'number' },
        ],
      }),
    );
    expect(matches.rowCount).toBe(3 + all.total);
    expect(matches.getRow(4).values).toEqual([undefined, all.items[0]?.id, all.items[0]?.seconds]);

    const matchId = all.items[0]?.id ?? '';
    const detail = await k.ok<MatchDetail>('matchStats.detail', { game: G, matchId });
    const lineup = await sheetOf(
      await postExport(k, {
        endpoint: 'matchStats.detail',
        input: { game: G, matchId },
        rows: 'lineup',
        format: 'xlsx',
        title: 'Match statistics',
        columns: [
          { key: 'playerId', label: 'Player' },
          { key: 'kills', label: 'Kills', kind: 'number' },
        ],
      }),
    );
    expect(lineup.rowCount).toBe(3 + detail.lineup.length);
    detail.lineup.forEach((p, i) =>
      expect(lineup.getRow(4 + i).values).toEqual([undefined, p.playerId, p.kills]),
    );
  });

  it("writes the API's figures per endpoint with their errors by code, and only for ADMIN", async () => {
    const range = { game: G, start: today(), end: today() };
    await k.fails('matchStats.matches', { game: G, day: today(), mode: 'chess' }, Codes.VALIDATION);
    const stats = await k.ok<ApiStats>('apiStats.hours', range);
    const request = {
      endpoint: 'apiStats.hours',
      input: range,
      rows: 'endpoints',
      format: 'xlsx' as const,
      title: 'API statistics',
      columns: [
        { key: 'endpoint', label: 'Endpoint' },
        { key: 'calls', label: 'Calls', kind: 'number' as const },
        { key: 'errorCodes', label: 'Errors by code' },
      ],
    };
    const sheet = await sheetOf(await postExport(k, request));
    const shown = new Map(
      Array.from({ length: sheet.rowCount - 3 }, (_, i) => {
        const row = sheet.getRow(4 + i);
        return [String(row.getCell(1).value), row] as const;
      }),
    );
    const failing = stats.endpoints.find((e) => e.endpoint === 'matchStats.matches');
    if (!failing) throw new Error('the failed call was not measured');
    const row = shown.get('matchStats.matches');
    expect(row?.getCell(2).value).toBeGreaterThanOrEqual(failing.calls);
    expect(JSON.parse(String(row?.getCell(3).value))).toEqual(
      expect.arrayContaining([{ code: Codes.VALIDATION, calls: expect.any(Number) }]),
    );
    const refused = await postExport(k, request, 'service');
    expect(refused.status).toBe(403);
    expect((await refusalOf(refused)).Code).toBe(Codes.FORBIDDEN);
  });
});
