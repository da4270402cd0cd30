import { leaderboardsFeature } from '../../shared/api/leaderboards.js';
import { serverFeature } from '../feature.js';
import { leaderboardsHandlers } from './handlers.js';
import { leaderboardsMigrations } from './migrations.js';
import { seedLeaderboards } from './seed.js';

/** Leaderboards: seasons, boards and ranks, deleting bad records, the dynamic rank list switch. */
export const leaderboardsServer = serverFeature(leaderboardsFeature, {
  handlers: leaderboardsHandlers,
  migrations: leaderboardsMigrations,
  seedGame: (db, s) => seedLeaderboards(db, s.game, s.perGame, s.anchor),
});
