import { useEffect, useMemo } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import type { GameId, PlayerTab } from '../../shared/games.js';
import type { TabRow } from '../../shared/api/players.js';
import { TAB_DEFS, type ColumnDef, type ColumnType, type TabDef } from '../../shared/player-tabs.js';
import { QueryState } from '../components/QueryState.js';
import { DataTable, type TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { cellViews, isIdentifierKey } from './cellFormat.js';
import { CellContent } from './CellContent.js';
import { EquipmentPanel } from './EquipmentPanel.js';
import { hasEquipment, usePlayerTab, useRefreshTab } from './playersApi.js';
import { TabPanelBox, useOnFailure } from './TabPanelBox.js';
import { TabSourceBar } from './TabSourceBar.js';

/** Rows shown before the table scrolls (and virtualises) inside its own box. */
const VISIBLE_ROWS = 15;

/** Fixed widths by type: Table2 then never measures content, and every tab looks alike. */
const TYPE_WIDTH: Record<ColumnType, number> = {
  text: 160,
  int: 100,
  money: 130,
  bool: 80,
  datetime: 190,
  status: 110,
  list: 260,
};

function columnWidth(col: ColumnDef): number {
  return col.key === 'name' ? 200 : TYPE_WIDTH[col.type];
}

/** Quantities and amounts line up on the right, as figures do; identifiers read left to right. */
function isFigure(col: ColumnDef): boolean {
  return col.type === 'money' || (col.type === 'int' && !isIdentifierKey(col.key));
}

function RecordFields({ def, row, onShown }: { def: TabDef; row: TabRow; onShown: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const views = useMemo(() => cellViews([row], def.columns, lang)[0] ?? [], [row, def, lang]);
  useEffect(() => onShown(), [onShown]);
  return (
    <HTMLTable compact striped className="record-fields" data-testid="record-fields">
      <tbody>
        {def.columns.map((col, i) => {
          const view = views[i];
          return (
            <tr key={col.key} data-field={col.key}>
              <th scope="row">{t(`players.col.${col.key}`)}</th>
              <td>{view && <CellContent view={view} wide />}</td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}

type CellViews = ReturnType<typeof cellViews>[number];

function RowsTable({
  def,
  rows,
  label,
  onShown,
}: {
  def: TabDef;
  rows: readonly TabRow[];
  label: string;
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const views = useMemo(() => cellViews(rows, def.columns, lang), [rows, def, lang]);
  const columns = useMemo(
    (): TableColumn<CellViews>[] =>
      def.columns.map((col, c) => ({
        key: col.key,
        name: t(`players.col.${col.key}`),
        width: columnWidth(col),
        ...(isFigure(col) ? { className: 'cell-figure' } : {}),
        render: (row: CellViews) => {
          const view = row[c];
          return view && <CellContent view={view} />;
        },
      })),
    [def, t],
  );
  return (
    <DataTable
      rows={views}
      columns={columns}
      height={{ rows: VISIBLE_ROWS }}
      className="tab-rows"
      label={label}
      selectable
      onCompleteRender={onShown}
    />
  );
}

interface TabPanelProps {
  game: GameId;
  id: string;
  tab: PlayerTab;
  /** Called once the tab's rows (or its "nothing here") are drawn. */
  onRowsShown: () => void;
  /** Called once the tab's read has failed and the failure is shown instead. */
  onFailed: () => void;
}

function DataTabPanel({ game, id, tab, onRowsShown, onFailed }: TabPanelProps) {
  const { t } = useTranslation();
  const def = TAB_DEFS[tab];
  const data = usePlayerTab(game, id, tab);
  useOnFailure(data, onFailed);
  const refresh = useRefreshTab(game, id, tab);
  const rows = data.data?.rows;
  const shown =
    rows === undefined ? undefined : def.kind === 'record' ? (rows[0] ? def.columns.length : 0) : rows.length;

  return (
    <TabPanelBox tab={tab} rowCount={shown} source={data.data?.source}>
      <QueryState query={data} failedTitle={t('players.panel.loadFailed', { tab: t(`players.tab.${tab}`) })}>
        {(read) => {
          const first = read.rows[0];
          return (
            <>
              <TabSourceBar read={read} cache={def.cache} refresh={refresh} />
              {!first ? (
                <EmptyTab tab={tab} onShown={onRowsShown} />
              ) : def.kind === 'record' ? (
                <RecordFields def={def} row={first} onShown={onRowsShown} />
              ) : (
                <RowsTable def={def} rows={read.rows} label={t(`players.tab.${tab}`)} onShown={onRowsShown} />
              )}
            </>
          );
        }}
      </QueryState>
    </TabPanelBox>
  );
}

function EmptyTab({ tab, onShown }: { tab: PlayerTab; onShown: () => void }) {
  const { t } = useTranslation();
  useEffect(() => onShown(), [onShown]);
  return (
    <EmptyState
      icon="th-disconnect"
      title={t('players.panel.empty', { tab: t(`players.tab.${tab}`) })}
      testId="tab-empty"
    />
  );
}

/** One tab of the player's data, drawn from its definition in shared/player-tabs.ts. */
export function PlayerTabPanel(props: TabPanelProps) {
  const { game, id, tab, onRowsShown, onFailed } = props;
  if (TAB_DEFS[tab].kind === 'equipment' && hasEquipment(game)) {
    return <EquipmentPanel game={game} id={id} onRowsShown={onRowsShown} onFailed={onFailed} />;
  }
  return <DataTabPanel {...props} />;
}
