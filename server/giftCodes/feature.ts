import { giftCodesFeature } from '../../shared/api/giftCodes.js';
import { serverFeature } from '../feature.js';
import { giftCodesHandlers } from './handlers.js';
import { giftCodesMigrations } from './migrations.js';
import { seedGiftCodes } from './seed.js';

/** Activation codes and shop tickets: batches of random codes, looked up and switched by operators, redeemed by game servers. */
export const giftCodesServer = serverFeature(giftCodesFeature, {
  handlers: giftCodesHandlers,
  migrations: giftCodesMigrations,
  seedGame: (db, s) => seedGiftCodes(db, s.game, s.anchor),
});
