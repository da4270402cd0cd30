import { sql, type RawBuilder } from 'kysely';
import { countAll } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import { readEquipment } from '../players/equipment.js';
import type { Candidate, RepairDef, RepairScope, RepairStep } from './engine.js';

/**
 * The reference backend's repair functions. Each works on the real tables of one game, changes
 * only rows that need it (checked again as it changes them), and can run again safely.
 *
 * `batchfix1`, the name the page offers by default, is the mildest of them: closing hero bans
 * that have already expired changes no one's access (an expired ban stopped applying at its
 * expiry), it only makes the ban table say so.
 */

type Cursor = readonly (string | number)[] | null;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const idList = (ids: readonly (string | number)[]) => sql.join(ids.map((id) => sql`${id}`));
const cursorText = (cursor: Cursor, i = 0): string => String(cursor?.[i] ?? '');
const cursorNumber = (cursor: Cursor): number => Number(cursor?.[0] ?? 0);

// ---- batchfix1: close expired hero bans ----

function expiredOpenBans(scope: RepairScope) {
  return scope.db
    .selectFrom('banned_heroes as b')
    .where('b.game', '=', scope.game)
    .where('b.lifted_at', 'is', null)
    .where('b.expires_at', 'is not', null)
    .where('b.expires_at', '<=', scope.now);
}

