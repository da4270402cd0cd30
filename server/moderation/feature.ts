import { moderationFeature } from '../../shared/api/moderation.js';
import { serverFeature } from '../feature.js';
import { seedModeration } from './seed.js';
import { moderationHandlers } from './handlers.js';
import { moderationMigrations } from './migrations.js';

/** Banned heroes, blacklist, special users, testing players: seeded after the players they name. */
export const moderationServer = serverFeature(moderationFeature, {
  // Comes after them: the hero bans, blacklist, special and testing players name players; their first tables are the players feature's migrations.
  needs: ['players'],
  handlers: moderationHandlers,
  migrations: moderationMigrations,
  seedGame: (db, s) => seedModeration(db, s.game, s.perGame, s.anchor),
});
