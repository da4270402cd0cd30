/*
 * The server's feature modules: one line a feature, in no particular order (server/features.ts
 * orders them by what each needs). Only re-exports here, so that a new feature is one line.
 */
export { accessRequestsServer } from './accessRequests/feature.js';
export { authServer } from './auth/feature.js';
export { batchFixServer } from './batchFix/feature.js';
export { giftCodesServer } from './giftCodes/feature.js';
export { leaderboardsServer } from './leaderboards/feature.js';
export { moderationServer } from './moderation/feature.js';
export { noticesServer } from './notices/feature.js';
export { ordersServer } from './orders/feature.js';
export { overviewServer } from './overview/feature.js';
export { paymentsServer } from './payments/feature.js';
export { platformKeysServer } from './platformKeys/feature.js';
export { playersServer } from './players/feature.js';
export { reportsServer } from './reports/feature.js';
export { serverWatchServer } from './serverWatch/feature.js';
export { setupServer } from './setup/feature.js';
export { shortcutsServer } from './shortcuts/feature.js';
export { statisticsServer } from './statistics/feature.js';
export { systemLogsServer } from './systemLogs/feature.js';
export { todoServer } from './todo/feature.js';
export { usersServer } from './users/feature.js';
