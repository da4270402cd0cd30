import { authFeature } from '../../shared/api/auth.js';
import { serverFeature } from '../feature.js';
import type { HeaderAuthenticator } from '../http/authenticate.js';
import { authHandlers } from './handlers.js';
import { authMigrations } from './migrations.js';

/** An operator proves who they are with the console session's access token. */
const operatorAuthenticator: HeaderAuthenticator = {
  from: 'header',
  authenticate: (authorization, deps) => deps.auth.authenticate(authorization),
};

/** Sign-in and sessions; their first tables are the platform's (server/db/platform-migrations.ts). */
export const authServer = serverFeature(authFeature, {
  handlers: authHandlers,
  authenticators: { operator: operatorAuthenticator },
  migrations: authMigrations,
});
