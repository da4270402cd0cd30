import { sql, type Kysely, type RawBuilder } from 'kysely';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import type { Database } from '../db/schema.js';
import { settleNameGrams, withNameGramsRebuiltAfter } from '../players/name-grams.js';

/**
 * Players of the four games, made by the database itself (generate_series) so that a million rows
 * take seconds. Row g of a game is always the same player: seeding is deterministic (given the
 * anchor), and seeding again with a larger size only adds the missing rows.
 *
 * Every date is relative to the anchor (the clock when the database was first seeded):
 * - created_at lies within the 365 days before it; one player in ten joined in the last 7 days and
 *   one in ten in the last 30, so "new players per day" has data at any size;
 * - last_login_at lies between created_at and the anchor, mostly close to the anchor for active
 *   players, early in the account's life for inactive ones, and is null for one in 13 (never
 *   signed in);
 * - one in 11 is inactive and one in 157 deleted (deleted_at after their last activity).
 */

export const SMALL_SEED = 500;
export const MAX_SEED = 1_000_000;

/*
 * Names. Most players of these games have Chinese names: three rows in four are a surname and a
 * given name of one or two characters (2 to 4 characters in all), drawn with realistic weights
 * so that a few pairs (张伟, 王芳) are common and most pairs are rare or absent. The fourth row
 * (g % 4 = 3, which includes the heavy players 7, 1007, ...) keeps a gamer name: two words and
 * a number, some of the words Chinese, so Latin, digits and mixed text are there too.
 */

/** Common surnames, most frequent first, each with its weight (roughly per 10,000 people). */
const SURNAME_TABLE = `
  王 712  李 700  张 674  刘 538  陈 453  杨 308  黄 224  赵 214  吴 205  周 204  徐 175
  孙 151  马 144  朱 127  胡 124  郭 118  何 114  林 113  高 108  罗 100  郑 97  梁 85  谢 76
  宋 69  唐 68  许 66  韩 62  冯 62  邓 60  曹 60  彭 56  曾 55  肖 52  田 49  董 48  袁 46
  潘 46  于 45  蒋 44  蔡 44  余 43  杜 42  叶 40  程 39  苏 38  魏 37  吕 36  丁 35  任 34
  沈 34  姚 33  卢 32  姜 31  崔 30  钟 30  谭 29  陆 29  汪 28  范 28  金 27  石 27  廖 26
  贾 26  夏 25  韦 25  付 25  方 24  白 24  邹 23  孟 23  熊 22  秦 22  邱 22  江 21  尹 21
  薛 20  闫 20  段 19  雷 19  侯 18  龙 18  史 18  陶 17  黎 17  贺 17  顾 16  毛 16  郝 16
  龚 16  邵 15  万 15  钱 15  严 14  覃 14  武 14  戴 14  莫 13  孔 13  向 13  汤 13  欧阳 4
  上官 2  司马 2  诸葛 1  慕容 1  东方 1  皇甫 1
`;
const SURNAMES = [...SURNAME_TABLE.matchAll(/(\p{Script=Han}+) (\d+)/gu)].map(
  ([, name, weight]) => [name ?? '', Number(weight)] as const,
);

/**
 * Characters of given names, most frequent first; the k-th weighs 100000 / (k + 10), so the
 * first is about thirty times as common as the last.
 */
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉萍红建文辉力飞兰云鹏宇浩俊峰亮婷雪琳晨欣怡佳' +
  '子梓涵轩睿博泽一诺然宁思雨嘉瑶淑慧颖晶琪璐露蕾莉倩妍薇茜冰凤美燕彤珊菲媛月阳海波斌宏志国成新永' +
  '春生民荣林东龙凯鑫晓金利义德福安康乐天正良家兴旭昊翔鸿运达远帆航毅勤诚信仁智坚健豪铭锋锐钢石山' +
  '川江河湖泉溪清雅婉柔蓉芬芝菊梅竹松柏桐楠枫叶花香馨蕊萱瑾瑜璇琼瑞祥吉庆喜悦欢彬炜烨焕灿煜森淼垚' +
  '昌盛茂光照耀晖曦昕晴朗星辰宸逸扬致婧姝娴嫣妮娅婕黛青丹彩虹锦绣绮罗素洁白皓凌霄崇岳岩峻巍立功业' +
  '勋彰显仪容谦恭让温俭孝忠廉宝珍珠琦玮瑛琰瑗璋琬珂琛珏璟颢骏驰骐骥鹤鸣鹰雁莺鹂兵振中卫升玲萌梦琴' +
  '岚蓓菁若依可心语悠舒畅墨言尘沐宣哲奕彦瀚霖凡杨柳艺诗晗昭韵铮楷';
