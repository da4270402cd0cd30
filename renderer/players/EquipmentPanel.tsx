import { Button, Callout, Intent, SegmentedControl } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { OutputOf } from '../../shared/api/table.js';
import { useTranslation } from 'react-i18next';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { Pager } from '../kit/Pager.js';
import { QueryState } from '../components/QueryState.js';
import { useListController } from '../kit/useListController.js';
import { useListParams } from '../kit/useListParams.js';
import {
  EQUIPMENT_PAGE_PARAM as PAGE_PARAM,
  EQUIPMENT_VIEW_PARAM as VIEW_PARAM,
  EQUIPMENT_VIEWS,
  parseEquipmentView,
} from './equipment.js';
import { EquipmentTable } from './EquipmentTable.js';
import {
  EQUIPMENT_PAGE_SIZE,
  equipmentPageList,
  usePlayerEquipment,
  useRefreshEquipment,
  type EquipmentGame,
} from './playersApi.js';
import { TabPanelBox, useOnFailure } from './TabPanelBox.js';
import { TabSourceBar } from './TabSourceBar.js';

/** A player's equipment tab: whose, and what the player page is told of its rows. */
interface EquipmentPanelProps {
  game: EquipmentGame;
  id: string;
  onRowsShown: () => void;
  onFailed: () => void;
}

/**
 * All items (eqs) in the virtualised table by default: one call, and the table stays smooth at
 * 10,000 rows. The paged view (eqpage, strongest first) is there for players with so many items
 * that the single load is slow or fails; its page is in the URL like the view itself.
 */
function AllEquipment({
  game,
  id,
  onRowsShown,
  onFailed,
  onPaged,
}: EquipmentPanelProps & { onPaged: () => void }) {
  const { t } = useTranslation();
  const data = usePlayerEquipment(game, id);
  useOnFailure(data, onFailed);
  const refresh = useRefreshEquipment(game, id);
  return (
    <TabPanelBox tab="equipment" rowCount={data.data?.items.length} source={data.data?.source}>
      <QueryState
        query={data}
        failedTitle={t('players.equipment.loadFailed')}
        errorExtra={
          <Callout intent={Intent.PRIMARY} icon="th-list" className="equipment-paged-hint">
            {t('players.equipment.tryPaged')}{' '}
            <Button size="small" text={t('players.equipment.view.paged')} onClick={onPaged} />
          </Callout>
        }
      >
        {(all) => (
          <>
            <TabSourceBar read={all} cache={TAB_DEFS.equipment.cache} refresh={refresh} />
            <EquipmentTable
              items={all.items}
              total={all.total}
              topPower={all.topPower}
              onRendered={onRowsShown}
            />
          </>
        )}
      </QueryState>
    </TabPanelBox>
  );
}

function PagedEquipment({ game, id, onRowsShown, onFailed }: EquipmentPanelProps) {
  const { t } = useTranslation();
  // The kit's list controller, drawn as the equipment table with its own totals above the pager.
  const list = useListController(equipmentPageList(game, id));
  const data = list.query as UseQueryResult<OutputOf<'players.equipmentPage'>>;
  useOnFailure(data, onFailed);
  // The paged call reads the database and says nothing about a cache, so no source here.
  return (
    <TabPanelBox tab="equipment" rowCount={data.data?.items.length}>
      <QueryState query={data} failedTitle={t('players.equipment.loadFailed')}>
        {(paged) => (
          <>
            <p className="tab-source">{t('players.equipment.pagedHelp', { size: EQUIPMENT_PAGE_SIZE })}</p>
            <EquipmentTable
              items={paged.items}
              total={paged.total}
              topPower={paged.topPower}
              onRendered={onRowsShown}
            />
            <Pager
              page={paged.page}
              pageSize={paged.pageSize}
              total={paged.total}
              onPage={list.setPage}
              testId="equipment-pager"
            />
          </>
        )}
      </QueryState>
    </TabPanelBox>
  );
}

export function EquipmentPanel({ game, id, onRowsShown, onFailed }: EquipmentPanelProps) {
  const { t } = useTranslation();
  // The default view is left out of the URL; another view starts at its first page.
  const { search, update } = useListParams(PAGE_PARAM);
  const view = parseEquipmentView(search.get(VIEW_PARAM));

  return (
    <div className="equipment-panel">
      <div className="equipment-view" data-testid="equipment-view">
        <SegmentedControl
          size="small"
          value={view}
          onValueChange={(v) => {
            const next = parseEquipmentView(v);
            update({ [VIEW_PARAM]: next === 'all' ? '' : next });
          }}
          options={EQUIPMENT_VIEWS.map((v) => ({ value: v, label: t(`players.equipment.view.${v}`) }))}
        />
      </div>
      {view === 'all' ? (
        <AllEquipment
          game={game}
          id={id}
          onRowsShown={onRowsShown}
          onFailed={onFailed}
          onPaged={() => update({ [VIEW_PARAM]: 'paged' })}
        />
      ) : (
        <PagedEquipment game={game} id={id} onRowsShown={onRowsShown} onFailed={onFailed} />
      )}
    </div>
  );
}
