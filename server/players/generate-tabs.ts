import type { TabRow } from '../../shared/api/players.js';
import type { PlayerTab } from '../../shared/games.js';
import type { StatusValue } from '../../shared/player-tabs.js';
import { HEROES } from '../seed/heroes.js';
import { DAY, iso, wholeSecond, type GenContext } from './generate-context.js';
import type { Rng } from './prng.js';

/**
 * The rows of each player tab (except equipment, see generate-equipment.ts), with exactly the
 * columns of shared/player-tabs.ts. Each tab draws from its own random source; a tab that builds
 * on another (chicken skills on chickens) reads that tab's rows from `made`.
 */

export type MadeTabs = Partial<Record<PlayerTab, TabRow[]>>;
type TabMaker = (g: GenContext, r: Rng, made: MadeTabs) => TabRow[];

/** Seasons (passports) last eight weeks from this Monday. */
const SEASON_EPOCH = Date.UTC(2023, 0, 2);
const SEASON_DAYS = 56;
const seasonOf = (ms: number): number =>
  Math.max(1, Math.floor((ms - SEASON_EPOCH) / (SEASON_DAYS * DAY)) + 1);
const seasonEnd = (season: number): number => SEASON_EPOCH + season * SEASON_DAYS * DAY;

function orderId(g: GenContext, r: Rng, at: number, kind: 'R' | 'P'): string {
  const day = iso(at).slice(0, 10).replace(/-/g, '');
  return `${g.theme.orderPrefix}${kind}${day}${String(r.int(0, 999_999)).padStart(6, '0')}`;
}

const byTimeDesc = (key: string) => (a: TabRow, b: TabRow) => {
  const x = String(a[key]);
  const y = String(b[key]);
  return x === y ? 0 : x < y ? 1 : -1;
};
const byNumber = (key: string) => (a: TabRow, b: TabRow) => Number(a[key]) - Number(b[key]);

const info: TabMaker = (g, r) => {
  const p = g.player;
  const ranks = g.theme.ranks;
  const rank = ranks[Math.min(ranks.length - 1, Math.floor(((p.level - 1) * ranks.length) / 100))] ?? '';
  return [
    {
      id: p.id,
      num: p.num,
      name: p.name,
      level: p.level,
      exp: r.int(0, 1000 * p.level),
      gold: r.int(50, 5000) * p.level,
      diamonds: r.int(0, 400) * (1 + Math.floor(p.level / 10)),
      rank,
      guild: p.level >= 10 && r.chance(0.75) ? r.pick(g.theme.guilds) : '',
      region: r.pick(g.theme.regions),
      device: g.device,
      lastIp: g.ips[0] ?? '',
      playHours: g.signedIn ? Math.round(g.spanDays * (0.3 + 2.5 * g.engagement) * r.next()) + 1 : 0,
      createdAt: iso(g.start),
      lastLoginAt: p.lastLoginAt ? iso(p.lastLoginAt.getTime()) : null,
    },
  ];
};

const items: TabMaker = (g, r) =>
  r
    .sample(g.theme.items, g.count(r, 5, 30))
    .map((item) => {
      const count = item.stack === 1 ? 1 : Math.max(1, Math.round(item.stack * r.next() * r.next()));
      return {
        itemId: item.id,
        name: item.name,
        count,
        bound: item.stack === 1 ? r.chance(0.8) : r.chance(0.25),
        obtainedAt: iso(g.anytime(r)),
      };
    })
    .sort(byNumber('itemId'));

/** Shop purchases: atomicwar's purchases (with an order id) and the others' shopbuy (by shop). */
function shopRows(withOrder: boolean): TabMaker {
  return (g, r) =>
    Array.from({ length: g.count(r, 2, 25) }, (): TabRow => {
      const item = r.pick(g.theme.shop);
      const count = r.weighted([
        [1, 8],
        [2, 2],
        [5, 1],
      ] as const);
      const at = g.recent(r);
      const bought = {
        itemId: item.id,
        name: item.name,
        count,
        price: item.price * count,
        currency: g.theme.currency,
        at: iso(at),
      };
      return withOrder ? { orderId: orderId(g, r, at, 'P'), ...bought } : { shopId: item.shopId, ...bought };
    }).sort(byTimeDesc('at'));
}

