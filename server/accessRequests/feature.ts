import { accessRequestsFeature } from '../../shared/api/accessRequests.js';
import { serverFeature } from '../feature.js';
import { accessRequestsHandlers } from './handlers.js';
import { accessRequestsMigrations } from './migrations.js';

/** Newcomers' access requests: the public submission, and a super-admin's list and decisions. */
export const accessRequestsServer = serverFeature(accessRequestsFeature, {
  handlers: accessRequestsHandlers,
  migrations: accessRequestsMigrations,
});
