import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, type PlayerRow } from '../../shared/api/players.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { Codes } from '../../shared/codes.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import {
  backendKinds,
  postgresUrl,
  startTestBackend,
  type TestBackend,
} from '../../tests/support/backends.js';
import { createDatabase, dropDatabase } from '../../tests/support/postgres.js';
import { MIGRATIONS, migrateToLatest } from '../db/migrations.js';
import { openDatabase, type OpenedDatabase } from '../db/open.js';
import { containsPattern } from '../db/paging.js';
import type { Database } from '../db/schema.js';
import { GAMER_FIRST, GAMER_SECOND, playerNameOf, playerNumOf, seedPlayers } from '../seed/players.js';
import { GRAM_PARTITIONS, withNameGramsRebuiltAfter } from './name-grams.js';
import { searchPlayers, type SearchInput } from './search.js';

/**
 * Name search through the gram index (migration players/0003, search.ts) gives exactly what a plain scan
 * gives — `name ILIKE '%text%'` with LIKE's wildcards escaped, newest account first — for every
 * kind of text, page and count, on both databases; and the index stays right as players are
 * added, renamed, renumbered and deleted, seeded in bulk, or were there before the migration.
 */

/** Enough players for common and rare grams of every kind, and quick to seed. */
const SEEDED = 3000;

type Search = { items: PlayerRow[]; total: number; totalCapped: boolean; page: number; pageSize: number };

/** Postings and counts that differ from what the players' names make (all zero when right). */
async function indexDrift(db: Kysely<Database>): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, number>>`
    with made as (
      select p.game, x.gram, p.num, x.lname
      from players as p cross join lateral player_name_postings(p.name) as x
    ),
    kept as (select game, gram, num, lname from player_name_grams)
    select
      (select count(*)::int from (select * from kept except select * from made) as a) as extra,
      (select count(*)::int from (select * from made except select * from kept) as b) as missing,
      (select count(*)::int from (
        select game, gram, players from player_name_gram_counts where players <> 0
        except select game, gram, count(*)::int from made group by game, gram) as c) as "wrongCounts",
      (select count(*)::int from (
        select game, gram, count(*)::int from made group by game, gram
        except select game, gram, players from player_name_gram_counts) as d) as "missingCounts"`.execute(db);
  return rows[0] ?? {};
}

const NO_DRIFT = { extra: 0, missing: 0, wrongCounts: 0, missingCounts: 0 };

/** The plain scan: every matching account number, newest first. */
async function scan(db: Kysely<Database>, game: GameId, text: string): Promise<number[]> {
  const { rows } = await sql<{ num: number }>`
    select num from players where game = ${game} and name ilike ${containsPattern(text)}
    order by num desc`.execute(db);
  return rows.map((r) => r.num);
}

/** What the search must answer for a page, given the scan's matches and the count's cap. */
function expected(all: number[], page: number, pageSize: number, cap = SEARCH_COUNT_CAP) {
  return {
    nums: all.slice((page - 1) * pageSize, page * pageSize),
    total: Math.min(all.length, cap),
    totalCapped: all.length > cap,
  };
}

const got = (r: Search) => ({
  nums: r.items.map((p) => p.num),
  total: r.total,
  totalCapped: r.totalCapped,
});

/** Each piece of `text` of `size` characters (code points). */
function windows(text: string, size: number): string[] {
  const chars = [...text];
  return Array.from({ length: Math.max(0, chars.length - size + 1) }, (_, i) =>
    chars.slice(i, i + size).join(''),
  );
}

/** Names beyond the seed's: case folding outside ASCII, LIKE's wildcards, astral characters. */
const ODD_NAMES = [
  'ÄBC Müller',
  'äbc müller',
  'İZMİR',
  'izmir ılık',
  'Straße',
  'STRASSE',
  'ΟΔΟΣ Σοφία',
  'Ǆemal ǅ ǆ',
  'ﬀ ligature',
  '100%legit',
  'under_score',
  'back\\slash',
  '50%_off\\',
  '🐉龙王',
  '王'.repeat(64),
];

