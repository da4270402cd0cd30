import { paymentsFeature } from '../../shared/api/payments.js';
import { serverFeature } from '../feature.js';
import { payServerMigrations } from '../payServer/migrations.js';
import { payServerAuthenticator, revokePayServerToken } from '../payServer/tokens.js';
import { paymentsHandlers } from './handlers.js';
import { paymentsMigrations } from './migrations.js';
import { paymentsLaunchKeyExempt, registerPaymentRoutes } from './routes.js';

/**
 * Payments: the payment service (orders players buy, checkouts), providers' signed notices
 * (their own routes, outside the endpoint table) and the admin side of both. The pay-server
 * session's handlers (payServer.*) are server/payServer's, spread into this map; its token is
 * the proof the payment service's endpoints ask of their caller, and ends with the console session.
 */
export const paymentsServer = serverFeature(paymentsFeature, {
  handlers: paymentsHandlers,
  replicaReads: ['payOrders.list', 'payProviders.notices', 'payProviders.refunds'],
  migrations: { ...paymentsMigrations, ...payServerMigrations },
  routes: registerPaymentRoutes,
  launchKeyExempt: paymentsLaunchKeyExempt,
  authenticators: { payServer: payServerAuthenticator },
  onSignOut: revokePayServerToken,
});
