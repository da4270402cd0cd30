import type { Kysely } from 'kysely';
import type { GameId } from '../../../shared/games.js';
import type { Database } from '../../db/schema.js';
import { THEMES } from '../../players/themes/index.js';

/** A game's order settings (the manual-order approval threshold). */

/** Manual orders of this many minor units or more need a second ADMIN, unless the game says otherwise. */
export const DEFAULT_APPROVAL_THRESHOLD = 50_000;

export interface OrderSettings {
  game: GameId;
  currency: string;
  approvalThreshold: number;
  updatedBy: string;
  updatedAt: string;
}

export async function orderSettings(db: Kysely<Database>, game: GameId, now: Date): Promise<OrderSettings> {
  const row = await db.selectFrom('order_settings').selectAll().where('game', '=', game).executeTakeFirst();
  return {
    game,
    currency: THEMES[game].currency,
    approvalThreshold: row?.approval_threshold ?? DEFAULT_APPROVAL_THRESHOLD,
    updatedBy: row?.updated_by ?? 'system',
    updatedAt: (row?.updated_at ?? now).toISOString(),
  };
}

export async function saveOrderSettings(
  db: Kysely<Database>,
  game: GameId,
  approvalThreshold: number,
  by: string,
  now: Date,
): Promise<OrderSettings> {
  await db
    .insertInto('order_settings')
    .values({ game, approval_threshold: approvalThreshold, updated_by: by, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('game')
        .doUpdateSet({ approval_threshold: approvalThreshold, updated_by: by, updated_at: now }),
    )
    .execute();
  return orderSettings(db, game, now);
}
