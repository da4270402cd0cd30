import type { Kysely } from 'kysely';
import type { FeatureMigration } from '../feature.js';

// Migrations see the database as it was when they were written, not today's types.
type AnyDb = Kysely<unknown>;

/** Moderation list indexes. */

export const moderationMigrations: Record<string, FeatureMigration> = {
  '0001_moderation_indexes': {
    was: '0004_moderation_indexes',
    async up(db: AnyDb) {
      // Moderation lists are newest first by creation time (seeded history is not in id order),
      // one game at a time: these let a page be read from the index instead of sorting the game.
      await db.schema
        .createIndex('blacklist_created_idx')
        .on('blacklist')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('banned_heroes_created_idx')
        .on('banned_heroes')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('special_users_created_idx')
        .on('special_users')
        .columns(['game', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('testing_players_added_idx')
        .on('testing_players')
        .columns(['game', 'added_at', 'player_id'])
        .execute();
      await db.schema
        .createIndex('testing_recharges_at_idx')
        .on('testing_recharges')
        .columns(['game', 'at', 'id'])
        .execute();
    },
  },
};
