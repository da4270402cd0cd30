import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SPECIAL_CATEGORIES, type Hero } from '../../shared/api/moderation.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { gameHasPage } from '../../shared/game-pages.js';
import { readMeta, writeMeta } from '../db/app-meta.js';
import type { Database } from '../db/schema.js';
import { HEROES } from '../seed/heroes.js';
import { DEMO_OPERATORS } from '../seed/operators.js';
import { playerIdOf } from '../seed/players.js';

/**
 * The moderation lists of one game, made by the database (generate_series) so that a million
 * players cost a second or two: blacklist (~1% of players, plus a few IP addresses), hero bans
 * (a few that apply to every player, plus ~0.8% of players with one each), special users (~0.6%)
 * and testing players (~1.1%, each with 2 to 6 testing recharges) for the games with those pages.
 *
 * Which seed rows g are picked is a fixed rule (g mod some period), chosen so that the 20 players
 * of the tests already give every list at least two entries: blacklist rows 3 (active, no
 * expiry) and 17 (expired), hero bans of rows 7 (active) and 13 (expired), special users 5 and
 * 11, testing players 9 and 19 (with paid and refunded recharges). Dates are the seed's anchor
 * moved by whole seconds, so both backends store the same instants.
 *
 * Seeding again adds only rows g in (previous size, new size]: the size already done is kept in
 * app_meta, and the fixed entries (IP addresses, bans for every player) come with the first run.
 */

const metaKey = (game: GameId) => `moderation_seeded:${game}`;

const DAY = 86_400;

/** Who "made" seeded entries: the game's own admin, the all-games admin or the super-admin. */
function operatorsOf(game: GameId): string[] {
  const own = DEMO_OPERATORS.find((o) => o.roles.length === 2 && o.roles.includes(GAMES[game].role));
  return [own?.name ?? 'admin', 'admin', 'super'];
}

const BLACKLIST_REASONS = [
  'Cheating: speed hack detected by anti-cheat',
  '外挂：检测到加速和透视',
  'Chargeback fraud: 3 disputed payments after spending the diamonds',
  '恶意退款：充值消费后申请拒付',
  'Abusive chat, reported by 12 players',
  '辱骂他人，多次被举报',
  'Botting: scripted farming around the clock',
  '利用漏洞刷取资源',
  'Real-money trading of accounts and items',
  '账号买卖及线下交易',
];

const HERO_BAN_REASONS = [
  'Exploited a skill bug of this hero in ranked matches',
  '利用该英雄技能漏洞上分',
  'Refund abuse after buying this hero',
  '购买英雄后恶意退款',
  'Reported for griefing with this hero',
  '使用该英雄消极比赛被举报',
];

const SPECIAL_NOTES: Record<(typeof SPECIAL_CATEGORIES)[number], string> = {
  gm: 'In-house GM account / 内部 GM 账号',
  streamer: 'Partner streamer on Bilibili, keep drops fair / B站合作主播，掉落保持正常',
  partner: 'Publisher partner account / 发行合作方账号',
  tester: 'External QA tester / 外部测试人员',
  vip: 'Top spender, VIP service line / 大R玩家，VIP 专线服务',
};

const TESTING_NOTES = [
  'Payment QA account / 支付测试账号',
  'Internal account for the recharge flow / 内部充值流程测试号',
  'Store review account / 商店审核账号',
];

/** Testing recharge products, priced in fen (CNY minor units). */
const PRODUCTS: readonly (readonly [string, number])[] = [
  ['月卡 Monthly card', 3000],
  ['季卡 Season pass', 6800],
  ['首充礼包 First top-up pack', 600],
  ['成长基金 Growth fund', 9800],
  ['60 钻石 60 Diamonds', 600],
  ['300 钻石 300 Diamonds', 3000],
  ['980 钻石 980 Diamonds', 9800],
  ['1980 钻石 1980 Diamonds', 19800],
  ['6480 钻石 6480 Diamonds', 64800],
];

const REFUND_REASON = 'QA purchase test finished / 测试购买完成，退款';

/**
 * Seed rows g in [from, to] with g mod `every` in `residues`, as (g, j = g div every, idx = which
 * residue, 1-based). Walking the periods rather than every g keeps a million-row seed cheap.
 */
