import type { Generated } from 'kysely';
import type { Timestamp, JsonColumn } from '../db/columns.js';

/** A batch of activation codes or shop tickets (server/giftCodes). */
export interface GiftCodeBatchesTable {
  id: Generated<number>;
  game: string;
  /** 'activeCode' | 'shopTicket'. */
  kind: string;
  name: string;
  prefix: string;
  channel: string;
  /** The grant (shared/api/giftCodes.ts grantSchema), as JSON. */
  grant_spec: JsonColumn;
  valid_from: Timestamp;
  valid_until: Timestamp;
  uses_per_code: number;
  uses_per_player: number;
  total: number;
  /** Redemptions of every code of the batch, counted as they happen. */
  used: Generated<number>;
  enabled: Generated<boolean>;
  reason: string;
  created_by: string;
  created_at: Timestamp;
}

/** One code of a batch; its text is unique in its game across every batch and both kinds. */
export interface GiftCodesTable {
  game: string;
  code: string;
  batch_id: number;
  uses: Generated<number>;
  enabled: Generated<boolean>;
  last_player_id: string | null;
  last_redeemed_at: Timestamp | null;
}

export interface GiftCodeRedemptionsTable {
  id: Generated<number>;
  game: string;
  code: string;
  batch_id: number;
  player_id: string;
  server_id: string;
  at: Timestamp;
}

/** Game servers' request nonces, each accepted once; kept while their ts is within the clock skew. */
export interface GameServerNoncesTable {
  game: string;
  nonce: string;
  ts: Timestamp;
}

/** Activation codes and shop tickets (server/giftCodes), and the game servers' nonces their redeem calls spend. */
export interface GiftCodesTables {
  gift_code_batches: GiftCodeBatchesTable;
  gift_codes: GiftCodesTable;
  gift_code_redemptions: GiftCodeRedemptionsTable;
  game_server_nonces: GameServerNoncesTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends GiftCodesTables {}
}
