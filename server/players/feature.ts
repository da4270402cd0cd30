import { playersFeature } from '../../shared/api/players.js';
import { serverFeature } from '../feature.js';
import { seedPlayers } from '../seed/players.js';
import { playersHandlers } from './handlers.js';
import { playersMigrations } from './migrations.js';

/** Players of every game: search, detail, game data, actions, statistics. */
export const playersServer = serverFeature(playersFeature, {
  handlers: playersHandlers,
  replicaReads: ['players.search', 'players.stats'],
  migrations: playersMigrations,
  seedGame: (db, s) => seedPlayers(db, s.game, s.perGame, s.anchor, s.afterBatch),
});
