import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { Classes, H5 } from '@blueprintjs/core';
import { Cell, Column, Table2 } from '@blueprintjs/table';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { EQUIPMENT_QUALITIES, type Equipment } from '../../shared/api/players.js';
import { TAB_DEFS } from '../../shared/player-tabs.js';
import { useLanguage } from '../i18n/i18n.js';
import { identityKey } from './identityKey.js';
import { equipmentTitleFigures, equipmentViews, type EquipmentView } from './equipment.js';
import { PERF_MARKS, useMarkOnce } from './perfMark.js';

const ROW_HEIGHT = 26;
const HEADER_HEIGHT = 30;
const SCROLLBAR = 18;
/** The box never grows past this: Table2 then renders only the rows in view, even for 10,000. */
const MAX_HEIGHT = 520;

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
const COLUMN_WIDTHS = COLUMNS.map((key) => WIDTHS[key]);

/**
 * The player equipment widget. Everything a cell shows is computed once per load (equipmentViews)
 * and the cell renderers are memoised on it, so scrolling 10,000 rows does string lookups only;
 * the fixed row height, column widths and box height let Table2 virtualise.
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
  const views = useMemo(() => equipmentViews(items, lang), [items, lang]);
  const qualityLabels = useMemo(
    () => Object.fromEntries(EQUIPMENT_QUALITIES.map((q) => [q, t(`players.status.${q}`)])),
    [t],
  );
  const renderers = useMemo(
    () =>
      COLUMNS.map((key) => (row: number) => {
        const v = views[row];
        const className = key === 'power' ? 'cell-figure' : undefined;
        let content: ReactNode = null;
        if (v) {
          content =
            key === 'quality' ? (
              // Tag wraps its text in a self-measuring ellipsis component; scrolling mounts these
              // cells all the time, and a span with Tag's classes looks the same for less work.
              <span className={`${Classes.TAG} ${Classes.MINIMAL} quality quality-${v.quality}`}>
                {qualityLabels[v.quality]}
              </span>
            ) : (
              v[key]
            );
        }
        return (
          <Cell className={className} tooltip={v && key.endsWith('Attrs') ? v[key] : undefined}>
            {content}
          </Cell>
        );
      }),
    [views, qualityLabels],
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
  const height = Math.min(MAX_HEIGHT, HEADER_HEIGHT + ROW_HEIGHT * items.length + SCROLLBAR);

  return (
    <div className="equipment">
      <H5 className="equipment-title" data-testid="equipment-title">
        {t('players.equipment.title', figures)}
      </H5>
      <div className="equipment-table" data-testid="equipment-table" data-row-count={items.length}>
        {empty ? (
          <EmptyState icon="box" title={t('players.equipment.empty')} testId="equipment-empty" />
        ) : (
          <div style={{ height }}>
            <Table2
              key={identityKey(items)}
              numRows={items.length}
              enableRowHeader={false}
              defaultRowHeight={ROW_HEIGHT}
              columnWidths={COLUMN_WIDTHS}
              cellRendererDependencies={[renderers]}
              enableFocusedCell={false}
              onCompleteRender={onComplete}
            >
              {COLUMNS.map((key, c) => (
                <Column key={key} name={t(`players.col.${key}`)} cellRenderer={renderers[c]} />
              ))}
            </Table2>
          </div>
        )}
      </div>
    </div>
  );
});
