import type { ReactNode } from 'react';
import type { IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RefetchSpinner } from '../components/QueryState.js';
import { FilterBar } from '../kit/FilterBar.js';
import { ListBody } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import type { ListController } from '../kit/useListController.js';

/**
 * A leaderboard list with its filters above it (board, season), what they resolved to beside
 * them (`shown`: the season the server answered for), its export at the end (`end`), and the
 * rows; its texts are the
 * `<texts>.loadFailed`, `.empty` and `.count` of the feature's texts.
 */
export function FilteredBoard<T>({
  list,
  columns,
  texts,
  icon,
  testId,
  shown,
  end,
}: {
  list: ListController<T>;
  columns: readonly TableColumn<T>[];
  texts: string;
  icon: IconName;
  testId: string;
  shown?: ReactNode;
  /** At the toolbar's end: the list's export. */
  end?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="kit-list" data-testid={testId}>
      <div className="toolbar">
        <FilterBar list={list} testId={testId} />
        {shown}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        {end}
      </div>
      <ListBody
        list={list}
        columns={columns}
        texts={{
          failed: t(`${texts}.loadFailed`),
          empty: t(`${texts}.empty`),
          count: (count) => t(`${texts}.count`, { count }),
        }}
        icon={icon}
        testId={testId}
      />
    </div>
  );
}
