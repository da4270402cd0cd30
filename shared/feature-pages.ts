import type { FeaturePages } from './pages.js';
import { accessRequestsPages } from './api/accessRequests.pages.js';
import { batchFixPages } from './api/batchFix.pages.js';
import { giftCodesPages } from './api/giftCodes.pages.js';
import { moderationPages } from './api/moderation.pages.js';
import { ordersPages } from './api/orders.pages.js';
import { paymentsPages } from './api/payments.pages.js';
import { plannedFeature } from './api/planned.js';
import { platformKeysPages } from './api/platformKeys.pages.js';
import { playersPages } from './api/players.pages.js';
import { serverWatchPages } from './api/serverWatch.pages.js';
import { shortcutsPages } from './api/shortcuts.pages.js';
import { systemLogsPages } from './api/systemLogs.pages.js';
import { todoPages } from './api/todo.pages.js';
import { usersPages } from './api/users.pages.js';

/**
 * The page rules of every feature that has pages, in the order of shared/features.ts (the menu's
 * order follows it). The route table (routes.ts) is made from this list, not from FEATURES, so
 * that the renderer's start-up does not evaluate every endpoint's schema to find its pages;
 * features.test.ts checks that the two lists agree.
 */
export const FEATURE_PAGES: readonly FeaturePages[] = [
  usersPages,
  accessRequestsPages,
  playersPages,
  moderationPages,
  serverWatchPages,
  batchFixPages,
  platformKeysPages,
  systemLogsPages,
  todoPages,
  shortcutsPages,
  giftCodesPages,
  ordersPages,
  paymentsPages,
  plannedFeature,
];
