import type { Generated } from 'kysely';
import type { Timestamp } from '../db/columns.js';

/** A game's key or token for a platform, its secret sealed (server/platformKeys). */
export interface PlatformKeysTable {
  id: Generated<number>;
  game: string;
  name: string;
  platform: string;
  /** AES-256-GCM: base64url of IV, tag and ciphertext; never the secret itself. */
  secret_sealed: string;
  /** Which server key sealed it (a fingerprint, not the key). */
  secret_key_id: string;
  /** The last four characters of a long secret, or ''. */
  secret_hint: string;
  note: string;
  created_by: string;
  created_at: Timestamp;
  updated_by: string;
  updated_at: Timestamp;
  secret_set_at: Timestamp;
}

/** Platform keys (server/platformKeys). */
export interface PlatformKeysTables {
  platform_keys: PlatformKeysTable;
}

// This feature's tables join the database's type here, in the feature's own folder: the schema
// module (server/db/schema.ts) names no feature.
declare module '../db/schema.js' {
  interface Database extends PlatformKeysTables {}
}