/** Paid orders: atomicwar's recharge and the others' orders. */
const orders: TabMaker = (g, r) =>
  Array.from({ length: g.count(r, 1, 20) }, () => {
    const product = r.pick(g.theme.recharge);
    const at = g.recent(r);
    const status: StatusValue = r.weighted([
      ['paid', 85],
      ['failed', 7],
      ['pending', 4],
      ['refunded', 4],
    ] as const);
    return {
      orderId: orderId(g, r, at, 'R'),
      product: product.name,
      amount: product.price,
      currency: g.theme.currency,
      channel: r.pick(g.theme.channels),
      status,
      at: iso(at),
    };
  }).sort(byTimeDesc('at'));

const passports: TabMaker = (g, r) => {
  const first = seasonOf(g.start);
  const last = seasonOf(g.end);
  const rows: TabRow[] = [];
  for (let season = last; season >= Math.max(first, last - 11); season--) {
    if (season !== last && !r.chance(0.8)) continue;
    const tier = season === last ? r.int(1, 60) : r.int(10, 100);
    const names = g.theme.seasons;
    rows.push({
      season,
      name: `S${season} ${names[(season - 1) % names.length] ?? ''}`,
      tier,
      premium: r.chance(0.2 + 0.5 * g.engagement),
      progress: r.int(0, 999),
      claimed: r.int(Math.floor(tier / 2), tier),
      updatedAt: iso(
        wholeSecond(Math.max(g.start, Math.min(g.end, seasonEnd(season) - r.int(1, 72) * 3_600_000))),
      ),
    });
  }
  return rows;
};

const vips: TabMaker = (g, r) => {
  const top = Math.max(1, Math.min(g.theme.vipMax, Math.round(g.theme.vipMax * g.engagement * r.next()) + 1));
  const times = Array.from({ length: top }, () => g.anytime(r)).sort((a, b) => a - b);
  return times.map((since, i) => ({
    level: i + 1,
    exp: 500 * (i + 1) * (i + 1),
    since: iso(since),
    // A level lasts until the next one; the current one 30 days past the last sign-in.
    expiresAt: iso(times[i + 1] ?? wholeSecond(g.end + 30 * DAY)),
  }));
};

const emoji: TabMaker = (g, r) =>
  r
    .sample(g.theme.emoji, g.count(r, 2, g.theme.emoji.length))
    .map((e) => ({ emojiId: e.id, name: e.name, obtainedAt: iso(g.anytime(r)) }))
    .sort(byNumber('emojiId'));

function heroRows(withSkins: boolean): TabMaker {
  return (g, r) =>
    r
      .sample(HEROES[g.game], g.count(r, 2, HEROES[g.game].length))
      .map((hero) => {
        const level = r.int(1, Math.min(100, g.player.level + 10));
        const stars = r.int(1, Math.min(6, 1 + Math.floor(level / 15)));
        const power = Math.round(level * stars * (80 + 40 * r.next()));
        const skins = r.sample(g.theme.skins, r.int(0, 3)).map((s) => `${hero.name} · ${s}`);
        return { hero, level, stars, power, skins };
      })
      .sort((a, b) => b.power - a.power)
      .map(({ hero, level, stars, power, skins }): TabRow => {
        const stats = { name: hero.name, level, stars, power };
        return withSkins ? { heroId: hero.heroId, ...stats, skins } : { masterId: hero.heroId, ...stats };
      });
}

const chickens: TabMaker = (g, r) =>
  r.sample(g.theme.chickenNames, g.count(r, 1, 6)).map((name, i) => {
    const level = r.int(1, 50);
    return {
      chickenId: i + 1,
      name,
      breed: r.pick(g.theme.chickenBreeds),
      level,
      power: level * r.int(20, 60),
      hatchedAt: iso(g.anytime(r)),
    };
  });

const tasks: TabMaker = (g, r) =>
  r.sample(g.theme.tasks, g.count(r, 3, g.theme.tasks.length)).map((t) => {
    const progress = r.chance(0.45) ? t.target : Math.floor(t.target * r.next());
    const status: StatusValue = progress < t.target ? 'inProgress' : r.chance(0.6) ? 'claimed' : 'done';
    return { taskId: t.id, name: t.name, progress, target: t.target, status, updatedAt: iso(g.recent(r)) };
  });

