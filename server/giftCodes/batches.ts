import { sql, type Kysely, type Selectable } from 'kysely';
import {
  grantSchema,
  type CodeBatch,
  type CodeInfo,
  type CodeKind,
  type Grant,
} from '../../shared/api/giftCodes.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import type { GiftCodeBatchesTable, GiftCodesTable } from './tables.js';
import { problem } from '../http/problem.js';
import { THEMES } from '../players/themes/index.js';
import { batchStateAt, codeStateAt, randomCodes } from './codes.js';

/** Batches and codes in the database: reading them as the contract's shapes, and making codes. */

export type BatchRow = Selectable<GiftCodeBatchesTable>;
export type CodeRow = Selectable<GiftCodesTable>;

export const KIND_TEXT: Record<CodeKind, { en: string; zh: string }> = {
  activeCode: { en: 'activation code', zh: '激活码' },
  shopTicket: { en: 'shop ticket', zh: '商城券' },
};

export const gameNames = (game: GameId) => GAMES[game].names;

export function grantOf(row: BatchRow): Grant {
  const raw = typeof row.grant_spec === 'string' ? (JSON.parse(row.grant_spec) as unknown) : row.grant_spec;
  return grantSchema.parse(raw);
}

/** The catalogue names of what a grant names, so that a list reads without the ids. */
export function grantNamesOf(game: GameId, grant: Grant): Record<string, string> {
  const theme = THEMES[game];
  const out: Record<string, string> = {};
  if (grant.kind === 'items') {
    for (const r of grant.rewards) {
      const item = theme.items.find((i) => i.id === r.itemId);
      if (item) out[String(r.itemId)] = item.name;
    }
  } else {
    const item = theme.shop.find((i) => i.id === grant.shopItemId);
    if (item) out[String(grant.shopItemId)] = item.name;
  }
  return out;
}

const factsOf = (row: BatchRow) => ({
  enabled: row.enabled,
  validFrom: row.valid_from,
  validUntil: row.valid_until,
  used: row.used,
  total: row.total,
  usesPerCode: row.uses_per_code,
});

export function toBatch(row: BatchRow, now: Date): CodeBatch {
  const game = row.game as GameId;
  const grant = grantOf(row);
  return {
    id: row.id,
    game,
    kind: row.kind as CodeKind,
    name: row.name,
    prefix: row.prefix,
    channel: row.channel,
    grant,
    grantNames: grantNamesOf(game, grant),
    validFrom: row.valid_from.toISOString(),
    validUntil: row.valid_until.toISOString(),
    usesPerCode: row.uses_per_code,
    usesPerPlayer: row.uses_per_player,
    total: row.total,
    used: row.used,
    enabled: row.enabled,
    state: batchStateAt(factsOf(row), now),
    reason: row.reason,
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

export function toCodeInfo(code: CodeRow, batch: BatchRow, now: Date): Omit<CodeInfo, 'redemptions'> {
  return {
    code: code.code,
    batchId: batch.id,
    batchName: batch.name,
    kind: batch.kind as CodeKind,
    uses: code.uses,
    usesPerCode: batch.uses_per_code,
    enabled: code.enabled,
    state: codeStateAt(code, factsOf(batch), now),
  };
}

export async function mustFindBatch(
  db: Kysely<Database>,
  game: GameId,
  kind: CodeKind,
  batchId: number,
): Promise<BatchRow> {
  const row = await db
    .selectFrom('gift_code_batches')
    .selectAll()
    .where('game', '=', game)
    .where('kind', '=', kind)
    .where('id', '=', batchId)
    .executeTakeFirst();
  if (row) return row;
  const k = KIND_TEXT[kind];
  throw problem(
    Codes.NOT_FOUND,
    `${gameNames(game).en} has no ${k.en} batch ${batchId}`,
    `${gameNames(game)['zh-CN']}没有编号为 ${batchId} 的${k.zh}批次`,
  );
}

/** A code of this kind in the game, with its batch; 40400 naming the code when there is none. */
export async function mustFindCode(
  db: Kysely<Database>,
  game: GameId,
  kind: CodeKind,
  code: string,
): Promise<{ code: CodeRow; batch: BatchRow }> {
  const found = await db
    .selectFrom('gift_codes')
    .selectAll()
    .where('game', '=', game)
    .where('code', '=', code)
    .executeTakeFirst();
  const batch = found
    ? await db
        .selectFrom('gift_code_batches')
        .selectAll()
        .where('id', '=', found.batch_id)
        .executeTakeFirstOrThrow()
    : undefined;
  if (found && batch && batch.kind === kind) return { code: found, batch };
  const k = KIND_TEXT[kind];
  if (batch) {
    const other = KIND_TEXT[batch.kind as CodeKind];
    throw problem(
      Codes.NOT_FOUND,
      `${code} is a ${other.en}, not an ${k.en}: look it up on the ${other.en} page`,
      `${code} 是${other.zh}，不是${k.zh}：请在${other.zh}页面查询`,
    );
  }
  throw problem(
    Codes.NOT_FOUND,
    `${gameNames(game).en} has no ${k.en} ${code}; check it was typed right`,
    `${gameNames(game)['zh-CN']}没有${k.zh} ${code}；请检查是否输入正确`,
  );
}

/** Codes per insert statement: one text parameter of about 300 KB. */
const INSERT_CHUNK = 25_000;

/**
 * Makes `count` new codes of a batch: random text, inserted many rows a statement, a code that
 * already exists in the game (any batch, either kind) skipped by the unique index and made again.
 * The codes travel as one comma-joined text (the alphabet has no comma), which both drivers pass
 * the same way, unlike array parameters.
 */
export async function insertCodes(
  db: Kysely<Database>,
  game: GameId,
  batchId: number,
  prefix: string,
  count: number,
): Promise<number> {
  let made = 0;
  for (let round = 0; made < count; round++) {
    // Collisions are one in ~6e16 per pair: a few rounds at the very most, unless something is wrong.
    if (round >= 20) throw new Error(`could not make ${count} unique codes for batch ${batchId}`);
    // Sorted: each statement then fills the indexes in key order, not at random places (about
    // twice as fast for a big batch).
    const codes = randomCodes(prefix, count - made).sort();
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      const chunk = codes.slice(i, i + INSERT_CHUNK).join(',');
      const res = await sql`
        insert into gift_codes (game, code, batch_id)
        select ${game}, c, ${batchId}::int from unnest(string_to_array(${chunk}::text, ',')) as c
        on conflict (game, code) do nothing`.execute(db);
      made += Number(res.numAffectedRows ?? 0n);
    }
  }
  return made;
}
