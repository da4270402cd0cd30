import { describe, expect, it } from 'vitest';
import {
  BOARDS,
  boardsOf,
  leaderboardRecordSchema,
  stageRecordSchema,
  stageSchema,
  type Season,
} from '../../shared/api/leaderboards.js';
import { GAME_IDS } from '../../shared/games.js';
import { flattenKeys } from '../i18n/catalogue.js';
import { loadCatalogue } from '../i18n/resources.js';
import { readList } from '../kit/listRead.js';
import { ROW_ACTION_TEXTS, rowActionTextKey } from '../kit/rowActions.js';
import { columnsOf, RECORD_COLUMNS, recordFileColumns } from './columns.js';
import { levelFileColumns, STAGE_COLUMNS, stageRecordColumnsOf } from './LevelColumns.js';
import { lookupOf } from './find.js';
import { boardList, seasonLabel } from './lists.js';
import { boardPath } from './SeasonsPage.js';
import { recordActions, stageRecordActions } from './deletion.js';

const zh = flattenKeys(await loadCatalogue('zh-CN'));
const en = flattenKeys(await loadCatalogue('en'));
const both = (key: string) => {
  expect(zh.has(key), `zh-CN lacks ${key}`).toBe(true);
  expect(en.has(key), `en lacks ${key}`).toBe(true);
};
const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as never;

const season = (id: number, current: boolean): Season => ({
  id,
  name: `S${id}`,
  startsAt: '2026-08-01T00:00:00.000Z',
  endsAt: '2026-10-30T00:00:00.000Z',
  current,
});

describe("find a player's rank", () => {
  it('takes digits as an id and anything else as a name, trimmed; nothing asks nothing', () => {
    expect(lookupOf(' 7650001 ')).toEqual({ playerId: '7650001' });
    expect(lookupOf('Frost')).toEqual({ name: 'Frost' });
    expect(lookupOf('12ab')).toEqual({ name: '12ab' });
    expect(lookupOf('1'.repeat(21))).toEqual({ name: '1'.repeat(21) });
    expect(lookupOf('   ')).toBeNull();
    expect(lookupOf('x'.repeat(80))).toEqual({ name: 'x'.repeat(64) });
  });
});

describe('a board’s columns', () => {
  it('show the team on the team board, the piece and its power on the equipment board', () => {
    const keys = (b: (typeof BOARDS)[number]) =>
      columnsOf(b).map((c) => `${c.key}:${c.label.split('.').pop()}`);
    expect(keys('player')).toEqual([
      'rank:rank',
      'player:player',
      'score:score',
      'level:level',
      'achievedAt:achievedAt',
    ]);
    expect(keys('team')).toContain('teamName:team');
    expect(keys('team')).not.toContain('equipment:equipment');
    expect(keys('equip')).toEqual([
      'rank:rank',
      'player:player',
      'score:power',
      'level:level',
      'equipment:equipment',
      'achievedAt:achievedAt',
    ]);
  });

  it('are labelled in both languages, as are the boards and qualities they name', () => {
    for (const c of RECORD_COLUMNS) both(c.label);
    for (const b of BOARDS) both(`leaderboards.board.${b}`);
  });
});

describe('the top 100’s read', () => {
  it('sends the URL’s board and season, the current season and the player board when it has none', () => {
    const read = boardList('ymmj', t);
    expect(readList(read, new URLSearchParams('')).input).toEqual({
      game: 'ymmj',
      board: 'player',
      page: 1,
      pageSize: 20,
    });
    expect(readList(read, new URLSearchParams('board=equip&season=2&page=6')).input).toEqual({
      game: 'ymmj',
      board: 'equip',
      season: '2',
      page: 6,
      pageSize: 20,
    });
  });

  it('reads a season before the seasons are known the same as after, and ignores what is no season or board', () => {
    const url = new URLSearchParams('season=3');
    expect(readList(boardList('lw', t), url).input).toEqual(
      readList(boardList('lw', t, [season(3, true), season(2, false)]), url).input,
    );
    expect(readList(boardList('atomicwar', t), new URLSearchParams('board=equip&season=x')).input).toEqual({
      game: 'atomicwar',
      board: 'player',
      page: 1,
      pageSize: 20,
    });
  });

  it('names a season by its name, the current one marked, or by its id before they are read', () => {
    const seasons = [season(3, true), season(2, false)];
    expect(seasonLabel(t, seasons, '3')).toBe('leaderboards.season.currentName{"name":"S3"}');
    expect(seasonLabel(t, seasons, '2')).toBe('S2');
    expect(seasonLabel(t, [], '9')).toBe('leaderboards.season.numbered{"id":"9"}');
  });
});

