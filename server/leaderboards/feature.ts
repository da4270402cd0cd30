import { leaderboardsFeature } from '../../shared/api/leaderboards.js';
import { serverFeature } from '../feature.js';
import { leaderboardsHandlers } from './handlers.js';
import { leaderboardsMigrations } from './migrations.js';
import { seedLeaderboards } from './seed.js';

/**
 * The backend's own seed puts at most this many players of a game on its boards: a demo or a
 * 1,000,000-player bench of the player pages needs boards, not four million records per game
 * (minutes of seeding per game); bench/leaderboards.ts seeds boards of a million itself.
 * Players past it are on no board, which the rank call answers as such.
 */
export const SEEDED_BOARD_PLAYERS = 20_000;

/** Leaderboards: seasons, boards and ranks, deleting bad records, the dynamic rank list switch. */
export const leaderboardsServer = serverFeature(leaderboardsFeature, {
  // Comes after them: its seeded records are the seeded players'.
  needs: ['players'],
  handlers: leaderboardsHandlers,
  replicaReads: ['leaderboards.top', 'leaderboards.page', 'leaderboards.rank', 'leaderboards.stageRank'],
  migrations: leaderboardsMigrations,
  seedGame: (db, s) => seedLeaderboards(db, s.game, Math.min(s.perGame, SEEDED_BOARD_PLAYERS), s.anchor),
});
