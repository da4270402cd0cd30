import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Board, LeaderboardRecord, Season } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import { playerLabel } from '../components/playerLabel.js';
import { useEndpointQuery } from '../kit/data.js';
import { useRowActions } from '../kit/RowActions.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListController } from '../kit/useListController.js';
import { useMayCall } from './access.js';
import { useRecordColumns } from './columns.js';
import { DynamicRankSwitch } from './DynamicRankSwitch.js';
import { boardList } from './lists.js';
import { FilteredBoard } from './FilteredBoard.js';
import { RankFinder } from './RankFinder.js';
import { SeasonDates } from './SeasonDates.js';

/** What can be done to a record on a board: delete it, with a reason (a cheat, a bug). */
export const recordActions = (game: GameId) => [
  rowAction({
    endpoint: 'leaderboards.deleteRecord',
    texts: 'leaderboards',
    input: (r: LeaderboardRecord, reason) => ({ game, recordId: r.id, reason }),
    names: (r, { t }) => ({
      rank: String(r.rank ?? ''),
      player: playerLabel(r.playerId, r.playerName),
      board: t(`leaderboards.board.${r.board}`),
    }),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (r) => `record-delete-${r.id}`,
    dialogTestId: 'record-delete-dialog',
  }),
];

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
  const columns: TableColumn<LeaderboardRecord>[] = mayDelete
    ? [
        {
          key: 'actions',
          name: t('kit.list.actions'),
          width: 90,
          interactive: true,
          render: rowActions.cell,
        },
        ...recordColumns,
      ]
    : recordColumns;
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
      />
      {rowActions.dialogs}
    </div>
  );
}
