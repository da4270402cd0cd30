import { reportsFeature } from '../../shared/api/reports.js';
import { serverFeature } from '../feature.js';
import { reportsHandlers } from './handlers.js';
import { reportsMigrations } from './migrations.js';
import { seedReports } from './seed.js';

/**
 * Reports: what players do (sign-ins, shop purchases), the rollups kept with it and with players
 * and orders, and the reports read from them. After orders: its triggers are on their table.
 */
export const reportsServer = serverFeature(reportsFeature, {
  handlers: reportsHandlers,
  migrations: reportsMigrations,
  seedGame: seedReports,
});