const closeExpiredBans: RepairStep = {
  table: 'banned_heroes',
  change: 'update',
  async count(scope) {
    const r = await expiredOpenBans(scope).select(countAll.as('n')).executeTakeFirstOrThrow();
    return r.n;
  },
  async next(scope, cursor, limit) {
    const rows = await expiredOpenBans(scope)
      .select(['b.id', 'b.hero_id', 'b.hero_name', 'b.player_id', 'b.expires_at', 'b.created_at'])
      .where('b.id', '>', cursorNumber(cursor))
      .orderBy('b.id')
      .limit(limit)
      .execute();
    return rows.map((r): Candidate => ({
      cursor: [r.id],
      label: `${r.id} · ${r.hero_name}${r.player_id ? ` · ${r.player_id}` : ''}`,
      rows: 1,
      before: {
        id: r.id,
        heroId: r.hero_id,
        heroName: r.hero_name,
        playerId: r.player_id,
        createdAt: iso(r.created_at),
        expiresAt: iso(r.expires_at),
        status: 'expired',
      },
      after: { status: 'lifted', liftedAt: iso(r.expires_at), liftedBy: scope.operator },
    }));
  },
  async apply(scope, batch) {
    const res = await scope.db
      .updateTable('banned_heroes')
      // Lifted when it stopped applying: at its expiry, not when this run noticed.
      .set((eb) => ({
        lifted_at: eb.ref('expires_at'),
        lifted_by: scope.operator,
        lift_reason: scope.reason,
      }))
      .where('game', '=', scope.game)
      .where(
        'id',
        'in',
        batch.map((c) => Number(c.cursor[0])),
      )
      .where('lifted_at', 'is', null)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', scope.now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  },
};

// ---- syncPlayerLevels: the list's level from the player's own game record ----

/**
 * The level the player's stored game record (the info tab) gives, as a whole number from 1 to
 * 9999, or null when the record holds something else (then nothing is guessed). The CASE keeps
 * the cast from ever seeing text that is not digits.
 */
const recordLevel = (alias: string): RawBuilder<number | null> => sql<number | null>`case
  when ${sql.ref(`${alias}.data`)}->>'level' ~ '^[0-9]{1,4}$'
  then nullif((${sql.ref(`${alias}.data`)}->>'level')::int, 0) end`;

interface LevelRow {
  id: string;
  name: string;
  level: number;
  record_level: number;
}

function levelMismatches(scope: RepairScope, extra: RawBuilder<unknown>, tail: RawBuilder<unknown>) {
  return sql<LevelRow>`
    select p.id, p.name, p.level, x.record_level
    from (
      select r.player_id, ${recordLevel('r')} as record_level
      from player_rows as r
      where r.game = ${scope.game} and r.tab = 'info' and r.seq = 0
    ) as x
    join players as p on p.game = ${scope.game} and p.id = x.player_id
    where x.record_level is not null and p.level <> x.record_level ${extra}
    ${tail}`;
}

const syncLevels: RepairStep = {
  table: 'players',
  change: 'update',
  async count(scope) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from (${levelMismatches(scope, sql``, sql``)}) as m`.execute(scope.db);
    return rows[0]?.n ?? 0;
  },
  async next(scope, cursor, limit) {
    const { rows } = await levelMismatches(
      scope,
      sql`and p.id > ${cursorText(cursor)}`,
      sql`order by p.id limit ${limit}`,
    ).execute(scope.db);
    return rows.map((r) => ({
      cursor: [r.id],
      label: `${r.id} · ${r.name}`,
      rows: 1,
      before: { id: r.id, name: r.name, level: r.level },
      after: { id: r.id, name: r.name, level: r.record_level },
    }));
  },
  async apply(scope, batch) {
    const ids = batch.map((c) => String(c.cursor[0]));
    const res = await sql`
      update players as p set level = x.record_level
      from (
        select r.player_id, ${recordLevel('r')} as record_level
        from player_rows as r
        where r.game = ${scope.game} and r.tab = 'info' and r.seq = 0 and r.player_id in (${idList(ids)})
      ) as x
      where p.game = ${scope.game} and p.id = x.player_id
        and x.record_level is not null and p.level <> x.record_level`.execute(scope.db);
    return Number(res.numAffectedRows ?? 0n);
  },
};

// ---- rebuildPlayerCaches ----

/** A cached copy older than this is taken again from the stored rows. */
export const CACHE_MAX_AGE_HOURS = 24;

const cacheCutoff = (scope: RepairScope) => new Date(scope.now.getTime() - CACHE_MAX_AGE_HOURS * 3600_000);

/**
 * Copies with nothing to rebuild from: no player of the game that is not deleted, or no stored
 * data (the marker of players/materialise.ts). Written over `c`, the cache row.
 */
const noSource = sql<boolean>`(not exists (
    select 1 from players as p2 where p2.game = c.game and p2.id = c.player_id and p2.state <> 'deleted')
  or not exists (select 1 from player_data_made as m where m.game = c.game and m.player_id = c.player_id))`;

interface CacheRow {
  player_id: string;
  tab: string;
  cached_at: Date;
  rows: number;
  state: string | null;
}

function cacheRows(
  scope: RepairScope,
  where: RawBuilder<boolean>,
  extra: RawBuilder<unknown>,
  tail: RawBuilder<unknown>,
) {
  return sql<CacheRow>`
    select c.player_id, c.tab, c.cached_at, json_array_length(c.data::json) as rows, p.state
    from player_cache as c
    left join players as p on p.game = c.game and p.id = c.player_id
    where c.game = ${scope.game} and ${where} ${extra}
    ${tail}`;
}

const afterCacheCursor = (cursor: Cursor) =>
  cursor ? sql`and (c.player_id, c.tab) > (${cursorText(cursor, 0)}, ${cursorText(cursor, 1)})` : sql``;
const cacheKeys = (batch: readonly Candidate[]) =>
  sql.join(batch.map((c) => sql`(${String(c.cursor[0])}, ${String(c.cursor[1])})`));

function cacheStep(
  change: 'delete' | 'update',
  where: (scope: RepairScope) => RawBuilder<boolean>,
  after: (scope: RepairScope, r: CacheRow) => unknown,
  apply: RepairStep['apply'],
): RepairStep {
  return {
    table: 'player_cache',
    change,
    async count(scope) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from (${cacheRows(scope, where(scope), sql``, sql``)}) as m`.execute(
        scope.db,
      );
      return rows[0]?.n ?? 0;
    },
    async next(scope, cursor, limit) {
      const { rows } = await cacheRows(
        scope,
        where(scope),
        afterCacheCursor(cursor),
        sql`order by c.player_id, c.tab limit ${limit}`,
      ).execute(scope.db);
      return rows.map((r) => ({
        cursor: [r.player_id, r.tab],
        label: `${r.player_id} · ${r.tab}`,
        rows: 1,
        before: {
          playerId: r.player_id,
          tab: r.tab,
          cachedAt: iso(r.cached_at),
          rows: r.rows,
          player: r.state ?? 'missing',
        },
        after: after(scope, r),
      }));
    },
    apply,
  };
}

