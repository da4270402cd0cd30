import { authFeature } from '../../shared/api/auth.js';
import { serverFeature } from '../feature.js';
import { authHandlers } from './handlers.js';
import { platformMigrations } from './migrations.js';

/** Sign-in and sessions, with the platform's tables (operators, sessions, audit log). */
export const authServer = serverFeature(authFeature, {
  handlers: authHandlers,
  migrations: platformMigrations,
});
