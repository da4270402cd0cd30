import { z } from 'zod';
import { ADMIN_ONLY, ADMIN_OR_SERVICE } from '../roles.js';
import { feature } from '../pages.js';
import { GAMES, type GameId } from '../games.js';
import { leaderboardsPages } from './leaderboards.pages.js';
import { gameIdSchema } from '../ids-schema.js';
import { endpoint, intParam, pageInput, pageOf, reasonSchema } from './endpoint.js';
import { EQUIPMENT_QUALITIES, playerIdSchema } from './players.js';
import { readFromField } from './read-from.js';

/**
 * Leaderboards (spec sections 2, 6, 7; issue 20): per game and season, three boards (players by
 * score, teams by score, players by their strongest piece of equipment), past seasons kept. The
 * top 100, any page further down (the spec's "eqpage" is a page of the equipment board), any
 * player's rank, and the deletion of a bad record: with a reason, audited, the ranks recomputed
 * in the same transaction, the record kept (soft-deleted) for the audit and left out of every
 * rank. The "dynamic rank list" (ranks shown to players live in the game) is switched per game.
 *
 * Records rank by score, highest first; a tie goes to the one who reached it first, then to the
 * lower record id, so every live record has its own rank (1, 2, 3, ...). A team's record is held
 * by its captain: a player's rank on the team board is that of the team they captain.
 *
 * Its pages (top 100, seasons) are in ./leaderboards.pages.ts.
 */

export const BOARDS = ['player', 'team', 'equip'] as const;
export type Board = (typeof BOARDS)[number];

/** The boards of a game: the equipment board only where players have equipment (the registry's tab). */
export function boardsOf(game: GameId): readonly Board[] {
  return GAMES[game].playerTabs.includes('equipment') ? BOARDS : BOARDS.filter((b) => b !== 'equip');
}

export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The season the server's clock is in; every other one is past (or, seeded ahead, to come). */
  current: z.boolean(),
});
export type Season = z.infer<typeof seasonSchema>;

/** The piece of equipment an equipment-board record ranks by. */
export const rankedEquipmentSchema = z.object({
  name: z.string(),
  quality: z.enum(EQUIPMENT_QUALITIES),
});

export const leaderboardRecordSchema = z.object({
  id: z.number().int(),
  board: z.enum(BOARDS),
  seasonId: z.number().int(),
  /** 1 is the top; null for a deleted record, which no longer ranks. */
  rank: z.number().int().nullable(),
  playerId: z.string(),
  /** null when the player is gone from the game. */
  playerName: z.string().nullable(),
  /** The team board only. */
  teamName: z.string().nullable(),
  /** Points on the player and team boards, the piece's power on the equipment board. */
  score: z.number().int(),
  /** The player's level when the record was made. */
  level: z.number().int(),
  equipment: rankedEquipmentSchema.nullable(),
  achievedAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
  deleteReason: z.string().nullable(),
});
export type LeaderboardRecord = z.infer<typeof leaderboardRecordSchema>;

