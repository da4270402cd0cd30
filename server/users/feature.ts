import { usersFeature } from '../../shared/api/users.js';
import { serverFeature } from '../feature.js';
import { usersHandlers } from './handlers.js';

/** Operator accounts (their table is the platform's, made by the auth feature's migration). */
export const usersServer = serverFeature(usersFeature, {
  handlers: usersHandlers,
  replicaReads: ['users.logs'],
});