describe('a season’s boards', () => {
  it('open on the top 100 page with the season and board in its URL', () => {
    expect(boardPath('ymmj', season(2, false), 'player')).toBe('/ymmj/leaderboard/top100?season=2');
    expect(boardPath('party', season(1, false), 'team')).toBe(
      '/party/admin/leaderboard/top100?season=1&board=team',
    );
  });

  it('are each game’s own: no equipment board where players have no equipment', () => {
    for (const g of GAME_IDS) expect(boardsOf(g).length).toBeGreaterThanOrEqual(2);
    expect(boardsOf('atomicwar')).not.toContain('equip');
  });
});

describe('the exports', () => {
  it("write each table's columns as the screen draws them, every key a field of the endpoint's rows", () => {
    const fields = (schema: { shape: object }) => new Set(Object.keys(schema.shape));
    for (const board of BOARDS) {
      const file = recordFileColumns(board, t);
      expect(file.map((c) => c.label)).toEqual(columnsOf(board).map((c) => c.label));
      for (const c of file) expect(fields(leaderboardRecordSchema).has(c.key), c.key).toBe(true);
    }
    expect(recordFileColumns('equip', t).map((c) => [c.key, c.kind])).toEqual([
      ['rank', 'number'],
      ['playerId', 'text'],
      ['score', 'number'],
      ['level', 'number'],
      ['equipment', 'text'],
      ['achievedAt', 'datetime'],
    ]);
    for (const c of levelFileColumns(STAGE_COLUMNS, t))
      expect(fields(stageSchema).has(c.key), c.key).toBe(true);
    const records = levelFileColumns(stageRecordColumnsOf('party'), t);
    for (const c of records) expect(fields(stageRecordSchema).has(c.key), c.key).toBe(true);
    expect(records.find((c) => c.key === 'clearMs')).toEqual({
      key: 'clearMs',
      label: 'leaderboards.level.time (ms)',
      kind: 'number',
    });
    expect(records.map((c) => c.key)).toContain('partyName');
    expect(levelFileColumns(stageRecordColumnsOf('lw'), t).map((c) => c.key)).not.toContain('partyName');
  });
});

describe('the delete action', () => {
  it('calls the delete endpoint with the record and the reason, said in both languages', () => {
    const [action] = recordActions('lw');
    expect(action?.endpoint).toBe('leaderboards.deleteRecord');
    const row = { id: 42, rank: 1, playerId: '7', playerName: 'Cheat', board: 'player' } as never;
    expect(action?.input(row, 'impossible score')).toEqual({
      game: 'lw',
      recordId: 42,
      reason: 'impossible score',
    });
    for (const part of ROW_ACTION_TEXTS) if (action) both(rowActionTextKey(action, part));
    const [stage] = stageRecordActions('party', (r) => `stage ${r.stageId}`);
    expect(stage?.endpoint).toBe('leaderboards.deleteStageRecord');
    const clear = { id: 7, stageId: 2, rank: 3, playerId: '9', playerName: 'Fast' } as never;
    expect(stage?.input(clear, 'speed hack')).toEqual({
      game: 'party',
      stageId: 2,
      recordId: 7,
      reason: 'speed hack',
    });
    expect(stage?.names(clear, { t, lang: 'en' })).toEqual({
      rank: '3',
      player: 'Fast (9)',
      stage: 'stage 2',
    });
    for (const part of ROW_ACTION_TEXTS) if (stage) both(rowActionTextKey(stage, part));
    both('auditActions.leaderboards.deleteStageRecord');
    for (const turn of ['on', 'off'])
      for (const part of ['title', 'warning', 'confirm', 'done'])
        both(`leaderboards.dynamicRank.${turn}.${part}`);
  });
});
