import type { Endpoint } from '../shared/api/endpoint.js';
import type { FEATURES } from '../shared/features.js';
import { orderByNeeds } from '../shared/order.js';
import type { ServerFeature } from './feature.js';
import * as LISTED from './feature-list.js';

/**
 * The server's feature modules (listed once, in feature-list.ts), one for each module of the
 * contract (shared/features.ts): the check below makes a missing one a compile error, and each
 * module's own type a missing handler. Ordered by what each needs (`needs`), then by id: the
 * seed and the migrations run in this order, a feature after the features whose tables it uses.
 */
type Listed = (typeof LISTED)[keyof typeof LISTED];
type Missing = Exclude<(typeof FEATURES)[number]['id'], Listed['id']>;
type Unknown = Exclude<Listed['id'], (typeof FEATURES)[number]['id']>;
const complete: [Missing, Unknown] extends [never, never] ? true : { missing: Missing; unknown: Unknown } =
  true;
void complete;

export const SERVER_FEATURES: readonly ServerFeature<string, Record<string, Endpoint>>[] = orderByNeeds(
  Object.values(LISTED) as ServerFeature<string, Record<string, Endpoint>>[],
);
