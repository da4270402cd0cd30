import { giftCodesFeature } from '../../shared/api/giftCodes.js';
import { serverFeature } from '../feature.js';
import { giftCodesHandlers } from './handlers.js';
import { giftCodesMigrations } from './migrations.js';
import { gameServerAuthenticator } from './redeem.js';
import { seedGiftCodes } from './seed.js';
import { redeemOnFleet } from './sim-redeem.js';

/** Activation codes and shop tickets: batches of random codes, looked up and switched by operators, redeemed by game servers. */
export const giftCodesServer = serverFeature(giftCodesFeature, {
  // Comes after them: its seeded redemptions are the seeded players'.
  needs: ['players'],
  handlers: giftCodesHandlers,
  migrations: giftCodesMigrations,
  authenticators: { gameServer: gameServerAuthenticator },
  seedGame: (db, s) => seedGiftCodes(db, s.game, s.anchor),
  fleet: redeemOnFleet,
});
