import type { Kysely } from 'kysely';
import { CODE_ALPHABET, CODE_RANDOM_LENGTH, type CodeKind, type Grant } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { jsonValue, type Database } from '../db/schema.js';
import { Rng } from '../players/prng.js';
import { THEMES } from '../players/themes/index.js';
import { playerIdOf } from '../seed/players.js';

/**
 * A few small batches per game for the demo: an active one with some codes redeemed, an expired
 * one, a disabled one, and shop tickets active and not yet valid. Deterministic (the codes come
 * from a seeded generator, not the CSPRNG: they are demo data, and every seeded batch expires
 * within two months of the seed) and idempotent (a game that has seeded batches gets none again).
 */

const SEEDED_BY = '(demo data)';
const DAY = 86_400_000;

interface SeedBatch {
  kind: CodeKind;
  name: string;
  prefix: string;
  channel: string;
  count: number;
  /** Days from the anchor. */
  from: number;
  until: number;
  usesPerCode: number;
  usesPerPlayer: number;
  enabled: boolean;
  /** How many of its codes seeded players have redeemed, one each. */
  redeemed: number;
  grant(game: GameId): Grant;
}

const firstItems = (game: GameId, n: number) =>
  THEMES[game].items.slice(0, n).map((it, i) => ({ itemId: it.id, count: (i + 1) * 10 }));
const shopItem = (game: GameId, i: number): Grant => {
  const shop = THEMES[game].shop;
  const item = shop[i % shop.length];
  if (!item) throw new Error(`${game} has no shop items`);
  return { kind: 'shopItem', shopItemId: item.id, price: Math.floor(item.price / 2) };
};

const BATCHES: readonly SeedBatch[] = [
  {
    kind: 'activeCode',
    name: 'Launch gift',
    prefix: 'GFT',
    channel: 'launch',
    count: 30,
    from: -7,
    until: 60,
    usesPerCode: 1,
    usesPerPlayer: 1,
    enabled: true,
    redeemed: 8,
    grant: (g) => ({ kind: 'items', rewards: firstItems(g, 2) }),
  },
  {
    kind: 'activeCode',
    name: 'Stream giveaway',
    prefix: 'TV',
    channel: 'stream',
    count: 10,
    from: -30,
    until: -1,
    usesPerCode: 1,
    usesPerPlayer: 1,
    enabled: true,
    redeemed: 4,
    grant: (g) => ({ kind: 'items', rewards: firstItems(g, 3) }),
  },
  {
    kind: 'activeCode',
    name: 'Partner pack',
    prefix: 'PTNR',
    channel: 'partner',
    count: 10,
    from: -3,
    until: 30,
    usesPerCode: 1,
    usesPerPlayer: 1,
    enabled: false,
    redeemed: 0,
    grant: (g) => ({ kind: 'items', rewards: firstItems(g, 1) }),
  },
  {
    kind: 'shopTicket',
    name: 'Weekend half price',
    prefix: 'WKND',
    channel: 'event',
    count: 20,
    from: -2,
    until: 45,
    usesPerCode: 1,
    usesPerPlayer: 2,
    enabled: true,
    redeemed: 5,
    grant: (g) => shopItem(g, 0),
  },
  {
    kind: 'shopTicket',
    name: 'VIP preview',
    prefix: 'PRE',
    channel: 'vip',
    count: 5,
    from: 7,
    until: 37,
    usesPerCode: 1,
    usesPerPlayer: 1,
    enabled: true,
    redeemed: 0,
    grant: (g) => shopItem(g, 1),
  },
];

function seededCodes(game: GameId, b: SeedBatch): string[] {
  const rng = new Rng(`giftCodes|${game}|${b.name}`);
  const out = new Set<string>();
  while (out.size < b.count) {
    let code = b.prefix;
    for (let i = 0; i < CODE_RANDOM_LENGTH; i++) code += CODE_ALPHABET[rng.int(0, CODE_ALPHABET.length - 1)];
    out.add(code);
  }
  return [...out];
}

export async function seedGiftCodes(db: Kysely<Database>, game: GameId, anchor: Date): Promise<number> {
  const done = await db
    .selectFrom('gift_code_batches')
    .select('id')
    .where('game', '=', game)
    .where('created_by', '=', SEEDED_BY)
    .executeTakeFirst();
  if (done) return 0;
  const at = (days: number) => new Date(anchor.getTime() + days * DAY);
  let rows = 0;
  for (const b of BATCHES) {
    const batch = await db
      .insertInto('gift_code_batches')
      .values({
        game,
        kind: b.kind,
        name: b.name,
        prefix: b.prefix,
        channel: b.channel,
        grant_spec: jsonValue(b.grant(game)),
        valid_from: at(b.from),
        valid_until: at(b.until),
        uses_per_code: b.usesPerCode,
        uses_per_player: b.usesPerPlayer,
        total: b.count,
        used: b.redeemed,
        enabled: b.enabled,
        reason: 'demo data',
        created_by: SEEDED_BY,
        created_at: at(b.from - 1),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const codes = seededCodes(game, b);
    // Redeemed a few hours apart, inside the batch's validity.
    const redeemedAt = (i: number) => new Date(at(b.from).getTime() + (i + 1) * 3_600_000);
    const inserted = await db
      .insertInto('gift_codes')
      .values(
        codes.map((code, i) => ({
          game,
          code,
          batch_id: batch.id,
          uses: i < b.redeemed ? 1 : 0,
          last_player_id: i < b.redeemed ? playerIdOf(game, i + 1) : null,
          last_redeemed_at: i < b.redeemed ? redeemedAt(i) : null,
        })),
      )
      .onConflict((oc) => oc.columns(['game', 'code']).doNothing())
      .returning('code')
      .execute();
    const redemptions = inserted
      .map((r) => ({ ...r, i: codes.indexOf(r.code) }))
      .filter((r) => r.i < b.redeemed)
      .map((r) => ({
        game,
        code: r.code,
        batch_id: batch.id,
        player_id: playerIdOf(game, r.i + 1),
        server_id: `${game}-1`,
        at: redeemedAt(r.i),
      }));
    if (redemptions.length > 0) await db.insertInto('gift_code_redemptions').values(redemptions).execute();
    rows += 1 + inserted.length + redemptions.length;
  }
  return rows;
}