const GIVEN_CHARS = [...GIVEN];
const GIVEN_WEIGHTS = GIVEN_CHARS.map((_, k) => Math.round(100_000 / (k + 10)));

/** A weighted draw: `lower` are the buckets' lower bounds (0 first), `total` their sum. */
interface Draw {
  items: readonly string[];
  lower: readonly number[];
  total: number;
}

function draw(items: readonly string[], weights: readonly number[]): Draw {
  const lower: number[] = [];
  let total = 0;
  for (const w of weights) {
    lower.push(total);
    total += w;
  }
  return { items, lower, total };
}

const SURNAME_DRAW = draw(
  SURNAMES.map(([s]) => s),
  SURNAMES.map(([, w]) => w),
);
const GIVEN_DRAW = draw(GIVEN_CHARS, GIVEN_WEIGHTS);

/** Gamer names: a word of each list and a number. */
export const GAMER_FIRST = [
  'Ash',
  'Blaze',
  'Cinder',
  'Dusk',
  'Echo',
  'Frost',
  'Gale',
  'Haze',
  'Iron',
  'Jade',
  'Kite',
  'Lumen',
  'Moss',
  'Nova',
  'Onyx',
  'Pike',
  'Quill',
  'Rune',
  'Sable',
  'Thorn',
  'Umber',
  'Vale',
  'Wisp',
  'Yew',
  'Zephyr',
  '小龙',
  '青云',
  '墨白',
  '星河',
  '流光',
  '寒江',
];
export const GAMER_SECOND = [
  'wolf',
  'fox',
  'hawk',
  'bear',
  'lynx',
  'crow',
  'viper',
  'stag',
  'owl',
  'orca',
  'ram',
  'mole',
  'newt',
  'wren',
  'boar',
  'moth',
  'eel',
  '剑客',
  '游侠',
  '法师',
  '刺客',
  '骑士',
  '猎人',
];

/** Where a game's player ids (Steam-style 64-bit ids, as text) and account numbers start. */
function bases(game: GameId): { id: bigint; num: number } {
  const i = GAME_IDS.indexOf(game);
  return { id: 76561198000000000n + BigInt(i) * 100_000_000n, num: (i + 1) * 10_000_000 };
}

/** The id of seed row g (1-based) of a game. */
export function playerIdOf(game: GameId, g: number): string {
  return (bases(game).id + BigInt(g)).toString();
}

/** The account number of seed row g of a game. */
export function playerNumOf(game: GameId, g: number): number {
  return bases(game).num + g;
}

/** The seed row of a player id, or undefined when the id is not one the seed makes. */
export function seedRowOf(game: GameId, id: string): number | undefined {
  if (!/^[0-9]{1,20}$/.test(id)) return undefined;
  const g = BigInt(id) - bases(game).id;
  return g >= 1n && g <= BigInt(MAX_SEED) ? Number(g) : undefined;
}

/** Rows g % GAMER_EVERY = GAMER_ROW have a gamer name; the others a Chinese one. */
const GAMER_EVERY = 4;
const GAMER_ROW = 3;
/** Rows g % SHORT_GIVEN_EVERY = 0 (of the Chinese ones) have a one-character given name. */
const SHORT_GIVEN_EVERY = 5;

/**
 * Draws are made from a 32-bit hash of (g, k): integer arithmetic that SQL (bigint) and
 * JavaScript compute alike, so `playerNameOf` is exactly what the seed's SQL stores. The mix is
 * a well-known 32-bit integer hash (two multiply-xorshift rounds); its multiplier is below 2^31
 * so that SQL's products stay within bigint.
 */
const MIX = 0x45d9f3b;
const MASK = 0xffffffff;
const TWO_32 = 2 ** 32;

function mix32(g: number, k: number): number {
  let x = g * 4 + k;
  x = Math.imul((x >>> 16) ^ x, MIX) >>> 0;
  x = Math.imul((x >>> 16) ^ x, MIX) >>> 0;
  return ((x >>> 16) ^ x) >>> 0;
}

