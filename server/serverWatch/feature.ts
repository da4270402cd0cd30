import { serverWatchFeature } from '../../shared/api/serverWatch.js';
import { serverFeature } from '../feature.js';
import { serverWatchHandlers } from './handlers.js';
import { serverWatchMigrations } from './migrations.js';

/**
 * Server watch: its calls and tables. The engine that runs the checks starts with the backend
 * (runtime.ts, from server/backend.ts), since a feature module has no life of its own.
 */
export const serverWatchServer = serverFeature(serverWatchFeature, {
  handlers: serverWatchHandlers,
  migrations: serverWatchMigrations,
});
