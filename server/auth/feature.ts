import { authFeature } from '../../shared/api/auth.js';
import { serverFeature } from '../feature.js';
import { authHandlers } from './handlers.js';
import { authMigrations } from './migrations.js';

/** Sign-in and sessions; their first tables are the platform's (server/db/platform-migrations.ts). */
export const authServer = serverFeature(authFeature, {
  handlers: authHandlers,
  migrations: authMigrations,
});
