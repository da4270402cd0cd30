import { systemLogsFeature } from '../../shared/api/systemLogs.js';
import { serverFeature } from '../feature.js';
import { systemLogsHandlers } from './handlers.js';
import { systemLogsMigrations } from './migrations.js';

/** The system logs: the audit trail and the backend's own events, for a SUPER. */
export const systemLogsServer = serverFeature(systemLogsFeature, {
  handlers: systemLogsHandlers,
  replicaReads: ['systemLogs.audit', 'systemLogs.events'],
  migrations: systemLogsMigrations,
});
