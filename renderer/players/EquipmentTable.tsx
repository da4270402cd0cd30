import { memo, useEffect, useMemo } from 'react';
import { Classes, H3 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { EQUIPMENT_QUALITIES, type Equipment } from '../../shared/api/players.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { DataTable, type TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { equipmentTitleFigures, equipmentViewsOnDemand, type EquipmentView } from './equipment.js';
import { PERF_MARKS, useMarkOnce } from './perfMark.js';

/** The box never shows more rows than this: Table2 then renders only the rows in view, even for 10,000. */
const VISIBLE_ROWS = 16;

/** Spec "Widgets": ID, equipment ID, name, quality, enhancement level, power, the three attribute lists. */
const COLUMNS = TAB_DEFS.equipment.columns.map((c) => c.key as keyof EquipmentView);
const WIDTHS: Record<keyof EquipmentView, number> = {
  id: 120,
  eqID: 120,
  name: 180,
  quality: 100,
  level: 80,
  power: 90,
  baseAttrs: 260,
  extraAttrs: 260,
  suitAttrs: 260,
};

/**
 * The player equipment widget. What a cell shows is computed when its row is first drawn and kept
 * (equipmentViewsOnDemand), and the columns are memoised on it, so scrolling back over rows does
 * string lookups only; the
 * kit table's fixed row height, column widths and box height let Table2 virtualise.
 */
export const EquipmentTable = memo(function EquipmentTable({
  items,
  total,
  topPower,
  onRendered,
}: {
  items: readonly Equipment[];
  total: number;
  topPower: number;
  onRendered?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const markRendered = useMarkOnce(PERF_MARKS.equipment);
  const viewOf = useMemo(() => equipmentViewsOnDemand(lang), [lang]);
  const qualityLabels = useMemo(
    () => Object.fromEntries(EQUIPMENT_QUALITIES.map((q) => [q, t(`players.status.${q}`)])),
    [t],
  );
  const columns = useMemo(
    (): TableColumn<Equipment>[] =>
      COLUMNS.map((key) => ({
        key,
        name: t(`players.col.${key}`),
        width: WIDTHS[key],
        ...(key === 'power' ? { className: 'cell-figure' } : {}),
        ...(key.endsWith('Attrs') ? { tooltip: (e: Equipment) => viewOf(e)[key] } : {}),
        render: (e: Equipment) =>
          key === 'quality' ? (
            // Tag wraps its text in a self-measuring ellipsis component; scrolling mounts these
            // cells all the time, and a span with Tag's classes looks the same for less work.
            <span className={`${Classes.TAG} ${Classes.MINIMAL} quality quality-${e.quality}`}>
              {qualityLabels[e.quality]}
            </span>
          ) : (
            viewOf(e)[key]
          ),
      })),
    [t, qualityLabels, viewOf],
  );
  const onComplete = useMemo(
    () => () => {
      markRendered();
      onRendered?.();
    },
    [markRendered, onRendered],
  );
  const empty = items.length === 0;
  // Table2 reports its first complete paint; with no rows there is no table to wait for.
  useEffect(() => {
    if (empty) onComplete();
  }, [empty, onComplete]);
  const figures = equipmentTitleFigures(total, topPower, lang);

  return (
    <div className="equipment">
      <H3 className="equipment-title heading-size-5" data-testid="equipment-title">
        {t('players.equipment.title', figures)}
      </H3>
      <div className="equipment-table" data-testid="equipment-table" data-row-count={items.length}>
        {empty ? (
          <EmptyState icon="box" title={t('players.equipment.empty')} testId="equipment-empty" />
        ) : (
          <DataTable
            rows={items}
            columns={columns}
            height={{ rows: VISIBLE_ROWS }}
            selectable
            onCompleteRender={onComplete}
            label={t('players.equipment.title', figures)}
          />
        )}
      </div>
    </div>
  );
});
