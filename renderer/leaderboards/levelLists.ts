import type { TFunction } from 'i18next';
import type { Season } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import type { ListRead } from '../kit/listRead.js';
import { seasonFilter } from './lists.js';

/**
 * What the level detail page reads: the game's stages with their figures in a season, and the
 * records of the stage opened (its id in the URL, `stage`, with its own page, `stagePage`). Both
 * lists take the season from the same URL parameter, so the stage's records are of the season
 * whose figures were clicked.
 */

export const STAGE_PARAM = 'stage';

export const stagesList = (
  game: GameId,
  t: TFunction,
  seasons: readonly Season[] = [],
): ListRead<'leaderboards.stages'> => ({
  endpoint: 'leaderboards.stages',
  input: { game },
  filters: [seasonFilter(t, seasons)],
});

export const stageRecordsList = (
  game: GameId,
  stageId: number,
  t: TFunction,
  seasons: readonly Season[] = [],
): ListRead<'leaderboards.stage'> => ({
  endpoint: 'leaderboards.stage',
  input: { game, stageId },
  filters: [seasonFilter(t, seasons)],
  pageParam: 'stagePage',
});
