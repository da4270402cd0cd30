import { batchFixFeature } from '../../shared/api/batchFix.js';
import { serverFeature } from '../feature.js';
import { batchFixHandlers } from './handlers.js';
import { batchFixMigrations } from './migrations.js';

/** Player data repair: the registry of repair functions, dry runs, and runs as jobs. */
export const batchFixServer = serverFeature(batchFixFeature, {
  handlers: batchFixHandlers,
  migrations: batchFixMigrations,
});
