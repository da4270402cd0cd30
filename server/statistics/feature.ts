import { statisticsFeature } from '../../shared/api/statistics.js';
import { serverFeature } from '../feature.js';
import { SEEDED_ACTIVITY_PLAYERS } from '../reports/feature.js';
import { statisticsHandlers } from './handlers.js';
import { measureCalls } from './measure.js';
import { statisticsMigrations } from './migrations.js';
import { seedFarms, seedMatches } from './seed.js';

/**
 * Statistics: matches and their rollups, the API's measurements of itself, and the addresses'
 * rollups over the reports' sign-ins. After reports: its triggers are on their sign-ins, and its
 * days are in their time zone. Matches and account farms are seeded for as many players as the reports' activity.
 */
export const statisticsServer = serverFeature(statisticsFeature, {
  // Comes after them: its seeded matches are the seeded players'.
  needs: ['players'],
  handlers: statisticsHandlers,
  replicaReads: [
    'matchStats.days',
    'matchStats.matches',
    'matchStats.detail',
    'ipStats.list',
    'ipStats.accounts',
    'clientIps.list',
  ],
  migrations: statisticsMigrations,
  seedGame: async (db, s) => {
    const capped = { ...s, perGame: Math.min(s.perGame, SEEDED_ACTIVITY_PLAYERS) };
    return (await seedMatches(db, capped)) + (await seedFarms(db, capped));
  },
  routes: measureCalls,
});
