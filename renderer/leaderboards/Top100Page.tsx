import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Board, Season } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import { useEndpointQuery } from '../kit/data.js';
import { useRowActions } from '../kit/RowActions.js';
import { useListController } from '../kit/useListController.js';
import { useMayCall } from './access.js';
import { BoardExport } from './BoardExport.js';
import { recordFileColumns, useRecordColumns } from './columns.js';
import { recordActions, withActions } from './deletion.js';
import { DynamicRankSwitch } from './DynamicRankSwitch.js';
import { boardList } from './lists.js';
import { FilteredBoard } from './FilteredBoard.js';
import { RankFinder } from './RankFinder.js';
import { SeasonDates } from './SeasonDates.js';

function SeasonShown({ season }: { season: Season }) {
  const { t } = useTranslation();
  return (
    <span className="board-season" data-testid="board-season" data-season={season.id}>
      <Tag minimal intent={season.current ? Intent.SUCCESS : Intent.NONE}>
        {t(season.current ? 'leaderboards.season.current' : 'leaderboards.season.past')}
      </Tag>{' '}
      {season.name} <SeasonDates season={season} />
    </span>
  );
}

/**
 * A board of one season in the server's rank order: the top 100 on its first five pages, further
 * down on the next. The board and season are filters in the URL; a player's rank is looked up
 * above it; an admin may delete a bad record (the ranks below move up at once) and switch the
 * dynamic rank list.
 */
export function Top100Page({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const seasons = useEndpointQuery('leaderboards.seasons', { game }, { staleTime: 60_000 });
  const list = useListController({ ...boardList(game, t, seasons.data?.seasons), rowId: (r) => r.id });
  const board = (list.values['board'] ?? 'player') as Board;
  const season = list.values['season'] ? Number(list.values['season']) : undefined;
  const mayDelete = useMayCall('leaderboards.deleteRecord');
  const actions = mayDelete ? recordActions(game) : [];
  const rowActions = useRowActions(actions, game);
  const recordColumns = useRecordColumns(game, board);
  const columns = withActions(t, recordColumns, mayDelete ? rowActions.cell : null);
  const shownSeason =
    list.query.data && 'season' in list.query.data ? (list.query.data.season as Season) : null;

  return (
    <div className="leaderboards" data-testid="top100">
      <DynamicRankSwitch game={game} />
      <RankFinder game={game} board={board} season={season} />
      <FilteredBoard
        list={list}
        columns={columns}
        texts="leaderboards.board"
        icon="crown"
        testId="board"
        shown={shownSeason && <SeasonShown season={shownSeason} />}
        end={
          <BoardExport
            endpoint="leaderboards.page"
            input={list.sent}
            columns={recordFileColumns(board, t)}
            page="page.top100"
            where={{ game, board, season: shownSeason }}
            testId="board"
          />
        }
      />
      {rowActions.dialogs}
    </div>
  );
}