const dropUnbacked = cacheStep(
  'delete',
  () => noSource,
  () => null,
  async (scope, batch) => {
    const res = await sql`
      delete from player_cache as c
      where c.game = ${scope.game} and (c.player_id, c.tab) in (${cacheKeys(batch)}) and ${noSource}`.execute(
      scope.db,
    );
    return Number(res.numAffectedRows ?? 0n);
  },
);

const staleCopy = (scope: RepairScope) =>
  sql<boolean>`(not ${noSource} and c.cached_at <= ${cacheCutoff(scope)})`;

const rebuildStale = cacheStep(
  'update',
  staleCopy,
  (scope) => ({ cachedAt: scope.now.toISOString(), from: 'stored rows' }),
  async (scope, batch) => {
    let changed = 0;
    for (const c of batch) {
      const playerId = String(c.cursor[0]);
      const tab = String(c.cursor[1]);
      // The rows a fresh read gives (players/tabs.ts, players/equipment.ts).
      const rows =
        tab === 'equipment'
          ? await readEquipment(scope.db, scope.game, playerId)
          : (
              await scope.db
                .selectFrom('player_rows')
                .select('data')
                .where('game', '=', scope.game)
                .where('player_id', '=', playerId)
                .where('tab', '=', tab)
                .orderBy('seq')
                .execute()
            ).map((r) => r.data);
      const res = await scope.db
        .updateTable('player_cache')
        .set({
          data: JSON.stringify(rows),
          row_count: rows.length,
          first_row: rows.length > 0 ? JSON.stringify(rows[0]) : null,
          cached_at: scope.now,
        })
        .where('game', '=', scope.game)
        .where('player_id', '=', playerId)
        .where('tab', '=', tab)
        .where('cached_at', '<=', cacheCutoff(scope))
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
    return changed;
  },
);

// ---- removeOrphanRows ----

/** Tables whose rows belong to a player of the game, dependants first and the data marker last. */
const PLAYER_TABLES = [
  'player_rows',
  'player_equipment',
  'player_cache',
  'player_logs',
  'testing_recharges',
  'testing_players',
  'special_users',
  'player_data_made',
] as const satisfies readonly (keyof Database)[];

const orphan = sql<boolean>`not exists (select 1 from players as p where p.game = t.game and p.id = t.player_id)`;

function orphanStep(table: (typeof PLAYER_TABLES)[number]): RepairStep {
  const from = sql.table(table);
  return {
    table,
    change: 'delete',
    async count(scope) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from ${from} as t where t.game = ${scope.game} and ${orphan}`.execute(
        scope.db,
      );
      return rows[0]?.n ?? 0;
    },
    async next(scope, cursor, limit) {
      const { rows } = await sql<{ player_id: string; n: number }>`
        select t.player_id, count(*)::int as n from ${from} as t
        where t.game = ${scope.game} and ${orphan} and t.player_id > ${cursorText(cursor)}
        group by t.player_id order by t.player_id limit ${limit}`.execute(scope.db);
      return rows.map((r) => ({
        cursor: [r.player_id],
        label: `${r.player_id} · ${r.n}`,
        rows: r.n,
        before: { playerId: r.player_id, rows: r.n, player: 'missing' },
        after: null,
      }));
    },
    async apply(scope, batch) {
      const res = await sql`
        delete from ${from} as t
        where t.game = ${scope.game} and t.player_id in (${idList(batch.map((c) => String(c.cursor[0])))})
          and ${orphan}`.execute(scope.db);
      return Number(res.numAffectedRows ?? 0n);
    },
  };
}

// ---- the registry ----

export const REPAIRS: readonly RepairDef[] = [
  {
    name: 'batchfix1',
    texts: {
      'zh-CN': {
        title: '关闭已过期的英雄禁用',
        description:
          '已过期但从未解除的英雄禁用，记为在其到期时解除（解除人为你，原因为你填写的原因）。' +
          '这些禁用在到期时已不再生效，此修复不改变任何玩家的权限，只让禁用表与之相符，' +
          '供只读取“解除”字段的游戏服务器使用。生效中和已解除的禁用不受影响。',
      },
      en: {
        title: 'Close expired hero bans',
        description:
          'Hero bans whose expiry has passed but were never lifted are recorded as lifted at their ' +
          'expiry, by you, with your reason. They already stopped applying when they expired, so ' +
          'no player’s access changes: the ban table just says so, for game servers that read ' +
          'only the lift. Active and already lifted bans are left alone.',
      },
    },
    steps: [closeExpiredBans],
  },
  {
    name: 'syncPlayerLevels',
    texts: {
      'zh-CN': {
        title: '按游戏记录重算玩家等级',
        description:
          '玩家列表中的等级（用于搜索、统计）与玩家自己的游戏记录（信息页签）不一致时，以游戏记录为准改正。' +
          '只处理游戏数据已保存的玩家；记录中的等级不是 1 到 9999 的整数时不作猜测，保持原样。',
      },
      en: {
        title: 'Recompute player levels from their game record',
        description:
          'Where the level in the player list (used by search and statistics) differs from the ' +
          'player’s own game record (the info tab), the record wins. Only players whose game data ' +
          'is stored; a record whose level is not a whole number from 1 to 9999 is left as it is.',
      },
    },
    steps: [syncLevels],
  },
  {
    name: 'rebuildPlayerCaches',
    texts: {
      'zh-CN': {
        title: '重建玩家缓存',
        description:
          `超过 ${CACHE_MAX_AGE_HOURS} 小时的缓存副本按已保存的数据重新生成；` +
          '已删除、已不存在或没有保存数据的玩家的缓存副本被删除（没有可重建的来源）。玩家数据本身不变。',
      },
      en: {
        title: 'Rebuild player caches',
        description:
          `Cached copies older than ${CACHE_MAX_AGE_HOURS} hours are taken again from the stored rows; ` +
          'copies of players who are deleted, gone or have no stored data are removed (there is ' +
          'nothing to rebuild them from). The player data itself does not change.',
      },
    },
    steps: [dropUnbacked, rebuildStale],
  },
  {
    name: 'removeOrphanRows',
    texts: {
      'zh-CN': {
        title: '删除孤立数据',
        description:
          '删除属于本游戏中已不存在的玩家的行：游戏数据页签、装备、缓存、游戏日志、测试充值、测试玩家、' +
          '特殊用户和数据生成标记。已删除（软删除）的玩家仍然存在，其数据不受影响。删除后无法恢复。',
      },
      en: {
        title: 'Remove orphaned rows',
        description:
          'Removes rows that belong to players who no longer exist in this game: tab data, ' +
          'equipment, cached copies, game logs, testing recharges, testing players, special users ' +
          'and the stored-data marker. Deleted (soft-deleted) players still exist and keep their ' +
          'data. What is removed cannot be restored.',
      },
    },
    steps: PLAYER_TABLES.map(orphanStep),
  },
];

export function findRepair(name: string): RepairDef | undefined {
  return REPAIRS.find((r) => r.name === name);
}
