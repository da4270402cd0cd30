import type { GameId } from '../../shared/games.js';

/**
 * Each game's stages (关卡), named from its theme (server/players/themes/): Atomic War's maps, the
 * realms of 妖魔秘境, Lord War's sieges, Party Game's rounds. A stage's `parMs` is how long a
 * typical clear takes; the seed draws clear times around it. Stage ids are the catalogue's order,
 * 1 first: a stage is the game's content, not data an operator edits, so it lives in code.
 */

export interface StageDef {
  id: number;
  en: string;
  zh: string;
  parMs: number;
}

type Names = readonly (readonly [en: string, zh: string])[];

const MINUTE = 60_000;

function stages(names: Names): readonly StageDef[] {
  return names.map(([en, zh], i) => ({ id: i + 1, en, zh, parMs: (3 + i * 2) * MINUTE }));
}

export const STAGES: Record<GameId, readonly StageDef[]> = {
  atomicwar: stages([
    ['Ground Zero', '零号地带'],
    ['Reactor 4', '四号反应堆'],
    ['Dead City', '死城'],
    ['Bunker 9', '九号地堡'],
    ['Red Forest', '红色森林'],
    ['Silo', '导弹发射井'],
  ]),
  ymmj: stages([
    ['Green Cloud Gate', '青云山门'],
    ['Sunken Sword Tomb', '沉剑古冢'],
    ['Taotie Wastes', '饕餮荒原'],
    ['Nine-Headed Marsh', '九婴水泽'],
    ['White Bone Cavern', '白骨洞'],
    ['Candle Dragon Peak', '烛龙之巅'],
  ]),
  lw: stages([
    ['Siege of Eldmark', '埃尔德马克之围'],
    ['Bandit Pass', '山贼隘口'],
    ['Frozen Reach', '冰封边境'],
    ['Northreach Crypt', '北境墓穴'],
    ['Emberfall Keep', '余烬要塞'],
    ['Throne of Ravenmoor', '鸦沼王座'],
  ]),
  party: stages([
    ['Duck Pond Dash', '鸭子池塘冲刺'],
    ['Jelly Jump', '果冻跳跳'],
    ['Disco Floor', '迪斯科舞池'],
    ['Pillow Fortress', '枕头城堡'],
    ['Overlord Showdown', '霸主对决'],
  ]),
};

/** Stage `id` of the game, if it has one. */
export function stageOf(game: GameId, id: number): StageDef | undefined {
  return STAGES[game].find((s) => s.id === id);
}

/** The value of `leaderboard_records.board` that holds a stage's records: its ranks are a board's. */
export type StageBoard = `stage-${number}`;
export const stageBoard = (id: number): StageBoard => `stage-${id}`;
