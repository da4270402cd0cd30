import type { Equipment } from '../../shared/api/players.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { GenContext, type PlayerSeed } from './generate-context.js';
import { generateEquipment } from './generate-equipment.js';
import { generateLogs, type GeneratedLog } from './generate-logs.js';
import { TAB_MAKERS, type MadeTabs } from './generate-tabs.js';

/**
 * A player's game data, made from (game, player) alone: every tab of the game's registry, the
 * equipment when the game has that tab, and the game log. Pure and deterministic: the same player
 * gives the same data on every backend and every run. materialise.ts stores it on first read.
 */

export type { PlayerSeed } from './generate-context.js';
export type { GeneratedLog } from './generate-logs.js';

export interface PlayerData {
  tabs: MadeTabs;
  equipment: Equipment[];
  logs: GeneratedLog[];
}

export function generatePlayerData(game: GameId, player: PlayerSeed): PlayerData {
  const g = new GenContext(game, player);
  const tabs: MadeTabs = {};
  let equipment: Equipment[] = [];
  // Registry order: tabs that build on another (chicken skills) come after it.
  for (const tab of GAMES[game].playerTabs) {
    if (tab === 'equipment') equipment = generateEquipment(g);
    else tabs[tab] = TAB_MAKERS[tab](g, g.rng(tab), tabs);
  }
  return { tabs, equipment, logs: generateLogs(g, tabs) };
}
