import { Codes } from '../../shared/codes.js';
import type { Hero, moderationEndpoints } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { gameOf, type HandlerMap } from '../http/context.js';
import { problem } from '../http/problem.js';
import { HEROES, heroById } from '../seed/heroes.js';
import { gameName } from './scope.js';

/** The hero catalogue of each game (server/seed/heroes.ts), for the ban screen's picker. */

type HeroEndpoints = Pick<typeof moderationEndpoints, 'heroes.list'>;

export const heroesHandlers: HandlerMap<HeroEndpoints> = {
  'heroes.list': async (_input, ctx) => ({ heroes: [...HEROES[gameOf(ctx)]] }),
};

/**
 * The hero with that id in this game. An id outside the catalogue is a bad input (40000) rather
 * than a missing record: the catalogue is fixed, so the message can say which ids are valid.
 */
export function mustFindHero(game: GameId, heroId: number): Hero {
  const hero = heroById(game, heroId);
  if (hero) return hero;
  const ids = HEROES[game].map((h) => h.heroId);
  const range = `${Math.min(...ids)} to ${Math.max(...ids)}`;
  const name = gameName(game);
  const message = `not a hero of ${name.en}; its heroes are ${range} (GET /heroes lists them)`;
  throw problem(
    Codes.VALIDATION,
    `heroId: ${heroId} is ${message}`,
    `heroId：${heroId} 不是${name.zh}的英雄；该游戏的英雄编号为 ${range}（可用英雄列表查看）`,
    [{ path: 'heroId', message }],
  );
}
