import type { Role } from './roles.js';
import type { Language } from './codes.js';

/**
 * The games registry. The four games differ by data, not by code: screens, routes, endpoints and
 * server modules are written once and read what differs from here. Which pages a game has is
 * declared by each page's feature (game-pages.ts), so a new page is its feature's files alone; a
 * fifth game is one entry here plus its id on the pages only some games have.
 */

export const GAME_IDS = ['atomicwar', 'ymmj', 'lw', 'party'] as const;
export type GameId = (typeof GAME_IDS)[number];

/** The backend services; each has its own host (a setting) and base path. */
export const SERVICES = ['admin', 'pve', 'lw', 'party', 'payment'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Base path of each service on its host. admin and pve are from the spec; the rest are ours. */
export const SERVICE_BASE_PATHS: Record<ServiceName, string> = {
  admin: '/api/v1/sr',
  pve: '/api/v1/dr',
  lw: '/api/v1/lw',
  party: '/api/v1/party',
  payment: '/api/v1/pay',
};

export const ATOMICWAR_TABS = [
  'info',
  'item',
  'purchases',
  'passports',
  'recharge',
  'vips',
  'emoji',
  'masters',
  'chickens',
  'quests',
] as const;

export const PVE_TABS = [
  'info',
  'items',
  'shopbuy',
  'passports',
  'tasks',
  'achievements',
  'orders',
  'vips',
  'bossmaterials',
  'heroes',
  'buffs',
  'chickens',
  'steeltree',
  'chickenskills',
  'lootcount',
  'equipment',
] as const;

export type PlayerTab = (typeof ATOMICWAR_TABS)[number] | (typeof PVE_TABS)[number];

export interface GameDef {
  id: GameId;
  /** Route prefix in the console, without slashes ("party/admin"). */
  routePrefix: string;
  /** The role an operator needs to see this game at all. */
  role: Role;
  /** The backend service that holds this game's data. */
  service: ServiceName;
  /** Path prefix of this game's calls on its service ("/atomicwar" on the admin service). */
  apiPrefix: string;
  names: Record<Language, string>;
  playerTabs: readonly PlayerTab[];
}

export const GAMES: Record<GameId, GameDef> = {
  atomicwar: {
    id: 'atomicwar',
    routePrefix: 'atomicwar',
    role: 'AtomicWAR',
    service: 'admin',
    apiPrefix: '/atomicwar',
    names: { 'zh-CN': '原子战争', en: 'Atomic War' },
    playerTabs: ATOMICWAR_TABS,
  },
  ymmj: {
    id: 'ymmj',
    routePrefix: 'ymmj',
    role: 'YMMJ',
    service: 'pve',
    apiPrefix: '',
    names: { 'zh-CN': '妖魔秘境', en: 'Secret Realm' },
    playerTabs: PVE_TABS,
  },
  lw: {
    id: 'lw',
    routePrefix: 'lw',
    role: 'LORDWAR',
    service: 'lw',
    apiPrefix: '',
    names: { 'zh-CN': '领主战争', en: 'Lord War' },
    playerTabs: PVE_TABS,
  },
  party: {
    id: 'party',
    routePrefix: 'party/admin',
    role: 'PARTYGAME',
    service: 'party',
    apiPrefix: '',
    names: { 'zh-CN': '派对游戏', en: 'Party Game' },
    playerTabs: PVE_TABS,
  },
};

export const GAME_LIST: readonly GameDef[] = GAME_IDS.map((id) => GAMES[id]);
