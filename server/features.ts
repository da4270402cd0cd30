import type { Endpoint } from '../shared/api/endpoint.js';
import type { FEATURES } from '../shared/features.js';
import type { ServerFeature } from './feature.js';
import { authServer } from './auth/feature.js';
import { setupServer } from './setup/feature.js';
import { usersServer } from './users/feature.js';
import { playersServer } from './players/feature.js';
import { moderationServer } from './moderation/feature.js';
import { serverWatchServer } from './serverWatch/feature.js';
import { noticesServer } from './notices/feature.js';
import { batchFixServer } from './batchFix/feature.js';
import { platformKeysServer } from './platformKeys/feature.js';
import { systemLogsServer } from './systemLogs/feature.js';
import { todoServer } from './todo/feature.js';
import { shortcutsServer } from './shortcuts/feature.js';
import { accessRequestsServer } from './accessRequests/feature.js';
import { giftCodesServer } from './giftCodes/feature.js';
import { paymentsServer } from './payments/feature.js';
import { ordersServer } from './orders/feature.js';
import { leaderboardsServer } from './leaderboards/feature.js';
import { reportsServer } from './reports/feature.js';
import { overviewServer } from './overview/feature.js';
import { statisticsServer } from './statistics/feature.js';

/**
 * The server's feature modules, listed once, one for each module of the contract
 * (shared/features.ts): the type below makes a missing one, or a missing handler, a compile
 * error. Order matters for the seed: a feature's rows may name those of the features before it.
 */
type Contract = (typeof FEATURES)[number];
type ServerModules = { [F in Contract as F['id']]: ServerFeature<F['id'], F['endpoints']> };

const MODULES = {
  auth: authServer,
  setup: setupServer,
  users: usersServer,
  accessRequests: accessRequestsServer,
  players: playersServer,
  moderation: moderationServer,
  serverWatch: serverWatchServer,
  notices: noticesServer,
  batchFix: batchFixServer,
  platformKeys: platformKeysServer,
  systemLogs: systemLogsServer,
  todo: todoServer,
  shortcuts: shortcutsServer,
  giftCodes: giftCodesServer,
  payments: paymentsServer,
  orders: ordersServer,
  leaderboards: leaderboardsServer,
  reports: reportsServer,
  overview: overviewServer,
  statistics: statisticsServer,
} satisfies ServerModules;

export const SERVER_FEATURES: readonly ServerFeature<string, Record<string, Endpoint>>[] = Object.values(
  MODULES,
) as ServerFeature<string, Record<string, Endpoint>>[];
