/*
 * The renderer's feature modules: one line a feature, in no particular order (renderer/features.ts
 * takes them by id; nothing they give depends on an order). Only re-exports here, so that a new
 * feature is one line.
 */
export { aboutFeature } from './about/feature.js';
export { accessRequestsFeature } from './accessRequests/feature.js';
export { batchFixFeature } from './batchFix/feature.js';
export { giftCodesFeature } from './giftCodes/feature.js';
export { homeFeature } from './home/feature.js';
export { kitFeature } from './kit/feature.js';
export { leaderboardsFeature } from './leaderboards/feature.js';
export { moderationFeature } from './moderation/feature.js';
export { ordersFeature } from './orders/feature.js';
export { paymentsFeature } from './payments/feature.js';
export { plannedFeature } from './planned/feature.js';
export { platformKeysFeature } from './platformKeys/feature.js';
export { playersFeature } from './players/feature.js';
export { reportsFeature } from './reports/feature.js';
export { serverWatchFeature } from './serverWatch/feature.js';
export { shellFeature } from './shell/feature.js';
export { shortcutsFeature } from './shortcuts/feature.js';
export { statisticsFeature } from './statistics/feature.js';
export { systemLogsFeature } from './systemLogs/feature.js';
export { themeFeature } from './theme/feature.js';
export { todoFeature } from './todo/feature.js';
export { updatesFeature } from './updates/feature.js';
export { usersFeature } from './users/feature.js';
