import { Link } from 'react-router-dom';
import { Button, Classes, H2, Intent, Tab, TabPanel, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { boardsOf, type Board, type Season } from '../../shared/api/leaderboards.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState } from '../components/QueryState.js';
import { useEndpointQuery } from '../kit/data.js';
import { pickOne } from '../kit/listParams.js';
import { DataTable, type TableColumn } from '../kit/table.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { BoardExport } from './BoardExport.js';
import { recordFileColumns, useRecordColumns } from './columns.js';
import { BOARD_PARAMS } from './lists.js';
import { SeasonDates } from './SeasonDates.js';

/** The top 100 page showing a board of a season. */
export function boardPath(game: GameId, season: Season, board: Board): string {
  const query = new URLSearchParams({ [BOARD_PARAMS.season]: String(season.id) });
  if (board !== 'player') query.set(BOARD_PARAMS.board, board);
  return `${gamePagePath(game, 'top100')}?${query.toString()}`;
}

function useSeasonColumns(game: GameId, open: (s: Season) => void): TableColumn<Season>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'name',
      name: t('leaderboards.field.season'),
      width: 180,
      interactive: true,
      render: (s) => (
        <Button
          variant="minimal"
          size="small"
          text={s.name}
          onClick={() => open(s)}
          data-testid={`season-open-${s.id}`}
        />
      ),
    },
    {
      key: 'state',
      name: t('leaderboards.field.state'),
      width: 90,
      render: (s) => (
        <Tag minimal intent={s.current ? Intent.SUCCESS : Intent.NONE}>
          {t(s.current ? 'leaderboards.season.current' : 'leaderboards.season.past')}
        </Tag>
      ),
    },
    {
      key: 'dates',
      name: t('leaderboards.field.dates'),
      width: 330,
      render: (s) => <SeasonDates season={s} />,
    },
    {
      key: 'boards',
      name: t('leaderboards.field.boards'),
      width: 300,
      interactive: true,
      render: (s) => (
        <span className="season-boards">
          {boardsOf(game).map((b) => (
            <Link
              key={b}
              to={boardPath(game, s, b)}
              className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
              data-testid={`season-${s.id}-board-${b}`}
            >
              {t(`leaderboards.board.${b}`)}
            </Link>
          ))}
        </span>
      ),
    },
  ];
}

/**
 * The game's seasons, newest first with the current one marked and their dates; opening one shows
 * its boards' top 100 below (past seasons keep their boards), each a link to act on it.
 */
export function SeasonsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [search, setSearch] = useUrlSearch();
  const query = useEndpointQuery('leaderboards.seasons', { game });
  const open = (s: Season) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set(BOARD_PARAMS.season, String(s.id));
      return next;
    });
  const columns = useSeasonColumns(game, open);
  return (
    <div className="leaderboards" data-testid="seasons">
      <QueryState
        query={query}
        failedTitle={t('leaderboards.seasons.loadFailed')}
        errorTestId="seasons-error"
      >
        {({ seasons }) => {
          if (seasons.length === 0)
            return (
              <EmptyState icon="calendar" title={t('leaderboards.seasons.empty')} testId="seasons-empty" />
            );
          const asked = search.get(BOARD_PARAMS.season);
          const shown =
            seasons.find((s) => String(s.id) === asked) ?? seasons.find((s) => s.current) ?? seasons[0];
          return (
            <>
              <DataTable rows={seasons} columns={columns} testId="seasons-table" />
              {shown && <SeasonBoards game={game} season={shown} />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}

/** One season's boards, a tab each (the tab in the URL), each its top 100 as the server ranks it. */
function SeasonBoards({ game, season }: { game: GameId; season: Season }) {
  const { t } = useTranslation();
  const [search, setSearch] = useUrlSearch();
  const board = pickOne(search.get(BOARD_PARAMS.board), boardsOf(game)) ?? 'player';
  const onTab = (id: string | number) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (id === 'player') next.delete(BOARD_PARAMS.board);
      else next.set(BOARD_PARAMS.board, String(id));
      return next;
    });
  return (
    <section className="season-board" data-testid="season-board" data-season={season.id} data-board={board}>
      <H2 className="season-board-title">{t('leaderboards.seasons.boardsOf', { name: season.name })}</H2>
      <Tabs id="season-board-tabs" selectedTabId={board} animate={false} onChange={onTab}>
        {boardsOf(game).map((b) => (
          <Tab key={b} id={b} title={t(`leaderboards.board.${b}`)} data-testid={`season-board-tab-${b}`} />
        ))}
      </Tabs>
      <TabPanel
        id={board}
        parentId="season-board-tabs"
        selectedTabId={board}
        panel={<SeasonTop game={game} season={season} board={board} />}
      />
    </section>
  );
}

function SeasonTop({ game, season, board }: { game: GameId; season: Season; board: Board }) {
  const { t } = useTranslation();
  const columns = useRecordColumns(game, board);
  const query = useEndpointQuery('leaderboards.top', { game, board, season: season.id });
  return (
    <QueryState query={query} failedTitle={t('leaderboards.board.loadFailed')} errorTestId="season-top-error">
      {(top) =>
        top.records.length === 0 ? (
          <EmptyState icon="crown" title={t('leaderboards.board.empty')} testId="season-top-empty" />
        ) : (
          <>
            <div className="season-top-head">
              <span className={Classes.TEXT_MUTED}>
                {t('leaderboards.seasons.topOf', { count: top.records.length, total: top.total })}
              </span>
              <BoardExport
                endpoint="leaderboards.top"
                input={{ game, board, season: season.id }}
                rows="records"
                columns={recordFileColumns(board, t)}
                page="page.season"
                where={{ game, board, season }}
                testId="season-top"
              />
              {/* A button-like link: a bare link inside a sentence is told apart by its colour only. */}
              <Link
                to={boardPath(game, season, board)}
                className={`${Classes.BUTTON} ${Classes.SMALL}`}
                data-testid="season-top-open"
              >
                {t('leaderboards.seasons.openBoard')}
              </Link>
            </div>
            <DataTable rows={top.records} columns={columns} testId="season-top" />
          </>
        )
      }
    </QueryState>
  );
}