export const dynamicRankSchema = z.object({
  game: gameIdSchema,
  enabled: z.boolean(),
  /** null while nobody has switched it (the default: on). */
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type DynamicRank = z.infer<typeof dynamicRankSchema>;

/** The most records one page of a board holds (the top 100 is one such page). */
export const BOARD_PAGE_MAX = 100;

const boardField = z.enum(BOARDS, { error: `a board is one of ${BOARDS.join(', ')}` });
const seasonField = intParam({ min: 1, message: 'a season id is a positive whole number' });

/** A board of one game, in one season (the current one unless given). */
const boardInput = {
  game: gameIdSchema,
  board: boardField.default('player'),
  season: seasonField.optional(),
};

/** The equipment board exists only for games with equipment: say so on the field. */
function onlyItsBoards(v: { game: GameId; board: Board }, ctx: z.RefinementCtx): void {
  if (!boardsOf(v.game).includes(v.board)) {
    ctx.addIssue({
      code: 'custom',
      path: ['board'],
      message: `${GAMES[v.game].names.en} has the boards ${boardsOf(v.game).join(', ')}; its players have no equipment`,
    });
  }
}

const boardOut = {
  season: seasonSchema,
  board: z.enum(BOARDS),
  /** Live records on the board this season. */
  total: z.number().int(),
  ...readFromField,
};

const recordId = intParam({ min: 1, message: 'a record id is a positive whole number' });

export const leaderboardsEndpoints = {
  'leaderboards.seasons': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/season',
    summary: "The game's seasons, newest first, the current one marked; past seasons keep their boards.",
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ game: gameIdSchema }),
    output: z.object({ seasons: z.array(seasonSchema) }),
  }),
  'leaderboards.top': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/top100',
    summary:
      'The top 100 of a board (player, team or equip; default player) in a season (default the ' +
      'current one), with their ranks. Deleted records are left out.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject(boardInput).superRefine(onlyItsBoards),
    output: z.object({ ...boardOut, records: z.array(leaderboardRecordSchema) }),
  }),
  'leaderboards.page': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/page',
    summary:
      'One page of a board further down than the top 100, at most 100 records a page, in rank ' +
      'order (the spec’s eqpage: a page of the equipment board).',
    access: ADMIN_OR_SERVICE,
    input: z
      .strictObject({
        ...boardInput,
        ...pageInput,
        pageSize: intParam({ min: 1, max: BOARD_PAGE_MAX, message: 'a page size is 1 to 100' }).default(20),
      })
      .superRefine(onlyItsBoards),
    output: pageOf(leaderboardRecordSchema).extend({
      season: seasonSchema,
      board: z.enum(BOARDS),
      ...readFromField,
    }),
  }),
  'leaderboards.rank': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/rank',
    summary:
      "One player's rank on a board in a season (on the team board, the rank of the team they " +
      'captain), with the records just above and below.',
    access: ADMIN_OR_SERVICE,
    input: z.strictObject({ ...boardInput, playerId: playerIdSchema }).superRefine(onlyItsBoards),
    output: z.object({
      ...boardOut,
      record: leaderboardRecordSchema,
      /** Up to two records on either side, in rank order, the player's own among them. */
      around: z.array(leaderboardRecordSchema),
    }),
  }),
  'leaderboards.deleteRecord': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/leaderboard/record/:recordId',
    summary:
      'Deletes a bad record (a cheat, a bug): it leaves the board and every rank below moves up at ' +
      'once; the record is kept, marked deleted, for the audit. Needs a reason. A record already ' +
      'deleted is refused (40910), naming who deleted it and when.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, recordId, reason: reasonSchema }),
    output: z.object({
      record: leaderboardRecordSchema,
      /** The rank it held before the deletion. */
      formerRank: z.number().int(),
      /** Live records left on its board and season. */
      total: z.number().int(),
    }),
  }),
  'leaderboards.dynamicRank': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/dynamic-rank',
    summary: 'Whether the game shows its players the dynamic rank list (live ranks).',
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema }),
    output: dynamicRankSchema,
  }),
  'leaderboards.setDynamicRank': endpoint({
    service: 'game',
    method: 'POST',
    path: '/leaderboard/dynamic-rank',
    summary: 'Switches the dynamic rank list on or off for the game. Needs a reason.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, enabled: z.boolean(), reason: reasonSchema }),
    output: dynamicRankSchema,
  }),
};

/**
 * Level detail (关卡: a stage of the game, not a player's level; spec "leaderboard/leveldetail",
 * party's "leaderboard/detail"): each game has its stages, and a stage keeps per season one record
 * per player, their best clear (fastest; on party's stages, with their party). A stage's records
 * rank like a board's: by score, which is the clear time turned into points (faster, more), then
 * who reached it first, then the lower record id.
 */
export const stageNameSchema = z.object({ en: z.string(), 'zh-CN': z.string() });

