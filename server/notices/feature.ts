import { noticesFeature } from '../../shared/api/notices.js';
import { serverFeature } from '../feature.js';
import { noticesHandlers } from './handlers.js';
import { noticesMigrations } from './migrations.js';

/** Message notices: their calls and table; the watch engine evaluates them (server/serverWatch). */
export const noticesServer = serverFeature(noticesFeature, {
  handlers: noticesHandlers,
  migrations: noticesMigrations,
});
