import { platformKeysFeature } from '../../shared/api/platformKeys.js';
import { serverFeature } from '../feature.js';
import { platformKeysHandlers } from './handlers.js';
import { platformKeysMigrations } from './migrations.js';

/** Game-platform keys: secrets sealed at rest, masked in lists, revealed to a SUPER with a reason. */
export const platformKeysServer = serverFeature(platformKeysFeature, {
  handlers: platformKeysHandlers,
  migrations: platformKeysMigrations,
});
