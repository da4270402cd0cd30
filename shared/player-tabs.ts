import { z } from 'zod';
import { ATOMICWAR_TABS, GAMES, PVE_TABS, type GameId, type PlayerTab } from './games.js';

/**
 * What each player-detail tab holds: its columns and whether the game keeps a cached copy of it.
 * The server fills rows with exactly these keys; the renderer draws a table (or, for `record`
 * tabs, a list of fields) from the same definition, titled by the i18n key `players.col.<key>`.
 * Equipment has its own calls and widget (spec "Widgets"), so its tab kind is `equipment`.
 */

export const ALL_PLAYER_TABS = [...new Set<PlayerTab>([...ATOMICWAR_TABS, ...PVE_TABS])] as [
  PlayerTab,
  ...PlayerTab[],
];
export const playerTabSchema = z.enum(ALL_PLAYER_TABS);

/**
 * How a cell is shown. `money` is an integer in minor units (cents, fen) with the row's
 * `currency` column; `status` is a short code shown translated (`players.status.<value>`);
 * `list` is an array of text; `datetime` is ISO 8601 text.
 */
export const COLUMN_TYPES = ['text', 'int', 'money', 'bool', 'datetime', 'status', 'list'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface ColumnDef {
  key: string;
  type: ColumnType;
}

export type TabKind = 'record' | 'rows' | 'equipment';

export interface TabDef {
  kind: TabKind;
  /** The game keeps a cached copy (spec: "many have a cache variant"): reads say which they used. */
  cache: boolean;
  columns: readonly ColumnDef[];
}

const c = (key: string, type: ColumnType = 'text'): ColumnDef => ({ key, type });

/** What was bought, for how much and when: the columns a recharge and a shop purchase share. */
const purchaseColumns = (): ColumnDef[] => [
  c('itemId', 'int'),
  c('name'),
  c('count', 'int'),
  c('price', 'money'),
  c('currency'),
  c('at', 'datetime'),
];

const INFO: TabDef = {
  kind: 'record',
  cache: true,
  columns: [
    c('id'),
    c('num', 'int'),
    c('name'),
    c('level', 'int'),
    c('exp', 'int'),
    c('gold', 'int'),
    c('diamonds', 'int'),
    c('rank'),
    c('guild'),
    c('region'),
    c('device'),
    c('lastIp'),
    c('playHours', 'int'),
    c('createdAt', 'datetime'),
    c('lastLoginAt', 'datetime'),
  ],
};

const ITEMS: TabDef = {
  kind: 'rows',
  cache: true,
  columns: [
    c('itemId', 'int'),
    c('name'),
    c('count', 'int'),
    c('bound', 'bool'),
    c('obtainedAt', 'datetime'),
  ],
};

const PASSPORTS: TabDef = {
  kind: 'rows',
  cache: true,
  columns: [
    c('season', 'int'),
    c('name'),
    c('tier', 'int'),
    c('premium', 'bool'),
    c('progress', 'int'),
    c('claimed', 'int'),
    c('updatedAt', 'datetime'),
  ],
};

const VIPS: TabDef = {
  kind: 'rows',
  cache: true,
  columns: [c('level', 'int'), c('exp', 'int'), c('since', 'datetime'), c('expiresAt', 'datetime')],
};

const CHICKENS: TabDef = {
  kind: 'rows',
  cache: true,
  columns: [
    c('chickenId', 'int'),
    c('name'),
    c('breed'),
    c('level', 'int'),
    c('power', 'int'),
    c('hatchedAt', 'datetime'),
  ],
};

/** Paid orders: recharge (atomicwar) and orders (the other games) hold the same facts. */
const ORDERS: TabDef = {
  kind: 'rows',
  cache: false,
  columns: [
    c('orderId'),
    c('product'),
    c('amount', 'money'),
    c('currency'),
    c('channel'),
    c('status', 'status'),
    c('at', 'datetime'),
  ],
};

export const TAB_DEFS: Record<PlayerTab, TabDef> = {
  info: INFO,
  item: ITEMS,
  items: ITEMS,
  purchases: {
    kind: 'rows',
    cache: false,
    columns: [c('orderId'), ...purchaseColumns()],
  },
  shopbuy: {
    kind: 'rows',
    cache: false,
    columns: [c('shopId', 'int'), ...purchaseColumns()],
  },
  passports: PASSPORTS,
  recharge: ORDERS,
  orders: ORDERS,
  vips: VIPS,
  emoji: {
    kind: 'rows',
    cache: false,
    columns: [c('emojiId', 'int'), c('name'), c('obtainedAt', 'datetime')],
  },
  masters: {
    kind: 'rows',
    cache: true,
    columns: [c('masterId', 'int'), c('name'), c('level', 'int'), c('stars', 'int'), c('power', 'int')],
  },
  chickens: CHICKENS,
  tasks: {
    kind: 'rows',
    cache: true,
    columns: [
      c('taskId', 'int'),
      c('name'),
      c('progress', 'int'),
      c('target', 'int'),
      c('status', 'status'),
      c('updatedAt', 'datetime'),
    ],
  },
  /**
   * The admin service's "quests" (spec section 7): a player's storyline and event quests, where
   * the game keeps them (atomicwar; the other games' quests are their tasks tab). Completed at is
   * null until done; a failed quest ran out of time.
   */
  quests: {
    kind: 'rows',
    cache: false,
    columns: [
      c('questId', 'int'),
      c('name'),
      c('state', 'status'),
      c('progress', 'int'),
      c('target', 'int'),
      c('acceptedAt', 'datetime'),
      c('completedAt', 'datetime'),
    ],
  },
  achievements: {
    kind: 'rows',
    cache: false,
    columns: [
      c('achievementId', 'int'),
      c('name'),
      c('progress', 'int'),
      c('target', 'int'),
      c('achievedAt', 'datetime'),
    ],
  },
  bossmaterials: {
    kind: 'rows',
    cache: true,
    columns: [c('materialId', 'int'), c('name'), c('boss'), c('count', 'int')],
  },
  heroes: {
    kind: 'rows',
    cache: true,
    columns: [
      c('heroId', 'int'),
      c('name'),
      c('level', 'int'),
      c('stars', 'int'),
      c('power', 'int'),
      c('skins', 'list'),
    ],
  },
  buffs: {
    kind: 'rows',
    cache: true,
    columns: [c('buffId', 'int'), c('name'), c('stacks', 'int'), c('expiresAt', 'datetime')],
  },
  steeltree: {
    kind: 'rows',
    cache: true,
    columns: [c('nodeId', 'int'), c('branch'), c('name'), c('level', 'int'), c('maxLevel', 'int')],
  },
  chickenskills: {
    kind: 'rows',
    cache: true,
    columns: [c('chickenId', 'int'), c('skillId', 'int'), c('name'), c('level', 'int')],
  },
  lootcount: {
    kind: 'rows',
    cache: true,
    columns: [
      c('lootId', 'int'),
      c('name'),
      c('count', 'int'),
      c('dailyLimit', 'int'),
      c('resetAt', 'datetime'),
    ],
  },
  equipment: {
    kind: 'equipment',
    cache: true,
    columns: [
      c('id'),
      c('eqID', 'int'),
      c('name'),
      c('quality', 'status'),
      c('level', 'int'),
      c('power', 'int'),
      c('baseAttrs', 'list'),
      c('extraAttrs', 'list'),
      c('suitAttrs', 'list'),
    ],
  },
};

/** Codes a `status` column can hold, so both catalogues can be checked to name every one. */
export const STATUS_VALUES = [
  // orders and recharge
  'paid',
  'pending',
  'refunded',
  'failed',
  // tasks
  'inProgress',
  'done',
  'claimed',
  // equipment quality
  'common',
  'rare',
  'epic',
  'legendary',
  'mythic',
] as const;
export type StatusValue = (typeof STATUS_VALUES)[number];

export function tabsOf(game: GameId): readonly PlayerTab[] {
  return GAMES[game].playerTabs;
}

export function gameHasTab(game: GameId, tab: PlayerTab): boolean {
  return GAMES[game].playerTabs.includes(tab);
}

/** The tab a player link opens when it names none. */
export const FIRST_TAB: PlayerTab = 'info';
