import type { GameId } from '../../../shared/games.js';
import { atomicwar } from './atomicwar.js';
import { lw } from './lw.js';
import { party } from './party.js';
import type { Theme } from './theme.js';
import { ymmj } from './ymmj.js';

/** Each game's data theme. A fifth game adds its file here. */
export const THEMES: Record<GameId, Theme> = { atomicwar, ymmj, lw, party };

export type { Theme } from './theme.js';
