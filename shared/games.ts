import type { Role } from './roles.js';
import type { Language } from './codes.js';

/**
 * The games registry. The four games differ by data, not by code: screens, routes, endpoints and
 * server modules are written once and read what differs from here. A fifth game is one entry.
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

/** Pages a game can have (spec section 2). Paths are relative to the game's route prefix. */
export const GAME_PAGES = {
  players: 'steamplayers',
  player: 'steamplayer/:id',
  playerTab: 'steamplayer/:id/:tab',
  playerStats: 'statis/player',
  bannedHeroes: 'bannedhero',
  blacklist: 'blacklist',
  blacklistCreate: 'blacklist/createBlackList',
  activeCodes: 'activeCode',
  shopTickets: 'shopTicket',
  orderCreate: 'recharge/ordercreate',
  orderRetrieve: 'recharge/retrive',
  rechargeStats: 'recharge/statis',
  top100: 'leaderboard/top100',
  season: 'leaderboard/season',
  levelDetail: 'leaderboard/leveldetail',
  dailyReport: 'statis/dailyreport',
  shopDailyReport: 'statis/shopdailyreport',
  matchStats: 'statistics/match',
  apiStats: 'statistics/api',
  testingPlayers: 'testingplayers',
  specialUsers: 'specialusers',
  specialUserCreate: 'specialusers/create',
  batchFix: 'batchfix',
  ipStats: 'ipstatis',
  clientIps: 'clientip',
  pay: 'pay',
  payTab: 'pay/:tab',
  steamKey: 'steamkey',
  steamToken: 'steamtoken',
  shop: 'shop',
  shopTab: 'shop/:tab',
  orderDetail: 'order/:id/detail',
} as const;
export type GamePageKey = keyof typeof GAME_PAGES;

const COMMON_PAGES: readonly GamePageKey[] = [
  'players',
  'player',
  'playerTab',
  'playerStats',
  'bannedHeroes',
  'blacklist',
  'blacklistCreate',
  'activeCodes',
  'shopTickets',
  'orderCreate',
  'orderRetrieve',
  'rechargeStats',
  'top100',
];

/** Testers, special users, seasons and the daily reports: every game but Atomic War has them. */
const TESTING_AND_REPORT_PAGES: readonly GamePageKey[] = [
  'testingPlayers',
  'specialUsers',
  'specialUserCreate',
  'season',
  'levelDetail',
  'dailyReport',
  'shopDailyReport',
];

const PVE_PAGES: readonly GamePageKey[] = [
  ...TESTING_AND_REPORT_PAGES,
  'matchStats',
  'apiStats',
  'batchFix',
  'steamToken',
];

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
  pages: readonly GamePageKey[];
  /** Pages that live outside the route prefix (absolute paths), as the spec lists them. */
  pathOverrides?: Partial<Record<GamePageKey, string>>;
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
    pages: [
      ...COMMON_PAGES,
      'levelDetail',
      'dailyReport',
      'shopDailyReport',
      'batchFix',
      'ipStats',
      'clientIps',
      'pay',
      'payTab',
      'steamKey',
    ],
    playerTabs: ATOMICWAR_TABS,
  },
  ymmj: {
    id: 'ymmj',
    routePrefix: 'ymmj',
    role: 'YMMJ',
    service: 'pve',
    apiPrefix: '',
    names: { 'zh-CN': '妖魔秘境', en: 'Secret Realm' },
    pages: [...COMMON_PAGES, ...PVE_PAGES],
    playerTabs: PVE_TABS,
  },
  lw: {
    id: 'lw',
    routePrefix: 'lw',
    role: 'LORDWAR',
    service: 'lw',
    apiPrefix: '',
    names: { 'zh-CN': '领主战争', en: 'Lord War' },
    pages: [...COMMON_PAGES, ...PVE_PAGES, 'shop', 'shopTab', 'orderDetail'],
    playerTabs: PVE_TABS,
  },
  party: {
    id: 'party',
    routePrefix: 'party/admin',
    role: 'PARTYGAME',
    service: 'party',
    apiPrefix: '',
    names: { 'zh-CN': '派对游戏', en: 'Party Game' },
    pages: [...COMMON_PAGES, ...TESTING_AND_REPORT_PAGES],
    // The spec places these party pages outside party/admin; we keep its paths.
    pathOverrides: {
      season: '/party/leaderboard/season',
      levelDetail: '/party/leaderboard/detail',
      rechargeStats: '/party/recharge/statis',
      orderRetrieve: '/party/recharge/retrive',
      dailyReport: '/party/cr/statis/dailyreport',
      shopDailyReport: '/party/cr/statis/shopdailyreport',
    },
    playerTabs: PVE_TABS,
  },
};

export const GAME_LIST: readonly GameDef[] = GAME_IDS.map((id) => GAMES[id]);

/** The console path of a game's page, e.g. gamePagePath('party', 'players') = '/party/admin/steamplayers'. */
export function gamePagePath(game: GameId, page: GamePageKey): string {
  const def = GAMES[game];
  return def.pathOverrides?.[page] ?? `/${def.routePrefix}/${GAME_PAGES[page]}`;
}

export function gameHasPage(game: GameId, page: GamePageKey): boolean {
  return GAMES[game].pages.includes(page);
}