/** The same hash in SQL, of the seed row in column `g`. */
function mix32Sql(k: number): RawBuilder<number> {
  const round = (x: RawBuilder<unknown>) =>
    sql`(((((${x}) >> 16) # (${x})) * ${sql.lit(MIX)}) & ${sql.lit(MASK)})`;
  const x = round(round(sql`(g * 4 + ${sql.lit(k)})`));
  return sql<number>`(((${x}) >> 16) # (${x}))`;
}

/** The item a hash draws: the bucket of floor(h * total / 2^32) among the lower bounds. */
function pick(d: Draw, h: number): string {
  const r = Math.floor((h * d.total) / TWO_32);
  let lo = 0;
  let hi = d.lower.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((d.lower[mid] ?? 0) <= r) lo = mid;
    else hi = mid - 1;
  }
  return d.items[lo] ?? '';
}

/** The same draw in SQL (width_bucket is 1-based, as SQL arrays are). */
function pickSql(d: Draw, h: RawBuilder<number>): RawBuilder<string> {
  return sql<string>`(${d.items}::text[])[width_bucket((${h} * ${sql.lit(d.total)}) >> 32, ${d.lower}::bigint[])]`;
}

/** The name of seed row g, as the seed's SQL makes it (tests and the bench search by it). */
export function playerNameOf(g: number): string {
  if (g % GAMER_EVERY === GAMER_ROW) {
    return `${GAMER_FIRST[(g * 7) % GAMER_FIRST.length]}${GAMER_SECOND[(g * 13) % GAMER_SECOND.length]}${g % 1000}`;
  }
  const given2 = g % SHORT_GIVEN_EVERY === 0 ? '' : pick(GIVEN_DRAW, mix32(g, 2));
  return pick(SURNAME_DRAW, mix32(g, 0)) + pick(GIVEN_DRAW, mix32(g, 1)) + given2;
}

/** `playerNameOf` in SQL, of the seed row in column `g`. */
function nameSql(): RawBuilder<string> {
  return sql<string>`case
    when g % ${sql.lit(GAMER_EVERY)} = ${sql.lit(GAMER_ROW)} then
      (${GAMER_FIRST}::text[])[(1 + (g * 7) % ${GAMER_FIRST.length})::int]
      || (${GAMER_SECOND}::text[])[(1 + (g * 13) % ${GAMER_SECOND.length})::int]
      || (g % 1000)::text
    else ${pickSql(SURNAME_DRAW, mix32Sql(0))} || ${pickSql(GIVEN_DRAW, mix32Sql(1))}
      || case when g % ${sql.lit(SHORT_GIVEN_EVERY)} = 0 then '' else ${pickSql(GIVEN_DRAW, mix32Sql(2))} end
    end`;
}

/**
 * Players with very many items (10,000 pieces of equipment): seed rows 7, 1007, 2007, ..., so
 * every seed size has one (row 7) and the bench finds them at any size.
 */
export function isHeavyPlayer(g: number): boolean {
  return g % 1000 === 7;
}

const BATCH = 100_000;
/**
 * From this many new players of a game, the seed loads them in one transaction and makes the
 * game's name grams afterwards, all at once (server/players/name-grams.ts). The triggers add
 * postings one by one to an index that soon outgrows the buffer cache: measured on PGlite, 300,000
 * players of a game took 40 to 50 s that way, against about 15 s in bulk.
 */
export const BULK_LOAD_FROM = 50_000;
const DAY = 86_400;

/**
 * After a bulk insert: merge the trigram indexes' pending lists (GIN queues new entries there and
 * every search reads the whole queue until it is merged), refresh the planner's statistics and
 * mark the name grams' pages all-visible (the embedded database has no autovacuum to do these).
 */
async function settle(db: Kysely<Database>, game: GameId, bulk: boolean): Promise<void> {
  await sql`
    select gin_clean_pending_list(i.indexrelid::regclass)
    from pg_index as i
      join pg_class as c on c.oid = i.indexrelid
      join pg_am as am on am.oid = c.relam
    where i.indrelid = 'players'::regclass and am.amname = 'gin'`.execute(db);
  await sql`analyze players`.execute(db);
  await settleNameGrams(db, game, bulk);
}

/**
 * Whether the database has a checkpointer process to recycle its write-ahead log. PGlite runs as
 * a single backend without one; a PostgreSQL server always has one.
 */
