import type { leaderboardsFeature } from '../../shared/api/leaderboards.js';
import type { HandlerMap } from '../http/context.js';
import { boardHandlers } from './boards.js';
import { deleteRecord, deleteStageRecord } from './delete.js';
import { dynamicRankHandlers } from './dynamic-rank.js';
import { levelHandlers } from './levels.js';

/** Leaderboards (shared/api/leaderboards.ts): every endpoint of the table, from its own module. */
export const leaderboardsHandlers: HandlerMap<(typeof leaderboardsFeature)['endpoints']> = {
  ...boardHandlers,
  'leaderboards.deleteRecord': deleteRecord,
  ...dynamicRankHandlers,
  ...levelHandlers,
  'leaderboards.deleteStageRecord': deleteStageRecord,
};
