import { describe, expect, it } from 'vitest';
import type { ExportRequest } from '../../shared/api/exports.js';
import type { LeaderboardRecord, Stage, StageRecord } from '../../shared/api/leaderboards.js';
import { Codes } from '../../shared/codes.js';
import { backendKinds } from '../../tests/support/backends.js';
import { useKit } from '../../tests/support/api-kit.js';
import { postExport, refusalOf, sheetOf } from '../../tests/support/export-kit.js';

/**
 * The leaderboards' tables through the export route on both databases, with the columns their
 * screens send: a stage's records and a board walked page by page to their last record, a season's
 * top 100 and the stages, objects (a piece of equipment, a stage's names) written as their JSON
 * text; the level detail stays ADMIN's in a file as in a call.
 */

describe.each(backendKinds())('leaderboard exports on %s', (kind) => {
  const k = useKit(kind);
  const xlsx = (request: Omit<ExportRequest, 'format'>) => postExport(k, { ...request, format: 'xlsx' });

  it("writes every record of a stage and of a board in rank order, whatever the screen's page", async () => {
    const input = { game: 'party', stageId: 1 };
    const truth = await k.ok<{ items: StageRecord[]; total: number }>('leaderboards.stage', {
      ...input,
      pageSize: 100,
    });
    const res = await xlsx({
      endpoint: 'leaderboards.stage',
      input: { ...input, page: 2, pageSize: 20 },
      title: 'Level details',
      columns: [
        { key: 'rank', label: 'Rank', kind: 'number' },
        { key: 'playerId', label: 'Player' },
        { key: 'partyName', label: 'Party' },
        { key: 'clearMs', label: 'Clear time (ms)', kind: 'number' },
        { key: 'achievedAt', label: 'Achieved', kind: 'datetime' },
      ],
    });
    expect(res.status).toBe(200);
    const sheet = await sheetOf(res);
    // The title, a blank line, the headings, then every record.
    expect(sheet.rowCount).toBe(3 + truth.total);
    truth.items.forEach((r, i) => {
      expect(sheet.getRow(4 + i).values).toEqual([
        undefined,
        r.rank,
        r.playerId,
        r.partyName,
        r.clearMs,
        new Date(Date.parse(r.achievedAt)),
      ]);
    });

    const board = { game: 'ymmj', board: 'equip' };
    const all = await k.ok<{ items: LeaderboardRecord[]; total: number }>('leaderboards.page', {
      ...board,
      pageSize: 100,
    });
    expect(all.total).toBeLessThanOrEqual(100);
    const equip = await sheetOf(
      await xlsx({
        endpoint: 'leaderboards.page',
        input: board,
        title: 'Top 100',
        columns: [
          { key: 'rank', label: 'Rank', kind: 'number' },
          { key: 'equipment', label: 'Equipment' },
        ],
      }),
    );
    expect(equip.rowCount).toBe(3 + all.total);
    all.items.forEach((r, i) => {
      const row = equip.getRow(4 + i);
      expect(row.getCell(1).value).toBe(r.rank);
      expect(JSON.parse(String(row.getCell(2).value))).toEqual(r.equipment);
    });
  });

  it("writes a season's top 100 and the stages with their names, and keeps the level detail to ADMIN", async () => {
    const top = await k.ok<{ records: LeaderboardRecord[] }>('leaderboards.top', { game: 'lw', season: 1 });
    const season = await sheetOf(
      await xlsx({
        endpoint: 'leaderboards.top',
        input: { game: 'lw', season: 1 },
        rows: 'records',
        title: 'Season leaderboard',
        filters: [{ label: 'Season', value: 'Season 1' }],
        columns: [
          { key: 'rank', label: 'Rank', kind: 'number' },
          { key: 'score', label: 'Score', kind: 'number' },
        ],
      }),
    );
    expect(season.rowCount).toBe(4 + top.records.length);
    expect(season.getRow(5).values).toEqual([undefined, top.records[0]?.rank, top.records[0]?.score]);

    const stages = await k.ok<{ items: Stage[] }>('leaderboards.stages', { game: 'lw' });
    const file = await sheetOf(
      await xlsx({
        endpoint: 'leaderboards.stages',
        input: { game: 'lw' },
        title: 'Level details',
        columns: [
          { key: 'name', label: 'Stage' },
          { key: 'players', label: 'Players', kind: 'number' },
        ],
      }),
    );
    expect(file.rowCount).toBe(3 + stages.items.length);
    stages.items.forEach((s, i) => {
      expect(JSON.parse(String(file.getRow(4 + i).getCell(1).value))).toEqual(s.name);
      expect(file.getRow(4 + i).getCell(2).value).toBe(s.players);
    });

    const refused = await postExport(
      k,
      {
        endpoint: 'leaderboards.stage',
        input: { game: 'ymmj', stageId: 1 },
        format: 'csv',
        title: 'Level details',
        columns: [{ key: 'rank', label: 'Rank' }],
      },
      'service',
    );
    expect(refused.status).toBe(403);
    expect((await refusalOf(refused)).Code).toBe(Codes.FORBIDDEN);
  });
});
