import { reportsFeature } from '../../shared/api/reports.js';
import { serverFeature } from '../feature.js';
import { reportsHandlers } from './handlers.js';
import { reportsMigrations } from './migrations.js';
import { seedReports } from './seed.js';

/**
 * The backend's own seed gives activity (90 days of sign-ins, shop purchases) to at most this many
 * players of a game: enough for every report and chart of a demo, without some 25 million sign-ins
 * per game when the player pages are benched at 1,000,000 players; bench/reports.ts seeds every
 * player's activity itself, at the size.
 */
export const SEEDED_ACTIVITY_PLAYERS = 20_000;

/**
 * Reports: what players do (sign-ins, shop purchases), the rollups kept with it and with players
 * and orders, and the reports read from them. After orders: its triggers are on their table.
 */
export const reportsServer = serverFeature(reportsFeature, {
  // Comes after them: its rollups' triggers are on the orders' and the players' tables.
  needs: ['orders', 'players'],
  handlers: reportsHandlers,
  replicaReads: [
    'reports.daily',
    'reports.shopDaily',
    'reports.recharge',
    'reports.charge',
    'reports.cohorts',
  ],
  migrations: reportsMigrations,
  seedGame: (db, s) => seedReports(db, { ...s, perGame: Math.min(s.perGame, SEEDED_ACTIVITY_PLAYERS) }),
});