function picks(from: number, to: number, every: number, residues: readonly number[]): RawBuilder<unknown> {
  return sql`(
    select j * ${every}::bigint + u.r as g, j, u.idx
    from generate_series(${Math.floor(from / every)}::bigint, ${Math.floor(to / every)}::bigint) as j
    cross join unnest(${[...residues]}::int[]) with ordinality as u(r, idx)
    where j * ${every}::bigint + u.r between ${from}::bigint and ${to}::bigint
  )`;
}

/**
 * A well-spread number (0 to 65535) from the pick's g, by multiplicative hashing, for choosing
 * reasons, heroes and dates: g itself advances by the pick period, which shares factors with
 * most list lengths and would keep choosing the same few. `salt` makes independent choices.
 */
function mix(salt: number): RawBuilder<number> {
  // The high half: the low bits of a multiplicative hash repeat with short periods.
  return sql<number>`((s.g * 8 + ${salt}::bigint) * 2654435761 % 4294967296 / 65536)`;
}

/** One element of `values`, chosen by the pick's g. */
function pick(values: readonly (string | number)[], salt: number): RawBuilder<unknown> {
  const type = typeof values[0] === 'number' ? sql`int[]` : sql`text[]`;
  return sql`(${[...values]}::${type})[1 + ${mix(salt)} % ${values.length}]`;
}

interface SeedRange {
  game: GameId;
  /** First and last seed row of this run. */
  from: number;
  to: number;
  /** The anchor as ISO text, and the id of seed row 0 (ids are base + g). */
  at: string;
  base: string;
  operators: string[];
}

/**
 * When an entry was made: some days before the anchor, but after its player joined and at least
 * an hour before the anchor. `g` and `p` are the pick and the player in the surrounding query.
 */
function createdAt(r: SeedRange, spreadDays: number): RawBuilder<Date> {
  return sql<Date>`least(
    greatest(
      ${r.at}::timestamptz - make_interval(
        days => (2 + ${mix(0)} % ${spreadDays})::int, secs => ${mix(1)} % ${DAY}),
      date_trunc('second', p.created_at) + interval '1 hour'),
    ${r.at}::timestamptz - interval '1 hour')`;
}

/**
 * The expiry of a picked entry `c` (with its g, period j, residue idx and created_at): none,
 * some days after the anchor, or halfway between its creation and the anchor (so it has
 * expired). The first residue of a period starts the cycle at "none", the second at "expired",
 * so the first period (the tests' 20 players) holds one entry that applies and one that expired.
 */
function expiryOf(r: SeedRange): RawBuilder<Date | null> {
  return sql<Date | null>`case (c.j + case c.idx when 1 then 0 else 2 end) % 3
    when 0 then null
    when 1 then ${r.at}::timestamptz + make_interval(days => (7 + c.g % 83)::int)
    else c.created_at + make_interval(secs => floor(extract(epoch from ${r.at}::timestamptz - c.created_at) / 2))
  end`;
}

const playerJoin = (r: SeedRange) =>
  sql`join players as p on p.game = ${r.game} and p.id = (${r.base}::bigint + s.g)::text`;

interface ExpiringPick {
  /** Players picked: seed rows g with g mod `every` in `residues`. */
  every: number;
  residues: readonly number[];
  /** How many days before the anchor entries may be made. */
  spreadDays: number;
  reasons: readonly string[];
  /** The list's own columns (the hero of a ban). */
  columns?: RawBuilder<unknown>[];
}

/**
 * The entries that expire (blacklist, hero bans) of the picked players, as a subquery `c` with
 * the pick (g, j, idx), the player's id, the list's columns, a reason, an operator and
 * created_at; the insert adds `expiryOf`.
 */
function expiringEntries(r: SeedRange, e: ExpiringPick): RawBuilder<unknown> {
  const columns = [
    sql`s.g`,
    sql`s.j`,
    sql`s.idx`,
    sql`p.id`,
    ...(e.columns ?? []),
    sql`${pick(e.reasons, 2)} as reason`,
    sql`${pick(r.operators, 3)} as operator`,
    sql`${createdAt(r, e.spreadDays)} as created_at`,
  ];
  return sql`(
    select ${sql.join(columns)}
    from ${picks(r.from, r.to, e.every, e.residues)} as s
    ${playerJoin(r)}
  ) as c`;
}

