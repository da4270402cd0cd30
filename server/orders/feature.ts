import { ordersFeature } from '../../shared/api/orders.js';
import { serverFeature } from '../feature.js';
import { deliverOnFleet } from './delivery.js';
import { ordersHandlers } from './handlers.js';
import { ordersMigrations } from './migrations.js';
import { seedOrders } from './seed.js';

/** Orders: purchases and manual grants, their state machine, and delivery to the game exactly once. */
export const ordersServer = serverFeature(ordersFeature, {
  // Comes after them: its seeded orders are the seeded players'.
  needs: ['players'],
  handlers: ordersHandlers,
  replicaReads: ['orders.search'],
  migrations: ordersMigrations,
  seedGame: seedOrders,
  fleet: deliverOnFleet,
});
