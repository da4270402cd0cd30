import type { Timestamp } from '../db/columns.js';

/**
 * Reports' raw data (what players do, which the reports count) and its rollups (what the reports
 * read). The rollups are kept by the triggers of migrations.ts in the same transaction as each
 * change of the raw rows (and of `players` and `orders`), and rebuilt from them by
 * `reports_rebuild` (rollups.ts). Days are `date`s in the deployment's time zone
 * (`report_settings`); read them as text (`day::text`), never as a driver's Date.
 */

/** The deployment's one row: the studio's time zone, in which the rollups' days are counted. */
export interface ReportSettingsTable {
  id: number;
  time_zone: string;
}

/** A player's sign-in: the session it started, from an address (append-only). */
export interface SignInsTable {
  game: string;
  player_id: string;
  at: Timestamp;
  ip: string;
  /** How long the session lasted. */
  seconds: number;
}

/** A purchase in the game's shop, paid in the game's own currency (append-only). */
export interface ShopPurchasesTable {
  game: string;
  player_id: string;
  at: Timestamp;
  item_id: number;
  units: number;
  /** units × the item's price, in the game's currency. */
  amount: number;
}

/** The store a player's account came from (steam, appstore, ...), set when it registers. */
export interface PlayerChannelsTable {
  game: string;
  player_id: string;
  channel: string;
}

export interface ReportsTables {
  report_settings: ReportSettingsTable;
  sign_ins: SignInsTable;
  shop_purchases: ShopPurchasesTable;
  player_channels: PlayerChannelsTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends ReportsTables {}
}
