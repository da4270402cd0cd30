import type { FeatureContract } from './pages.js';
import * as LISTED from './feature-list.js';
import { orderByNeeds } from './order.js';

type Listed = (typeof LISTED)[keyof typeof LISTED];

/**
 * The contract's feature modules (listed once, in feature-list.ts), by id. The endpoint table
 * (api/table.ts) and the route table (routes.ts, through feature-pages.ts) are made from this; a
 * new feature is its files in api/ and one line in feature-list.ts. The server and the renderer
 * each list their modules of the same features (server/feature-list.ts, renderer/feature-list.ts).
 */
// By id, through the same ordering as the server's and the renderer's lists (an id listed twice
// is refused); contracts need nothing of each other.
export const FEATURES: readonly Listed[] = orderByNeeds(
  Object.values(LISTED) satisfies readonly FeatureContract[],
);
