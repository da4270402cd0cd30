import { useCallback } from 'react';
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Language } from '../../shared/codes.js';
import type { Season, Stage } from '../../shared/api/leaderboards.js';
import type { GameId } from '../../shared/games.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { ListBody } from '../kit/ListPage.js';
import { useRowActions } from '../kit/RowActions.js';
import { useListController } from '../kit/useListController.js';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useMayCall } from './access.js';
import { BoardExport } from './BoardExport.js';
import { stageRecordActions, withActions } from './deletion.js';
import { FilteredBoard } from './FilteredBoard.js';
import {
  levelFileColumns,
  STAGE_COLUMNS,
  stageRecordColumnsOf,
  useStageColumns,
  useStageRecordColumns,
} from './LevelColumns.js';
import { LevelRankFinder } from './LevelRankFinder.js';
import { STAGE_PARAM, stageRecordsList, stagesList } from './levelLists.js';

/** A stage id as the URL carries it. */
const stageIdOf = (raw: string | null): number | null =>
  raw !== null && /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;

/**
 * Level detail (关卡): the game's stages with their figures in a season (the season in the URL),
 * and the stage opened (also in the URL): its records in the server's rank order, fastest clear
 * first, and a player's rank on it; an admin may delete a bad clear (the ranks below move up at
 * once). Both tables export (CSV, XLSX).
 */
export function LevelDetailPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const [search, setSearch] = useUrlSearch();
  const seasons = useEndpointQuery('leaderboards.seasons', { game }, { staleTime: 60_000 });
  const list = useListController({ ...stagesList(game, t, seasons.data?.seasons), rowId: (s) => s.id });
  const stageId = stageIdOf(search.get(STAGE_PARAM));
  const open = useCallback(
    (s: Stage) =>
      setSearch((q) => {
        q.set(STAGE_PARAM, String(s.id));
        q.delete('stagePage');
        return q;
      }),
    [setSearch],
  );
  const columns = useStageColumns(open);
  const season = list.query.data && 'season' in list.query.data ? (list.query.data.season as Season) : null;
  return (
    <div className="leaderboards" data-testid="level-detail">
      <FilteredBoard
        list={list}
        columns={columns}
        texts="leaderboards.level"
        icon="layers"
        testId="stages"
        shown={
          season && (
            <span data-testid="stages-season" data-season={season.id}>
              {season.name}
            </span>
          )
        }
        end={
          <BoardExport
            endpoint="leaderboards.stages"
            input={list.sent}
            columns={levelFileColumns(STAGE_COLUMNS, t)}
            page="page.levelDetail"
            where={{ game, season }}
            testId="stages"
          />
        }
      />
      {stageId !== null && <StageRecords game={game} stageId={stageId} seasons={seasons.data?.seasons} />}
    </div>
  );
}

/** A stage as its heading names it: its number and name, or its number until it is read. */
function stageName(t: TFunction, lang: Language, stage: Stage | null, id: number): string {
  return stage && stage.id === id
    ? t('leaderboards.level.title', { id: stage.id, name: stage.name[lang] })
    : t('leaderboards.level.stageN', { id });
}

/** The records of the stage opened, page by page, with a player's rank lookup. */
function StageRecords({
  game,
  stageId,
  seasons,
}: {
  game: GameId;
  stageId: number;
  seasons?: Season[] | undefined;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [, setSearch] = useUrlSearch();
  const list = useListController({ ...stageRecordsList(game, stageId, t, seasons), rowId: (r) => r.id });
  const answer = list.query.data;
  const stage = answer && 'stage' in answer ? (answer.stage as Stage) : null;
  const shownSeason = answer && 'season' in answer ? (answer.season as Season) : null;
  const mayDelete = useMayCall('leaderboards.deleteStageRecord');
  const rowActions = useRowActions(
    mayDelete ? stageRecordActions(game, (r) => stageName(t, lang, stage, r.stageId)) : [],
    game,
  );
  const columns = withActions(t, useStageRecordColumns(game), mayDelete ? rowActions.cell : null);
  const season = list.values['season'] ? Number(list.values['season']) : undefined;
  const close = () =>
    setSearch((q) => {
      q.delete(STAGE_PARAM);
      q.delete('stagePage');
      return q;
    });
  return (
    <section
      className="kit-list"
      data-testid="stage-records"
      data-stage={stageId}
      aria-labelledby="stage-title"
    >
      <div className="toolbar">
        <h2 id="stage-title" className="bp6-heading">
          {stageName(t, lang, stage, stageId)}
        </h2>
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        <BoardExport
          endpoint="leaderboards.stage"
          input={list.sent}
          columns={levelFileColumns(stageRecordColumnsOf(game), t)}
          page="page.levelDetail"
          where={{ game, season: shownSeason, stage }}
          testId="stage"
        />
        <Button
          icon="cross"
          variant="minimal"
          text={t('leaderboards.level.close')}
          onClick={close}
          data-testid="stage-close"
        />
      </div>
      <LevelRankFinder game={game} stageId={stageId} season={season} />
      <ListBody
        list={list}
        columns={columns}
        texts={{
          failed: t('leaderboards.level.stageFailed'),
          empty: t('leaderboards.level.stageEmpty'),
          count: (count) => t('leaderboards.level.stageCount', { count }),
        }}
        icon="crown"
        testId="stage"
      />
      {rowActions.dialogs}
    </section>
  );
}