export const stageSchema = z.object({
  id: z.number().int(),
  name: stageNameSchema,
  /** Players who cleared it in the season (each once, with their best clear). */
  players: z.number().int(),
  /** The top record's score and clear time; null while nobody has cleared it. */
  bestScore: z.number().int().nullable(),
  bestClearMs: z.number().int().nullable(),
});
export type Stage = z.infer<typeof stageSchema>;

export const stageRecordSchema = z.object({
  id: z.number().int(),
  seasonId: z.number().int(),
  stageId: z.number().int(),
  rank: z.number().int(),
  playerId: z.string(),
  /** null when the player is gone from the game. */
  playerName: z.string().nullable(),
  /** Party's stages are cleared as a party: its name; null in the other games. */
  partyName: z.string().nullable(),
  score: z.number().int(),
  /** How long the clear took, in milliseconds. */
  clearMs: z.number().int(),
  /** The player's level when they cleared it. */
  level: z.number().int(),
  achievedAt: z.string(),
});
export type StageRecord = z.infer<typeof stageRecordSchema>;

/** A stage's record once deleted: it no longer ranks, and says who deleted it, when and why. */
export const deletedStageRecordSchema = stageRecordSchema.omit({ rank: true }).extend({
  deletedAt: z.string(),
  deletedBy: z.string(),
  deleteReason: z.string(),
});
export type DeletedStageRecord = z.infer<typeof deletedStageRecordSchema>;

const stageId = intParam({ min: 1, message: 'a stage id is a positive whole number' });
const stageInput = { game: gameIdSchema, stageId, season: seasonField.optional() };

export const levelEndpoints = {
  'leaderboards.stages': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/leveldetail',
    summary:
      "The game's stages (关卡) with their figures in a season (default the current one): how many " +
      'players cleared each, and its best record.',
    access: ADMIN_ONLY,
    input: z.strictObject({ game: gameIdSchema, season: seasonField.optional(), ...pageInput }),
    output: pageOf(stageSchema).extend({ season: seasonSchema }),
  }),
  'leaderboards.stage': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/leveldetail/:stageId',
    summary:
      "One page of a stage's records in a season, in rank order (fastest clear first), at most 100 a page.",
    access: ADMIN_ONLY,
    input: z.strictObject({
      ...stageInput,
      ...pageInput,
      pageSize: intParam({ min: 1, max: BOARD_PAGE_MAX, message: 'a page size is 1 to 100' }).default(20),
    }),
    output: pageOf(stageRecordSchema).extend({ season: seasonSchema, stage: stageSchema }),
  }),
  'leaderboards.stageRank': endpoint({
    service: 'game',
    method: 'GET',
    path: '/leaderboard/leveldetail/:stageId/rank',
    summary: "One player's rank on a stage in a season, with their best clear of it.",
    access: ADMIN_ONLY,
    input: z.strictObject({ ...stageInput, playerId: playerIdSchema }),
    output: z.object({ season: seasonSchema, stage: stageSchema, record: stageRecordSchema }),
  }),
  'leaderboards.deleteStageRecord': endpoint({
    service: 'game',
    method: 'DELETE',
    path: '/leaderboard/leveldetail/:stageId/record/:recordId',
    summary:
      "Deletes a bad clear of a stage (a cheat, a bug), as a board's record is deleted: it leaves the " +
      "stage's ranks and every clear below moves up at once; it is kept, marked deleted, for the " +
      'audit. Needs a reason. A record of another stage is refused (40400); one already deleted too ' +
      '(40910), naming who deleted it and when.',
    access: ADMIN_ONLY,
    audit: true,
    input: z.strictObject({ game: gameIdSchema, stageId, recordId, reason: reasonSchema }),
    output: z.object({
      record: deletedStageRecordSchema,
      /** The rank it held before the deletion. */
      formerRank: z.number().int(),
      /** Live records (players who cleared it) left on the stage in its season. */
      total: z.number().int(),
    }),
  }),
};

export const leaderboardsFeature = feature({
  ...leaderboardsPages,
  endpoints: { ...leaderboardsEndpoints, ...levelEndpoints },
});