async function hasCheckpointer(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_stat_activity where backend_type = 'checkpointer') as found`.execute(db);
  return rows[0]?.found ?? true;
}

async function playerCount(db: Kysely<Database>, game: GameId): Promise<number> {
  const row = await db
    .selectFrom('players')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Makes players 1..count of a game (the missing ones); returns the game's player count.
 * `bulkFrom` (tests) lowers the number of new players that takes the bulk path.
 */
export async function seedPlayers(
  db: Kysely<Database>,
  game: GameId,
  count: number,
  anchor: Date,
  afterBatch?: () => Promise<void>,
  bulkFrom = BULK_LOAD_FROM,
): Promise<number> {
  if (!Number.isInteger(count) || count < 0 || count > MAX_SEED) {
    throw new Error(`player seed size must be 0 to ${MAX_SEED}, not ${count}`);
  }
  const before = await playerCount(db, game);
  let added = 0;
  const load = async (q: Kysely<Database>, between?: () => Promise<void>) => {
    for (let from = 1; from <= count; from += BATCH) {
      added += await insertBatch(q, game, from, Math.min(count, from + BATCH - 1), anchor);
      await between?.();
    }
  };
  const bulk = count - before >= bulkFrom;
  if (bulk) {
    // One transaction, so that a failure leaves the index as it was. Nothing else may use the
    // connection meanwhile (PGlite has one), so `afterBatch` (which checkpoints the embedded
    // database through it) would wait for the end: checkpoint through the transaction instead.
    const checkpoint = !(await hasCheckpointer(db));
    await db.transaction().execute((trx) => {
      const between = async () => {
        if (checkpoint) await sql`checkpoint`.execute(trx);
      };
      return withNameGramsRebuiltAfter(trx, game, () => load(trx, between), { between });
    });
    await afterBatch?.();
  } else {
    await load(db, afterBatch);
  }
  if (added > 0) await settle(db, game, bulk);
  return before + added;
}

/** Inserts the missing players among seed rows from..to of a game; returns how many it added. */
async function insertBatch(
  db: Kysely<Database>,
  game: GameId,
  from: number,
  to: number,
  anchor: Date,
): Promise<number> {
  const base = bases(game);
  const at = anchor.toISOString();
  // Rows go in by name: a name search then finds its matches in a few heap pages instead of one
  // page per match (the trigram index's recheck is most of a search's cost at a million rows),
  // and the name indexes fill in order.
  // Whole seconds everywhere, so both backends store exactly the same instants. The fractions
  // are Weyl sequences (g times an irrational, mod 1): spread evenly even over a few rows, so
  // the small test seed looks like the large one. float8, not numeric: numeric powers are slow.
  const res = await sql`
    insert into players (game, id, num, name, level, state, created_at, last_login_at, deleted_at)
    select ${game}, id, num, name, level, state, created_at, last_login_at,
      case when state = 'deleted' then ${at}::timestamptz - floor(
        extract(epoch from ${at}::timestamptz - coalesce(last_login_at, created_at)) * v
      ) * interval '1 second' end
    from (
      select g, id, num, name, state, created_at,
        case
          when g % 13 = 0 then null
          when state = 'inactive' then created_at + floor(age * u * 0.4) * interval '1 second'
          else ${at}::timestamptz - floor(age * u * u * u) * interval '1 second'
        end as last_login_at,
        case when g % 13 = 0 then 1 else 1 + floor(99 * power(w, 1.6))::int end as level,
        v
      from (
        select g, age, u, v, w,
          (${base.id.toString()}::bigint + g)::text as id,
          (${base.num}::bigint + g)::int as num,
          ${nameSql()} as name,
          case when g % 157 = 0 then 'deleted' when g % 11 = 0 then 'inactive' else 'active' end as state,
          ${at}::timestamptz - age * interval '1 second' as created_at
        from (
          select g,
            60 + floor(t * case g % 10 when 3 then ${sql.lit(7 * DAY - 60)} when 6 then ${sql.lit(30 * DAY - 60)}
              else ${sql.lit(365 * DAY - 60)} end) as age,
            u, v, w
          from (
            select g,
              (g * 0.6180339887498949::float8) - floor(g * 0.6180339887498949::float8) as t,
              (g * 0.4142135623730950::float8) - floor(g * 0.4142135623730950::float8) as u,
              (g * 0.7320508075688772::float8) - floor(g * 0.7320508075688772::float8) as v,
              (g * 0.2360679774997897::float8) - floor(g * 0.2360679774997897::float8) as w
            from generate_series(${from}::bigint, ${to}::bigint) as g
          ) as s0
        ) as s1
      ) as s2
    ) as s3
    order by name
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}
