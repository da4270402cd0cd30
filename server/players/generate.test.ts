import { describe, expect, it } from 'vitest';
import { EQUIPMENT_QUALITIES, equipmentSchema, tabRowSchema } from '../../shared/api/players.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { STATUS_VALUES, TAB_DEFS, type ColumnType } from '../../shared/player-tabs.js';
import { playerIdOf, playerNameOf, playerNumOf } from '../seed/players.js';
import { generatePlayerData, type PlayerSeed } from './generate.js';
import { HEAVY_EQUIPMENT } from './generate-equipment.js';

/** The generator alone (no database): shapes, counts, dates and determinism of player data. */

const DAY = 86_400_000;
const ANCHOR = Date.UTC(2026, 0, 15, 9);

function seedOf(game: GameId, g: number, over: Partial<PlayerSeed> = {}): PlayerSeed {
  return {
    id: playerIdOf(game, g),
    num: playerNumOf(game, g),
    name: playerNameOf(g),
    level: 40,
    createdAt: new Date(ANCHOR - 200 * DAY),
    lastLoginAt: new Date(ANCHOR - 2 * 3_600_000),
    ...over,
  };
}

const statuses = new Set<string>(STATUS_VALUES);

function fitsType(value: unknown, type: ColumnType): boolean {
  switch (type) {
    case 'text':
      return typeof value === 'string';
    case 'int':
    case 'money':
      return Number.isInteger(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'datetime':
      return (
        value === null ||
        (typeof value === 'string' && !Number.isNaN(Date.parse(value)) && value.endsWith('Z'))
      );
    case 'status':
      return typeof value === 'string' && statuses.has(value);
    case 'list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
  }
}

describe('player data generator', () => {
  it.each(GAME_IDS)('%s: every tab has rows with exactly its columns and their types', (game) => {
    for (const g of [12, 20, 34]) {
      const data = generatePlayerData(game, seedOf(game, g, { level: 5 + g }));
      for (const tab of GAMES[game].playerTabs) {
        const def = TAB_DEFS[tab];
        const rows = tab === 'equipment' ? data.equipment : (data.tabs[tab] ?? []);
        expect(rows.length, `${game}/${tab}`).toBeGreaterThan(0);
        if (def.kind === 'record') expect(rows).toHaveLength(1);
        const keys = def.columns.map((c) => c.key).sort();
        for (const row of rows) {
          expect(Object.keys(row).sort(), `${game}/${tab}`).toEqual(keys);
          expect(tabRowSchema.safeParse(row).success).toBe(true);
          for (const col of def.columns) {
            const value = (row as Record<string, unknown>)[col.key];
            expect(fitsType(value, col.type), `${game}/${tab}.${col.key} = ${JSON.stringify(value)}`).toBe(
              true,
            );
          }
          if (def.columns.some((c) => c.type === 'money')) {
            expect(typeof (row as Record<string, unknown>)['currency']).toBe('string');
          }
        }
      }
    }
  });

  it('is deterministic and differs between players and games', () => {
    const a = generatePlayerData('ymmj', seedOf('ymmj', 12));
    expect(generatePlayerData('ymmj', seedOf('ymmj', 12))).toEqual(a);
    expect(generatePlayerData('ymmj', seedOf('ymmj', 13)).tabs.items).not.toEqual(a.tabs.items);
    expect(generatePlayerData('lw', seedOf('lw', 12)).tabs.items).not.toEqual(a.tabs.items);
  });

  it('themes rows by game: Chinese names in ymmj, the hero catalogue in heroes and masters', () => {
    const y = generatePlayerData('ymmj', seedOf('ymmj', 12));
    expect(y.tabs.items?.every((r) => /[\u4e00-\u9fff]/.test(String(r['name'])))).toBe(true);
    expect(y.tabs.orders?.every((r) => r['currency'] === 'CNY')).toBe(true);
    const a = generatePlayerData('atomicwar', seedOf('atomicwar', 12));
    expect(a.tabs.masters?.every((r) => Number(r['masterId']) >= 1001 && Number(r['masterId']) <= 1012)).toBe(
      true,
    );
    const l = generatePlayerData('lw', seedOf('lw', 12));
    expect(l.tabs.heroes?.every((r) => Number(r['heroId']) >= 3001)).toBe(true);
    const info = y.tabs.info?.[0];
    expect(info).toMatchObject({ id: playerIdOf('ymmj', 12), num: playerNumOf('ymmj', 12), level: 40 });
  });

  it("quests: atomicwar only, each accepted in the player's time, finished ones completed after", () => {
    expect(GAME_IDS.filter((g) => GAMES[g].playerTabs.includes('quests'))).toEqual(['atomicwar']);
    const player = seedOf('atomicwar', 17);
    const data = generatePlayerData('atomicwar', player);
    expect(generatePlayerData('atomicwar', player).tabs.quests).toEqual(data.tabs.quests);
    const rows = data.tabs.quests ?? [];
    expect(rows.length).toBeGreaterThan(0);
    const start = player.createdAt.getTime();
    const end = player.lastLoginAt?.getTime() ?? start;
    const states = new Set<unknown>();
    for (const g of [17, 18, 19, 20, 21, 22])
      for (const q of generatePlayerData('atomicwar', seedOf('atomicwar', g)).tabs.quests ?? []) {
        states.add(q['state']);
        const accepted = Date.parse(String(q['acceptedAt']));
        expect(accepted).toBeGreaterThanOrEqual(start);
        expect(accepted).toBeLessThanOrEqual(end);
        const finished = q['state'] === 'done' || q['state'] === 'claimed';
        if (finished) {
          expect(q['progress']).toBe(q['target']);
          const completed = Date.parse(String(q['completedAt']));
          expect(completed).toBeGreaterThanOrEqual(accepted);
          expect(completed).toBeLessThanOrEqual(end);
        } else {
          expect(q['completedAt']).toBeNull();
          expect(Number(q['progress'])).toBeLessThan(Number(q['target']));
        }
      }
    expect([...states].sort()).toEqual(['claimed', 'done', 'failed', 'inProgress']);
    // Newest first, as the tab lists them.
    const accepted = rows.map((q) => String(q['acceptedAt']));
    expect(accepted).toEqual([...accepted].sort().reverse());
  });

  it('chicken skills belong to the chickens of the same player', () => {
    const data = generatePlayerData('party', seedOf('party', 21));
    const chickens = new Set(data.tabs.chickens?.map((c) => c['chickenId']));
    expect(data.tabs.chickenskills?.length).toBeGreaterThan(0);
    for (const s of data.tabs.chickenskills ?? []) expect(chickens.has(s['chickenId'])).toBe(true);
  });

  it('gives most players 5 to 60 pieces of equipment with attribute lists, and heavy players 10,000', () => {
    for (const g of [1, 2, 3, 12, 20, 99]) {
      const eq = generatePlayerData('lw', seedOf('lw', g, { level: g })).equipment;
      expect(eq.length).toBeGreaterThanOrEqual(5);
      expect(eq.length).toBeLessThanOrEqual(60);
      expect(new Set(eq.map((e) => e.id)).size).toBe(eq.length);
      for (const e of eq) {
        expect(equipmentSchema.safeParse(e).success).toBe(true);
        expect(e.baseAttrs.length).toBeGreaterThan(0);
        expect(e.baseAttrs.every((a) => /\+\d+/.test(a))).toBe(true);
        expect(e.extraAttrs).toHaveLength(EQUIPMENT_QUALITIES.indexOf(e.quality));
      }
    }
    for (const g of [7, 1007, 999_007]) {
      const started = performance.now();
      const heavy = generatePlayerData('ymmj', seedOf('ymmj', g)).equipment;
      expect(heavy).toHaveLength(HEAVY_EQUIPMENT);
      expect(new Set(heavy.map((e) => e.id)).size).toBe(HEAVY_EQUIPMENT);
      expect(heavy.some((e) => e.suitAttrs.length === 2)).toBe(true);
      // Not a timing assertion: a sanity bound far above the real figure (tens of ms).
      expect(performance.now() - started).toBeLessThan(5000);
    }
    expect(generatePlayerData('atomicwar', seedOf('atomicwar', 7)).equipment).toEqual([]);
  });

  it('spreads logs from creation to the last sign-in, oldest first, recent and older', () => {
    const p = seedOf('ymmj', 12, { level: 30 });
    const logs = generatePlayerData('ymmj', p).logs;
    expect(logs[0]?.kind).toBe('register');
    expect(logs[0]?.at).toBe(p.createdAt.getTime());
    const times = logs.map((l) => l.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(p.lastLoginAt!.getTime());
    expect(logs.at(-1)).toMatchObject({ kind: 'login', at: p.lastLoginAt!.getTime() });
    const kinds = new Set(logs.map((l) => l.kind));
    for (const k of ['login', 'logout', 'levelUp', 'match', 'recharge', 'purchase'])
      expect(kinds).toContain(k);
    const recent = logs.filter((l) => l.at >= ANCHOR - 30 * DAY).length;
    expect(recent).toBeGreaterThan(0);
    expect(logs.length - recent).toBeGreaterThan(0);
    const ups = logs.filter((l) => l.kind === 'levelUp');
    expect(ups.at(-1)?.detail).toMatch(/29 → 30/);
  });

  it('a player who never signed in has only the registration in the log', () => {
    const logs = generatePlayerData('lw', seedOf('lw', 13, { lastLoginAt: null, level: 1 })).logs;
    expect(logs.map((l) => l.kind)).toEqual(['register']);
  });
});
