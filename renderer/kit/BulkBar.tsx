import { useState } from 'react';
import { Button, Checkbox, Classes } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BulkActionDialog } from './BulkActionDialog.js';
import type { BulkAction } from './rowActions.js';
import type { TableColumn } from './table.js';
import type { ListController } from './useListController.js';

/** What a list offers on its selection, and the test id of a row's checkbox. */
export interface ListBulk<T> {
  actions: readonly BulkAction<T>[];
  /** `<list test id>-select-<row id>` by default. */
  selectTestId?: (row: T) => string;
}

/** Whether the list draws checkboxes: it has a row key and something to do with the selection. */
export const hasBulk = <T,>(list: ListController<T>, bulk: ListBulk<T> | undefined): bulk is ListBulk<T> =>
  list.selection.enabled && bulk !== undefined && bulk.actions.length > 0;

/** The checkbox column, first in the table. */
export function selectColumn<T>(
  t: TFunction,
  list: ListController<T>,
  bulk: ListBulk<T>,
  testId: string,
): TableColumn<T> {
  const first = bulk.actions[0];
  return {
    key: 'select',
    name: '',
    width: 40,
    interactive: true,
    render: (row) => (
      <Checkbox
        className="kit-select"
        checked={list.selection.has(row)}
        onChange={() => list.selection.toggle(row)}
        aria-label={t('kit.bulk.selectRow', { name: first ? first.rowName(row) : '' })}
        data-testid={bulk.selectTestId?.(row) ?? `${testId}-select-${first ? first.rowId(row) : ''}`}
      />
    ),
  };
}

/** Selects the shown page (or clears it), beside the list's count. */
export function SelectPage<T>({ list, testId }: { list: ListController<T>; testId: string }) {
  const { t } = useTranslation();
  const state = list.selection.pageState;
  return (
    <Checkbox
      inline
      checked={state === 'all'}
      indeterminate={state === 'some'}
      onChange={list.selection.togglePage}
      label={t('kit.bulk.selectPage')}
      data-testid={`${testId}-select-page`}
    />
  );
}

/**
 * The bar over a list with a selection: how many rows are picked, a button per bulk action
 * (offered when it applies to at least one of them) and "clear selection"; an action opens its
 * dialog (one reason, then each row's result) and the list reloads once the server has answered.
 */
export function BulkBar<T>({
  list,
  bulk,
  testId,
}: {
  list: ListController<T>;
  bulk: ListBulk<T>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<BulkAction<T> | null>(null);
  // The dialog keeps the rows it was opened on: the list reloading behind it clears the selection.
  const [rows, setRows] = useState<readonly T[]>([]);
  const selected = list.selection.rows;
  return (
    <>
      {selected.length > 0 && (
        <div className={`kit-bulk ${Classes.ELEVATION_1}`} data-testid={`${testId}-bulk`}>
          <span data-testid={`${testId}-bulk-count`}>
            {t('kit.bulk.selected', { count: selected.length })}
          </span>
          {bulk.actions.map((a) => {
            const applies = selected.filter((r) => a.applies(r)).length;
            return (
              <Button
                key={a.id}
                size="small"
                icon={a.icon}
                text={a.text}
                disabled={applies === 0}
                title={
                  applies === 0 ? t('kit.bulk.notApplicable') : t('kit.bulk.applies', { count: applies })
                }
                onClick={() => {
                  setRows(selected);
                  setOpen(a);
                }}
                data-testid={`${testId}-bulk-${a.id}`}
              />
            );
          })}
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            text={t('kit.bulk.clear')}
            onClick={list.selection.clear}
            data-testid={`${testId}-bulk-clear`}
          />
        </div>
      )}
      <BulkActionDialog
        action={open}
        rows={rows}
        onClose={() => setOpen(null)}
        onDone={() => {
          list.selection.clear();
          void list.query.refetch();
        }}
      />
    </>
  );
}
