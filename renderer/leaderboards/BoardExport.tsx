import { useTranslation } from 'react-i18next';
import type { ExportColumn } from '../../shared/api/exports.js';
import type { Board, Season, Stage } from '../../shared/api/leaderboards.js';
import type { EndpointId } from '../../shared/api/table.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExportMenu } from '../kit/export/ExportMenu.js';

/** What a leaderboard table was read for: the board, the season the server answered, the stage, a player. */
export interface BoardWhere {
  game: GameId;
  board?: Board;
  season?: Season | null;
  stage?: Stage | null;
  /** The player whose neighbours the rows are. */
  player?: string;
}

/**
 * A leaderboard table exported (CSV, XLSX) by the backend from the endpoint and input the screen
 * reads, with the columns it draws; the file's title is the page's and the game's, its header
 * names the board, season and stage the rows are of.
 */
export function BoardExport({
  endpoint,
  input,
  rows,
  columns,
  page,
  where,
  testId,
}: {
  endpoint: EndpointId;
  input: Record<string, unknown> | null;
  /** The answer's array the table is, for an answer that is not a page of rows. */
  rows?: string;
  columns: readonly ExportColumn[];
  /** The page's title key (`page.top100`). */
  page: string;
  where: BoardWhere;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!input) return null;
  const filters: { label: string; value: string }[] = [];
  if (where.board)
    filters.push({ label: t('leaderboards.field.board'), value: t(`leaderboards.board.${where.board}`) });
  if (where.season)
    filters.push({
      label: t('leaderboards.field.season'),
      value: where.season.current
        ? t('leaderboards.season.currentName', { name: where.season.name })
        : where.season.name,
    });
  if (where.stage)
    filters.push({
      label: t('leaderboards.level.stage'),
      value: `${where.stage.id}. ${where.stage.name[lang]}`,
    });
  if (where.player) filters.push({ label: t('leaderboards.field.player'), value: where.player });
  return (
    <ExportMenu
      endpoint={endpoint}
      input={input}
      {...(rows ? { rows } : {})}
      columns={columns}
      title={`${t(page)} · ${GAMES[where.game].names[lang]}`}
      filters={filters}
      testId={testId}
    />
  );
}
