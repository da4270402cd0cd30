import type { Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, NullableText } from '../db/columns.js';

export interface BannedHeroesTable {
  id: Generated<number>;
  game: string;
  hero_id: number;
  hero_name: string;
  /** null = every player of the game. */
  player_id: NullableText;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  lifted_at: NullableTimestamp;
  lifted_by: NullableText;
  lift_reason: NullableText;
}

export interface BlacklistTable {
  id: Generated<number>;
  game: string;
  kind: 'player' | 'ip';
  value: string;
  reason: string;
  operator: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
}

export interface SpecialUsersTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  category: string;
  note: string;
  operator: string;
  created_at: Timestamp;
}

export interface TestingPlayersTable {
  game: string;
  player_id: string;
  note: string;
  added_at: Timestamp;
}

export interface TestingRechargesTable {
  id: Generated<number>;
  game: string;
  player_id: string;
  order_id: string;
  product: string;
  amount: number;
  currency: string;
  at: Timestamp;
  status: 'paid' | 'refunded';
  refunded_at: NullableTimestamp;
  refunded_by: NullableText;
  refund_reason: NullableText;
}

/** Moderation lists (server/moderation). */
export interface ModerationTables {
  banned_heroes: BannedHeroesTable;
  blacklist: BlacklistTable;
  special_users: SpecialUsersTable;
  testing_players: TestingPlayersTable;
  testing_recharges: TestingRechargesTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends ModerationTables {}
}
