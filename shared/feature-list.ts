/*
 * The contract's feature modules: one line a feature, in no particular order (shared/features.ts
 * orders them by id; the menu's order is each page's own `order`). Only re-exports here, so that
 * a new feature is one line and this list stays a list.
 */
export { accessRequestsFeature } from './api/accessRequests.js';
export { authFeature } from './api/auth.js';
export { batchFixFeature } from './api/batchFix.js';
export { giftCodesFeature } from './api/giftCodes.js';
export { leaderboardsFeature } from './api/leaderboards.js';
export { moderationFeature } from './api/moderation.js';
export { noticesFeature } from './api/notices.js';
export { ordersFeature } from './api/orders.js';
export { overviewFeature } from './api/overview.js';
export { paymentsFeature } from './api/payments.js';
export { platformKeysFeature } from './api/platformKeys.js';
export { playersFeature } from './api/players.js';
export { reportsFeature } from './api/reports.js';
export { serverWatchFeature } from './api/serverWatch.js';
export { setupFeature } from './api/setup.js';
export { shortcutsFeature } from './api/shortcuts.js';
export { statisticsFeature } from './api/statistics.js';
export { systemLogsFeature } from './api/systemLogs.js';
export { todoFeature } from './api/todo.js';
export { usersFeature } from './api/users.js';