/**
 * Quests: accepted from the player's start on, most recent first; a finished one was completed
 * after it was accepted and before the last sign-in; an unfinished one is in progress, or failed
 * when it was accepted long ago (timed quests run out).
 */
const quests: TabMaker = (g, r) =>
  r
    .sample(g.theme.quests ?? [], g.count(r, 1, g.theme.quests?.length ?? 0))
    .map((q) => {
      const accepted = g.anytime(r);
      const finished = r.chance(0.3 + 0.5 * g.engagement);
      const progress = finished ? q.target : Math.floor(q.target * r.next());
      const state: StatusValue = finished
        ? r.chance(0.7)
          ? 'claimed'
          : 'done'
        : g.end - accepted > 14 * DAY && r.chance(0.5)
          ? 'failed'
          : 'inProgress';
      return {
        questId: q.id,
        name: q.name,
        state,
        progress,
        target: q.target,
        acceptedAt: iso(accepted),
        completedAt: finished ? iso(wholeSecond(accepted + (g.end - accepted) * r.next())) : null,
      };
    })
    .sort(byTimeDesc('acceptedAt'));

const achievements: TabMaker = (g, r) =>
  r
    .sample(g.theme.achievements, g.count(r, 2, g.theme.achievements.length))
    .map((a) => {
      const done = a.target === 1 ? r.chance(0.9) : r.chance(0.5 * g.engagement);
      const progress = done ? a.target : Math.floor(a.target * r.next() * r.next());
      return {
        achievementId: a.id,
        name: a.name,
        progress,
        target: a.target,
        achievedAt: done ? iso(g.anytime(r)) : null,
      };
    })
    .sort(byNumber('achievementId'));

const bossmaterials: TabMaker = (g, r) =>
  r
    .sample(g.theme.bosses, r.int(1, g.theme.bosses.length))
    .flatMap((b) =>
      b.materials
        .filter((_, i) => i === 0 || r.chance(0.6))
        .map((m) => ({ materialId: m.id, name: m.name, boss: b.boss, count: r.int(1, 20 + g.player.level) })),
    );

const buffs: TabMaker = (g, r) =>
  r.sample(g.theme.buffs, g.count(r, 1, 5)).map((b) => ({
    buffId: b.id,
    name: b.name,
    stacks: r.int(1, 5),
    // Some have run out since the last sign-in; others still run.
    expiresAt: iso(wholeSecond(g.end + r.int(-48, 7 * 24) * 3_600_000)),
  }));

const steeltree: TabMaker = (g, r) =>
  g.theme.steelTree.flatMap((branch) =>
    branch.nodes
      .map((node, i) => {
        const maxLevel = node.id % 2 === 0 ? 10 : 5;
        const level = i === 0 ? r.int(1, maxLevel) : Math.floor((maxLevel + 1) * g.engagement * r.next());
        return { nodeId: node.id, branch: branch.branch, name: node.name, level, maxLevel };
      })
      .filter((n) => n.level > 0),
  );

const chickenskills: TabMaker = (g, r, made) =>
  (made.chickens ?? []).flatMap((c) =>
    r.sample(g.theme.chickenSkills, r.int(1, 3)).map((s) => ({
      chickenId: c['chickenId'] ?? 0,
      skillId: s.id,
      name: s.name,
      level: r.int(1, 5),
    })),
  );

const lootcount: TabMaker = (g, r) => {
  // Daily limits reset at the next UTC midnight after the last sign-in.
  const resetAt = iso(Math.floor(g.end / DAY) * DAY + DAY);
  return g.theme.loot.map((l) => ({
    lootId: l.id,
    name: l.name,
    count: r.int(0, l.dailyLimit),
    dailyLimit: l.dailyLimit,
    resetAt,
  }));
};

/** Every tab but equipment, which has its own generator and table. */
export const TAB_MAKERS: Record<Exclude<PlayerTab, 'equipment'>, TabMaker> = {
  info,
  item: items,
  items,
  purchases: shopRows(true),
  shopbuy: shopRows(false),
  passports,
  recharge: orders,
  orders,
  vips,
  emoji,
  masters: heroRows(false),
  heroes: heroRows(true),
  chickens,
  tasks,
  quests,
  achievements,
  bossmaterials,
  buffs,
  steeltree,
  chickenskills,
  lootcount,
};
