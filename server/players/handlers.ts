import type { playersEndpoints } from '../../shared/api/players.js';
import type { HandlerMap } from '../http/context.js';
import { activate, clearCache, remove } from './actions.js';
import { mustLoadPlayer } from './detail.js';
import { equipment, equipmentPage } from './equipment.js';
import { audit, logs, prelogs } from './logs.js';
import { search } from './search.js';
import { stats } from './stats.js';
import { tab } from './tabs.js';

/** Player lookup, detail, data and actions (shared/api/players.ts), for every game. */
export const playersHandlers: HandlerMap<typeof playersEndpoints> = {
  'players.search': search,
  'players.get': async (input, ctx) => (await mustLoadPlayer(ctx.db, input.game, input.id, ctx.now)).detail,
  'players.tab': tab,
  'players.equipment': equipment,
  'players.equipmentPage': equipmentPage,
  'players.logs': logs,
  'players.prelogs': prelogs,
  'players.audit': audit,
  'players.delete': remove,
  'players.activate': activate,
  'players.clearCache': clearCache,
  'players.stats': stats,
};