/** Texts an operator might type, of every kind, with the seeded and the odd names in mind. */
function fragments(): string[] {
  const names = Array.from({ length: 60 }, (_, i) => playerNameOf(1 + i * 47));
  const words = [...GAMER_FIRST, ...GAMER_SECOND];
  return [
    ...new Set([
      // 1 character: Chinese, Latin in both cases, digits.
      '王',
      '伟',
      '猎',
      'a',
      'A',
      'e',
      '7',
      ...names.map((n) => [...n][0] ?? ''),
      // 2 characters: rare, common, none, Latin, digits.
      'zq',
      '张伟',
      '王芳',
      '猎人',
      '墨白',
      'ab',
      'AB',
      'le',
      '12',
      '伟张',
      '龘靐',
      ...names.flatMap((n) => windows(n, 2)).slice(0, 40),
      // 3 or more: whole Chinese names, words in any case, mixed, digits, no match at all.
      ...names.filter((n) => [...n].length >= 3).slice(0, 20),
      ...words.slice(0, 8).flatMap((w) => [w, w.toUpperCase(), w.slice(1, 4)]),
      'Sable',
      'sABLE',
      'ablew',
      '剑客1',
      'e剑客',
      '小龙w',
      '123',
      '王芳华',
      'x'.repeat(64),
      '王'.repeat(64),
      '王'.repeat(63) + '李',
      // LIKE's wildcards and escape are plain text.
      '%',
      '_',
      '\\',
      '%_',
      '0%l',
      'r_s',
      'h\\s',
      '%legit',
      // Case folding outside ASCII (each database folds as its own ILIKE does).
      'ä',
      'Ä',
      'ÄBC',
      'müller',
      'i',
      'İ',
      'ı',
      'izm',
      'ß',
      'ss',
      'σ',
      'Σ',
      'ς',
      'οδος',
      'ǆ',
      'ǅ',
      'Ǆ',
      'ﬀ',
      'ff',
      '🐉',
      '🐉龙',
      'a b',
    ]),
  ];
}

