import { Button, Callout, Intent, SegmentedControl, Spinner } from '@blueprintjs/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { Pager } from '../components/Pager.js';
import { EQUIPMENT_VIEWS, parseEquipmentView, type EquipmentViewMode } from './equipment.js';
import { EquipmentTable } from './EquipmentTable.js';
import { parsePage } from './searchParams.js';
import {
  EQUIPMENT_PAGE_SIZE,
  useEquipmentPage,
  usePlayerEquipment,
  useRefreshEquipment,
  type EquipmentGame,
} from './playersApi.js';
import { TabSourceBar } from './TabSourceBar.js';

const VIEW_PARAM = 'eqview';
const PAGE_PARAM = 'eqpage';

/**
 * All items (eqs) in the virtualised table by default: one call, and the table stays smooth at
 * 10,000 rows. The paged view (eqpage, strongest first) is there for players with so many items
 * that the single load is slow or fails; its page is in the URL like the view itself.
 */
function AllEquipment({
  game,
  id,
  onRowsShown,
  onPaged,
}: {
  game: EquipmentGame;
  id: string;
  onRowsShown: () => void;
  onPaged: () => void;
}) {
  const { t } = useTranslation();
  const data = usePlayerEquipment(game, id);
  const refresh = useRefreshEquipment(game, id);
  let body;
  if (data.isPending) body = <Spinner />;
  else if (data.error) {
    body = (
      <>
        <ErrorCallout
          title={t('players.equipment.loadFailed')}
          error={asResultError(data.error, Codes.NETWORK)}
          onRetry={() => void data.refetch()}
        />
        <Callout intent={Intent.PRIMARY} icon="th-list" className="equipment-paged-hint">
          {t('players.equipment.tryPaged')}{' '}
          <Button size="small" text={t('players.equipment.view.paged')} onClick={onPaged} />
        </Callout>
      </>
    );
  } else {
    body = (
      <>
        <TabSourceBar
          read={data.data}
          cache={TAB_DEFS.equipment.cache}
          onRefresh={() => refresh.mutate()}
          refreshing={refresh.isPending}
          refreshError={refresh.error}
        />
        <EquipmentTable
          items={data.data.items}
          total={data.data.total}
          topPower={data.data.topPower}
          onRendered={onRowsShown}
        />
      </>
    );
  }
  return (
    <div
      className="tab-panel"
      data-testid="tab-panel"
      data-tab="equipment"
      {...(data.data ? { 'data-row-count': data.data.items.length, 'data-source': data.data.source } : {})}
    >
      {body}
    </div>
  );
}

function PagedEquipment({
  game,
  id,
  page,
  onPage,
  onRowsShown,
}: {
  game: EquipmentGame;
  id: string;
  page: number;
  onPage: (page: number) => void;
  onRowsShown: () => void;
}) {
  const { t } = useTranslation();
  const data = useEquipmentPage(game, id, page);
  let body;
  if (data.isPending) body = <Spinner />;
  else if (data.error) {
    body = (
      <ErrorCallout
        title={t('players.equipment.loadFailed')}
        error={asResultError(data.error, Codes.NETWORK)}
        onRetry={() => void data.refetch()}
      />
    );
  } else {
    body = (
      <>
        <p className="tab-source">{t('players.equipment.pagedHelp', { size: EQUIPMENT_PAGE_SIZE })}</p>
        <EquipmentTable
          items={data.data.items}
          total={data.data.total}
          topPower={data.data.topPower}
          onRendered={onRowsShown}
        />
        <Pager
          page={data.data.page}
          pageSize={EQUIPMENT_PAGE_SIZE}
          total={data.data.total}
          onPage={onPage}
          testId="equipment-pager"
        />
      </>
    );
  }
  // The paged call reads the database and says nothing about a cache, so no data-source here.
  return (
    <div
      className="tab-panel"
      data-testid="tab-panel"
      data-tab="equipment"
      {...(data.data ? { 'data-row-count': data.data.items.length } : {})}
    >
      {body}
    </div>
  );
}

export function EquipmentPanel({
  game,
  id,
  onRowsShown,
}: {
  game: EquipmentGame;
  id: string;
  onRowsShown: () => void;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = parseEquipmentView(params.get(VIEW_PARAM));
  const page = parsePage(params.get(PAGE_PARAM));

  const update = (patch: { view?: EquipmentViewMode; page?: number }) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (patch.view !== undefined) {
        if (patch.view === 'all') next.delete(VIEW_PARAM);
        else next.set(VIEW_PARAM, patch.view);
        next.delete(PAGE_PARAM);
      }
      if (patch.page !== undefined) {
        if (patch.page <= 1) next.delete(PAGE_PARAM);
        else next.set(PAGE_PARAM, String(patch.page));
      }
      return next;
    });

  return (
    <div className="equipment-panel">
      <div className="equipment-view" data-testid="equipment-view">
        <SegmentedControl
          size="small"
          value={view}
          onValueChange={(v) => update({ view: parseEquipmentView(v) })}
          options={EQUIPMENT_VIEWS.map((v) => ({ value: v, label: t(`players.equipment.view.${v}`) }))}
        />
      </div>
      {view === 'all' ? (
        <AllEquipment
          game={game}
          id={id}
          onRowsShown={onRowsShown}
          onPaged={() => update({ view: 'paged' })}
        />
      ) : (
        <PagedEquipment
          game={game}
          id={id}
          page={page}
          onPage={(p) => update({ page: p })}
          onRowsShown={onRowsShown}
        />
      )}
    </div>
  );
}
