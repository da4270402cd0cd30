import type { FeatureContract } from './pages.js';
import { authFeature } from './api/auth.js';
import { usersFeature } from './api/users.js';
import { playersFeature } from './api/players.js';
import { moderationFeature } from './api/moderation.js';
import { setupFeature } from './api/setup.js';
import { batchFixFeature } from './api/batchFix.js';
import { platformKeysFeature } from './api/platformKeys.js';
import { systemLogsFeature } from './api/systemLogs.js';
import { serverWatchFeature } from './api/serverWatch.js';
import { noticesFeature } from './api/notices.js';
import { todoFeature } from './api/todo.js';
import { shortcutsFeature } from './api/shortcuts.js';
import { accessRequestsFeature } from './api/accessRequests.js';
import { giftCodesFeature } from './api/giftCodes.js';
import { ordersFeature } from './api/orders.js';
import { paymentsFeature } from './api/payments.js';
import { leaderboardsFeature } from './api/leaderboards.js';
import { reportsFeature } from './api/reports.js';
import { overviewFeature } from './api/overview.js';
import { statisticsFeature } from './api/statistics.js';

/**
 * The contract's feature modules, listed once. The endpoint table (api/table.ts) and the route
 * table (routes.ts, through feature-pages.ts) are made from this list; a new feature is its files
 * in api/ and one line here. The server and the renderer each have their own list of the same
 * features (server/features.ts, renderer/features.ts).
 */
export const FEATURES = [
  authFeature,
  setupFeature,
  usersFeature,
  accessRequestsFeature,
  playersFeature,
  moderationFeature,
  serverWatchFeature,
  noticesFeature,
  batchFixFeature,
  giftCodesFeature,
  platformKeysFeature,
  systemLogsFeature,
  todoFeature,
  shortcutsFeature,
  ordersFeature,
  paymentsFeature,
  leaderboardsFeature,
  reportsFeature,
  overviewFeature,
  statisticsFeature,
] as const satisfies readonly FeatureContract[];