describe.each(backendKinds())('name search on %s', (kind) => {
  let t: TestBackend;
  let token = '';
  let db: Kysely<Database>;
  const next = { num: 900_000_000 };

  beforeAll(async () => {
    t = await startTestBackend(kind, { seedPlayers: SEEDED });
    token = (await t.api.login('admin')).authToken;
    db = t.backend.database.db;
    await addPlayers('ymmj', ODD_NAMES);
  });
  afterAll(() => t?.close());

  const api = async (input: Record<string, unknown>): Promise<Search> => {
    const r = await t.api.call<Search>(ENDPOINTS['players.search'], input, token);
    expect(r.body.Status, JSON.stringify(input)).toEqual({ Code: Codes.OK });
    return r.body.Data;
  };

  /** Inserts players with these names (one statement), returning their account numbers. */
  async function addPlayers(game: GameId, names: string[]): Promise<number[]> {
    const nums = names.map(() => (next.num += 1));
    await db
      .insertInto('players')
      .values(
        names.map((name, i) => ({
          game,
          id: String(nums[i]),
          num: nums[i] ?? 0,
          name,
          level: 1,
          state: 'active',
          created_at: new Date(0),
        })),
      )
      .execute();
    return nums;
  }

  async function expectSameAsScan(game: GameId, text: string, cap?: number): Promise<void> {
    const all = await scan(db, game, text);
    const pages: [number, number][] = [
      [1, 20],
      [2, 7],
      [Math.floor(all.length / 5) + 1, 5],
      [Math.ceil(all.length / 3) + 2, 3],
    ];
    for (const [page, pageSize] of pages) {
      const what = `${game} ${JSON.stringify(text)} page ${page} of ${pageSize}`;
      if (cap === undefined) {
        expect(got(await api({ game, name: text, page, pageSize })), what).toEqual(
          expected(all, page, pageSize),
        );
      } else {
        const input = { game, name: text, page, pageSize } as SearchInput;
        expect(got(await searchPlayers(input, { db, now: new Date() }, cap)), `${what} cap ${cap}`).toEqual(
          expected(all, page, pageSize, cap),
        );
      }
    }
  }

  it('answers every kind of text as a plain scan does: rows, order, pages and total', async () => {
    for (const [i, text] of fragments().entries()) {
      await expectSameAsScan(i % 3 === 0 ? 'ymmj' : (GAME_IDS[i % GAME_IDS.length] as GameId), text);
    }
  });

  it('says "more than the cap" exactly when a scan finds more, with the right pages past it', async () => {
    for (const text of ['e', '王', 'a', 'le', '伟', 'wolf', 'ale', '1', 'zq']) {
      for (const cap of [3, 40, 200]) await expectSameAsScan('lw', text, cap);
    }
    const many = await searchPlayers(
      { game: 'lw', name: 'e', page: 1, pageSize: 5 } as SearchInput,
      { db, now: new Date() },
      3,
    );
    expect(many).toMatchObject({ total: 3, totalCapped: true });
    expect(many.items).toHaveLength(5);
  });

  it('finds each seeded player by parts of its name', async () => {
    for (const g of [1, 2, 3, 5, 7, 10, 17, 19, 1234, SEEDED]) {
      const name = playerNameOf(g);
      for (const text of [name, ...windows(name, 1), ...windows(name, 2), ...windows(name, 3)]) {
        const r = await api({ game: 'party', name: text, pageSize: 100 });
        const all = await scan(db, 'party', text);
        expect(all, text).toContain(playerNumOf('party', g));
        expect(got(r), text).toEqual(expected(all, 1, 100));
      }
    }
  });

  it('keeps the index right as players are added, renamed, renumbered and deleted', async () => {
    const game: GameId = 'atomicwar';
    const [a, b, c] = await addPlayers(game, ['雾凇漫游', 'Quasarfox', '霓裳羽衣']);
    const one = await addPlayers(game, ['雾凇一号']);
    expect((await api({ game, name: '雾凇' })).items.map((p) => p.num)).toEqual([one[0], a]);

    // A rename: the old text no longer finds the player, the new one does.
    await db
      .updateTable('players')
      .set({ name: '冰川漫步' })
      .where('game', '=', game)
      .where('num', '=', a!)
      .execute();
    // A change that is not the name leaves the index as it was.
    await db
      .updateTable('players')
      .set({ state: 'inactive' })
      .where('game', '=', game)
      .where('num', '=', b!)
      .execute();
    // Two players swap names in one statement, and one is renumbered.
    await sql`update players set name = case num when ${b} then '霓裳羽衣' else 'Quasarfox' end,
      num = case num when ${c} then ${c! + 100_000} else num end
      where game = ${game} and num in (${b}, ${c})`.execute(db);
    await db.deleteFrom('players').where('game', '=', game).where('num', '=', one[0]!).execute();

    expect(await indexDrift(db)).toEqual(NO_DRIFT);
    for (const text of ['雾凇', '冰川', '漫', '漫游', '霓裳', 'quasar', 'fox', 'X', '一号', '羽衣', '衣']) {
      await expectSameAsScan(game, text);
    }
    expect((await api({ game, name: '霓裳羽衣' })).items.map((p) => p.num)).toEqual([b]);
    expect((await api({ game, name: 'Quasarfox' })).items.map((p) => p.num)).toEqual([c! + 100_000]);
    expect((await api({ game, name: '雾凇' })).total).toBe(0);
  });

  it('loads a big seed in bulk and rebuilds the index to the same content, triggers back on', async () => {
    // The bulk path (one transaction, triggers off, postings made set-wise, index built after)
    // from a lower threshold, adding players to a game that already has some.
    const added = await seedPlayers(db, 'lw', SEEDED + 700, new Date(), undefined, 100);
    expect(added).toBeGreaterThanOrEqual(SEEDED + 700);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
    for (const text of ['王', '伟', '张伟', 'e', 'wolf', '剑客1', '123', 'zq'])
      await expectSameAsScan('lw', text);
    // The insert trigger is on again: a new player is found at once.
    await addPlayers('lw', ['彩虹独角兽']);
    expect((await api({ game: 'lw', name: '独角' })).total).toBe(1);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
  });

  it("rebuilds a game's postings chunk by chunk to the same content", async () => {
    let chunks = 0;
    await db.transaction().execute((trx) =>
      withNameGramsRebuiltAfter(trx, 'lw', async () => undefined, {
        between: async () => {
          chunks += 1;
        },
        chunk: 250,
      }),
    );
    // Every chunk, the last (short) one and the index build each get a pause.
    expect(chunks).toBeGreaterThan(SEEDED / 250);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
    for (const text of ['王', '张伟', 'wolf', '123']) await expectSameAsScan('lw', text);
  });

  it('leaves the triggers on when a bulk load fails', async () => {
    await expect(
      db.transaction().execute((trx) =>
        withNameGramsRebuiltAfter(trx, 'party', async () => {
          throw new Error('load failed');
        }),
      ),
    ).rejects.toThrow('load failed');
    await addPlayers('party', ['失败之后']);
    expect((await api({ game: 'party', name: '之后' })).total).toBe(1);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
  });

  it('keeps a game without its own partition in the shared one', async () => {
    // A game the registry does not know yet (a later migration adds it) still gets its postings.
    await addPlayers('newgame' as GameId, ['新游戏玩家', 'Newbie']);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
    const input = { game: 'newgame', name: '玩家', page: 1, pageSize: 20 } as unknown as SearchInput;
    expect((await searchPlayers(input, { db, now: new Date() })).total).toBe(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from player_name_grams_other where game = 'newgame'`.execute(db);
    expect(rows[0]?.n).toBeGreaterThan(0);
  });

  it('has one partition per game listed in GRAM_PARTITIONS, and a shared one', async () => {
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits as i join pg_class as c on c.oid = i.inhrelid
      where i.inhparent = 'player_name_grams'::regclass order by 1`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(
      [...GRAM_PARTITIONS.map((g) => `player_name_grams_${g}`), 'player_name_grams_other'].sort(),
    );
  });

  it('empties the index with the players table', async () => {
    // Last: it removes every player of this backend.
    await sql`truncate players cascade`.execute(db);
    expect(await indexDrift(db)).toEqual(NO_DRIFT);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from player_name_gram_counts`.execute(
      db,
    );
    expect(rows[0]?.n).toBe(0);
    expect((await api({ game: 'ymmj', name: '王' })).total).toBe(0);
  });
});

describe.each(backendKinds())('migration players/0003 on %s', (kind) => {
  let opened: OpenedDatabase;
  let dbName: string | undefined;

  beforeAll(async () => {
    if (kind === 'postgres') {
      dbName = `t_grams_${Date.now().toString(36)}`;
      opened = await openDatabase({ databaseUrl: await createDatabase(postgresUrl(), dbName) });
    } else {
      opened = await openDatabase();
    }
  });
  afterAll(async () => {
    await opened?.close();
    if (dbName) await dropDatabase(postgresUrl(), dbName);
  });

  it('indexes the players an existing database already holds', async () => {
    const names = MIGRATIONS.map((m) => m.name);
    const before = names[names.indexOf('players/0003_player_name_grams') - 1] ?? '';
    const { applied } = await migrateToLatest(opened.db, { until: before });
    expect(applied.at(-1)).toBe(before);
    // A desktop install's players, put there before the index existed.
    const rows = Array.from({ length: 500 }, (_, i) => ({
      game: GAME_IDS[i % GAME_IDS.length] as GameId,
      id: String(1000 + i),
      num: 1000 + i,
      name: playerNameOf(i + 1),
      level: 1,
      state: 'active',
      created_at: new Date(0),
    }));
    // And one of a game without its own partition.
    rows.push({ ...rows[0]!, game: 'newgame' as GameId, id: '999', num: 999, name: '新游戏玩家' });
    await opened.db.insertInto('players').values(rows).execute();

    await migrateToLatest(opened.db);
    expect(await indexDrift(opened.db)).toEqual(NO_DRIFT);
    const input = (name: string) => ({ game: 'ymmj', name, page: 1, pageSize: 50 }) as SearchInput;
    for (const text of ['王', '伟', 'e', '张伟', '猎人7', 'Sable']) {
      const all = await scan(opened.db, 'ymmj', text);
      const r = await searchPlayers(input(text), { db: opened.db, now: new Date() });
      expect(got(r), text).toEqual(expected(all, 1, 50));
    }
    const other = { ...input('玩家'), game: 'newgame' } as unknown as SearchInput;
    expect(got(await searchPlayers(other, { db: opened.db, now: new Date() }))).toEqual(
      expected([999], 1, 50),
    );
  });
});
