import { todoFeature } from '../../shared/api/todo.js';
import { serverFeature } from '../feature.js';
import { todoHandlers } from './handlers.js';
import { todoMigrations } from './migrations.js';
import { seedTodo } from './seed.js';

/** Every operator's own to-do list: its calls, its table, and a few items for the demo operators. */
export const todoServer = serverFeature(todoFeature, {
  handlers: todoHandlers,
  migrations: todoMigrations,
  seedGame: (db, s) => seedTodo(db, s.game, s.anchor),
});