async function seedBlacklistPlayers(db: Kysely<Database>, r: SeedRange): Promise<number> {
  const entries = expiringEntries(r, {
    every: 200,
    residues: [3, 17],
    spreadDays: 150,
    reasons: BLACKLIST_REASONS,
  });
  const res = await sql`
    insert into blacklist (game, kind, value, reason, operator, created_at, expires_at)
    select ${r.game}, 'player', c.id, c.reason, c.operator, c.created_at, ${expiryOf(r)}
    from ${entries}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

async function seedHeroBansOfPlayers(db: Kysely<Database>, r: SeedRange): Promise<number> {
  const heroIds = HEROES[r.game].map((h) => h.heroId);
  const heroNames = HEROES[r.game].map((h) => h.name);
  const entries = expiringEntries(r, {
    every: 250,
    residues: [7, 13],
    spreadDays: 90,
    reasons: HERO_BAN_REASONS,
    columns: [sql`${pick(heroIds, 4)} as hero_id`, sql`${pick(heroNames, 4)} as hero_name`],
  });
  const res = await sql`
    insert into banned_heroes (game, hero_id, hero_name, player_id, reason, operator, created_at, expires_at)
    select ${r.game}, c.hero_id, c.hero_name, c.id, c.reason, c.operator, c.created_at, ${expiryOf(r)}
    from ${entries}`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

async function seedSpecialUsers(db: Kysely<Database>, r: SeedRange): Promise<number> {
  const categories = [...SPECIAL_CATEGORIES];
  const res = await sql`
    insert into special_users (game, player_id, category, note, operator, created_at)
    select ${r.game}, p.id,
      ${pick(categories, 5)},
      ${pick(
        categories.map((c) => SPECIAL_NOTES[c]),
        5,
      )},
      ${pick(r.operators, 3)},
      ${createdAt(r, 300)}
    from ${picks(r.from, r.to, 500, [5, 255, 11])} as s
    ${playerJoin(r)}
    on conflict do nothing`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** Testing players and, in the same statement, their 2 to 6 recharges each. */
async function seedTesting(db: Kysely<Database>, r: SeedRange): Promise<number> {
  const residues = [...Array.from({ length: 10 }, (_, i) => i * 100 + 9), 19];
  const res = await sql`
    with added as (
      insert into testing_players (game, player_id, note, added_at)
      select ${r.game}, p.id,
        ${pick(TESTING_NOTES, 6)},
        ${createdAt(r, 60)}
      from ${picks(r.from, r.to, 1000, residues)} as s
      ${playerJoin(r)}
      on conflict do nothing
      returning player_id, added_at
    ),
    recharge as (
      select a.player_id, x.g, k,
        ${r.at}::timestamptz - make_interval(secs => floor(
          extract(epoch from ${r.at}::timestamptz - a.added_at) * (2 + x.g % 5 + 1 - k) / (2 + x.g % 5 + 1))) as at
      from added as a
      cross join lateral (select a.player_id::bigint - ${r.base}::bigint as g) as x
      cross join lateral generate_series(1, (2 + x.g % 5)::int) as k
    )
    insert into testing_recharges
      (game, player_id, order_id, product, amount, currency, at, status, refunded_at, refunded_by, refund_reason)
    select ${r.game}, player_id,
      'TEST-' || upper(${r.game}) || '-' || lpad(g::text, 7, '0') || '-' || k,
      (${PRODUCTS.map((p) => p[0])}::text[])[1 + (g + k * 3) % ${PRODUCTS.length}],
      (${PRODUCTS.map((p) => p[1])}::int[])[1 + (g + k * 3) % ${PRODUCTS.length}],
      'CNY', at,
      case when refunded then 'refunded' else 'paid' end,
      case when refunded then at + make_interval(secs => floor(extract(epoch from ${r.at}::timestamptz - at) / 3)) end,
      case when refunded then (${r.operators}::text[])[1 + (g + k) % ${r.operators.length}] end,
      case when refunded then ${REFUND_REASON} end
    from recharge
    cross join lateral (select (g + k) % 3 = 0 as refunded) as f`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

const hoursBefore = (anchor: Date, hours: number) => new Date(anchor.getTime() - hours * 3_600_000);

/** The first run's fixed entries: a few IP addresses and hero bans for every player. */
async function seedFixed(
  db: Kysely<Database>,
  game: GameId,
  anchor: Date,
  operators: string[],
): Promise<number> {
  const n = GAME_IDS.indexOf(game);
  const [own, admin] = [operators[0] ?? 'admin', operators[1] ?? 'admin'];
  const ips = [
    {
      value: `203.0.113.${10 + n}`,
      hours: 24 * 3,
      expires: null,
      reason: 'Account farm: 40 sign-ups in an hour',
    },
    {
      value: `198.51.100.${20 + n}`,
      hours: 30,
      expires: hoursBefore(anchor, -24 * 30),
      reason: '撞库攻击，来自该地址的大量登录失败',
    },
    {
      value: `2001:db8::${n + 1}:1`,
      hours: 24 * 40,
      expires: hoursBefore(anchor, 24 * 10),
      reason: 'Chargeback fraud ring / 恶意退款团伙',
    },
    { value: `192.0.2.${30 + n}`, hours: 24 * 12, expires: null, reason: '工作室批量刷金' },
  ];
  await db
    .insertInto('blacklist')
    .values(
      ips.map((ip, i) => ({
        game,
        kind: 'ip' as const,
        value: ip.value,
        reason: ip.reason,
        operator: i % 2 === 0 ? own : admin,
        created_at: hoursBefore(anchor, ip.hours),
        expires_at: ip.expires,
      })),
    )
    .execute();

  const heroes = HEROES[game];
  const hero = (i: number): Hero => {
    const h = heroes[i % heroes.length];
    if (!h) throw new Error(`${game} has no heroes to ban`);
    return h;
  };
  const bans = [
    {
      hero: hero(2),
      hours: 24 * 3,
      expires: null,
      lifted: null,
      reason: 'Too strong since the last patch, off until rebalanced',
    },
    {
      hero: hero(6),
      hours: 20,
      expires: hoursBefore(anchor, -24 * 14),
      lifted: null,
      reason: '技能 bug 导致对局崩溃，修复前禁用',
    },
    {
      hero: hero(9),
      hours: 24 * 40,
      expires: hoursBefore(anchor, 24 * 10),
      lifted: null,
      reason: 'Event hero, off outside the event',
    },
    {
      hero: hero(4),
      hours: 24 * 20,
      expires: null,
      lifted: hoursBefore(anchor, 24 * 18),
      reason: '数值异常，临时禁用',
    },
  ];
  await db
    .insertInto('banned_heroes')
    .values(
      bans.map((b) => ({
        game,
        hero_id: b.hero.heroId,
        hero_name: b.hero.name,
        player_id: null,
        reason: b.reason,
        operator: own,
        created_at: hoursBefore(anchor, b.hours),
        expires_at: b.expires,
        lifted_at: b.lifted,
        lifted_by: b.lifted ? admin : null,
        lift_reason: b.lifted ? 'Fixed in hotfix 1.2.3 / 热更新已修复' : null,
      })),
    )
    .execute();
  return ips.length + bans.length;
}

/**
 * Makes the moderation entries of seed rows up to `perGame` that earlier runs did not make, in
 * one transaction with the size it records. Returns how many rows it added.
 */
export async function seedModeration(
  db: Kysely<Database>,
  game: GameId,
  perGame: number,
  anchor: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const meta = await readMeta(trx, metaKey(game));
    const done = meta === undefined ? 0 : Number(meta);
    if (perGame <= done) return 0;
    const range: SeedRange = {
      game,
      from: done + 1,
      to: perGame,
      at: anchor.toISOString(),
      base: (BigInt(playerIdOf(game, 1)) - 1n).toString(),
      operators: operatorsOf(game),
    };
    let added = done === 0 ? await seedFixed(trx, game, anchor, range.operators) : 0;
    added += await seedBlacklistPlayers(trx, range);
    added += await seedHeroBansOfPlayers(trx, range);
    if (gameHasPage(game, 'specialUsers')) added += await seedSpecialUsers(trx, range);
    if (gameHasPage(game, 'testingPlayers')) added += await seedTesting(trx, range);
    await writeMeta(trx, metaKey(game), String(perGame));
    return added;
  });
}
