import { useTranslation } from 'react-i18next';
import type { EndpointId } from '../../shared/api/table.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { ExportMenu } from '../kit/export/ExportMenu.js';
import { fileColumns, type StatColumn } from './columns.js';
import type { DayRange } from './range.js';
import type { ListController } from '../kit/useListController.js';

/** A filter line of a file's header block, as the page shows it. */
export interface FileFilter {
  label: string;
  value: string;
}

interface StatsExportProps<T> {
  game: GameId;
  /** The page's id (`matchStats`): its title is the file's. */
  page: string;
  endpoint: EndpointId;
  input: Record<string, unknown>;
  /** The answer's array the table is, for an answer that is not a page of rows. */
  rows?: string;
  columns: readonly StatColumn<T>[];
  range?: DayRange;
  zone?: string;
  filters?: readonly FileFilter[];
  testId: string;
}

/**
 * A statistics table exported (CSV, XLSX) by the backend from the endpoint and input the screen
 * reads, with the columns it draws. The file's title is the page's and the game's; its header
 * names the range of studio days and their zone, then what else the rows were read for.
 */
export function StatsExport<T>({
  game,
  page,
  endpoint,
  input,
  rows,
  columns,
  range,
  zone,
  filters = [],
  testId,
}: StatsExportProps<T>) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const head: FileFilter[] = [];
  if (range) head.push({ label: t('statistics.file.range'), value: `${range.start} – ${range.end}` });
  if (zone) head.push({ label: t('statistics.file.zone'), value: zone });
  return (
    <ExportMenu
      endpoint={endpoint}
      input={input}
      {...(rows ? { rows } : {})}
      columns={fileColumns(columns, t)}
      title={`${t(`page.${page}`)} · ${GAMES[game].names[lang]}`}
      filters={[...head, ...filters]}
      testId={testId}
    />
  );
}

/**
 * The export of a paged statistics list: the rows of the exact input of the page shown (the list
 * controller's `sent`; the export walks every page), none while that input cannot be sent.
 */
export function ListStatsExport<T>({
  list,
  ...props
}: Omit<StatsExportProps<T>, 'input' | 'rows'> & { list: ListController<T> }) {
  return list.sent && <StatsExport {...props} input={list.sent as Record<string, unknown>} />;
}
