import { Classes, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cellText, type CellTexts, type CellView } from './cellFormat.js';
import { StatusTag } from './PlayerTags.js';

export function cellTexts(t: TFunction): CellTexts {
  return {
    yes: t('players.panel.yes'),
    no: t('players.panel.no'),
    none: t('common.none'),
    status: (value) => t(`players.status.${value}`, { defaultValue: value }),
  };
}

/**
 * A cell as elements. `wide` (the record field list) shows lists as small tags; table cells keep
 * one line of text so every row has the same height.
 */
export function CellContent({ view, wide = false }: { view: CellView; wide?: boolean }) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'empty':
      return <span className={Classes.TEXT_MUTED}>{t('common.none')}</span>;
    case 'status':
      return <StatusTag value={view.value} />;
    case 'list':
      return wide ? (
        <span className="cell-tags">
          {view.items.map((item, i) => (
            <Tag key={`${i}-${item}`} minimal>
              {item}
            </Tag>
          ))}
        </span>
      ) : (
        <>{cellText(view, cellTexts(t))}</>
      );
    default:
      return <>{cellText(view, cellTexts(t))}</>;
  }
}
