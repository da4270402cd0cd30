import type { Hero } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';

/**
 * Each game's hero catalogue (atomicwar calls its heroes masters). The seed's heroes, masters and
 * hero bans, and the ban screen's hero picker, all read this one list.
 */

const names = (first: number, list: readonly string[]): Hero[] =>
  list.map((name, i) => ({ heroId: first + i, name }));

export const HEROES: Record<GameId, readonly Hero[]> = {
  atomicwar: names(1001, [
    'Commander Vega',
    'Sergeant Kowal',
    'Pyro',
    'Ghost',
    'Medic Lin',
    'Tank Boris',
    'Sniper Aya',
    'Engineer Ruiz',
    'Scout Nyx',
    'Warden',
    'Nova Trooper',
    'Iron Fist',
  ]),
  ymmj: names(2001, [
    '青丘狐',
    '镇魔将军',
    '白骨夫人',
    '雷音尊者',
    '画皮妖',
    '九尾天狐',
    '剑仙李白',
    '药王孙思邈',
    '山鬼',
    '烛龙',
    '饕餮',
    '女娲',
  ]),
  lw: names(3001, [
    'Lord Aldric',
    'Lady Morwen',
    'Baron Grim',
    'Knight Cedric',
    'Archer Elowen',
    'Sorcerer Vyx',
    'Warlord Thrak',
    'Paladin Sera',
    'Rogue Fenn',
    'Druid Oona',
    'Giant Hrolf',
    'Dragonrider Kael',
  ]),
  party: names(4001, [
    'Bubbles',
    'Captain Confetti',
    'Dizzy Duck',
    'Jelly Jumper',
    'Mister Mallow',
    'Noodle Ninja',
    'Pogo Pete',
    'Rocket Rabbit',
    'Sir Wobble',
    'Twirly Tina',
    'Zippy Zebra',
    'Disco Dino',
  ]),
};

export function heroById(game: GameId, heroId: number): Hero | undefined {
  return HEROES[game].find((h) => h.heroId === heroId);
}
