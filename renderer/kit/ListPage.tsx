import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, Intent, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import type { FilterValues } from './filters.js';
import { FilterBar } from './FilterBar.js';
import { BulkBar, hasBulk, selectColumn, SelectPage, type ListBulk } from './BulkBar.js';
import { Pager, type Page } from './Pager.js';
import { useRowActions } from './RowActions.js';
import type { ListRowAction } from './rowActions.js';
import { PageTable } from './PageTable.js';
import type { TableColumn, TableSort } from './table.js';
import {
  useListController,
  type ListAnswer,
  type ListController,
  type ListEndpointId,
  type RowOf,
} from './useListController.js';
import type { ListRead } from './listRead.js';
import { ExportMenu } from './export/ExportMenu.js';
import { listExportColumns, listExportFilters } from './export/listColumns.js';
import './kit.css';
import { ReadFromNote } from './ReadFromNote.js';
import type { ReadFrom } from '../../shared/api/read-from.js';

export { LIST_PAGE_SIZE } from '../../shared/constants.js';
export type { ListEndpointId, RowOf } from './useListController.js';

export interface ListTexts {
  /** Title of the failure when the list cannot be read. */
  failed: string;
  /** An empty list, no filter set. */
  empty: string;
  /** Under it, what to do about it ("Add what you must not forget"). */
  emptyHelp?: string;
  /** An empty list with filters set; "nothing matches these filters" by default. */
  filteredEmpty?: (values: FilterValues) => string;
  /** The count over the table; "N records" by default. */
  count?: (count: number) => string;
  /** The count when the server stopped counting at a cap; "More than N records" by default. */
  countCapped?: (count: number) => string;
}

/** A list page reads what its declaration says (endpoint, fixed input, filters: listRead.ts). */
export interface ListPageProps<K extends ListEndpointId> extends ListRead<K> {
  columns: readonly TableColumn<RowOf<K>>[];
  /**
   * Actions on a row: a call confirmed with a reason in a dialog naming the game and the row, a
   * dialog of the screen's, a link, or a toggle.
   */
  actions?: readonly ListRowAction<RowOf<K>>[];
  /** Width of the actions column, wide enough for the buttons a row can have. */
  actionsWidth?: number;
  /** A row's key: with `bulk`, rows get checkboxes and the selection a bar of bulk actions. */
  rowId?: (row: RowOf<K>) => string | number;
  bulk?: ListBulk<RowOf<K>>;
  texts: ListTexts;
  /** The empty state's icon. */
  icon: IconName;
  /** A link to the page that creates an entry, at the toolbar's end. */
  create?: { to: string; text: string; testId: string };
  /** Before the filters (a title); given the current page once there is one. */
  toolbarStart?: ReactNode | ((page: Page<RowOf<K>> | undefined) => ReactNode);
  /** At the toolbar's end, before the create link (a button opening a dialog). */
  toolbarEnd?: ReactNode;
  /**
   * The export's title (the file's first line and name); the list's test id by default. Every
   * list has the export (CSV, XLSX) of the rows its filters match, from its columns.
   */
  exportTitle?: string;
  /** Read the page again every so many ms while its rows say the server is changing them (false: not). */
  follow?: (rows: readonly RowOf<K>[]) => number | false;
  className?: string;
  /**
   * The list's test id. The table's is `<id>-table` and its states are `<id>-count`, `-empty`,
   * `-past-end`, `-pager`, `-error` and `-loading`; an empty list keeps an element by the table's
   * id with 0 rows, so a test waiting for a row count sees the list become empty.
   */
  testId: string;
}

/** The actions column: a button for each action the row offers, of whichever kind. */
function actionsColumn<T>(width: number, name: string, cell: (row: T) => ReactNode): TableColumn<T> {
  return { key: 'actions', name, width, interactive: true, render: cell };
}

/** The header's sort, in the operator's language, when the list can be sorted. */
export function useTableSort<T>(list: ListController<T>): TableSort | undefined {
  const { t } = useTranslation();
  if (list.sortable.length === 0) return undefined;
  return {
    column: list.sort?.column ?? null,
    order: list.sort?.order ?? 'asc',
    onSort: list.sortBy,
    label: (name, state) => t(`kit.list.sortBy.${state}`, { name }),
  };
}

/**
 * A list page: a toolbar of filters kept in the URL (search, selects) with "clear filters", a
 * table of one page of rows with the spec's pager, row actions confirmed with a reason, and every
 * state said the same way (loading, failed with retry, past the end, empty, nothing matches).
 * A screen declares its endpoint, filters, columns and actions; see BlacklistPage for one.
 */
export function ListPage<K extends ListEndpointId>(props: ListPageProps<K>) {
  const { t } = useTranslation();
  const list = useListController({
    endpoint: props.endpoint,
    input: props.input,
    ...(props.filters ? { filters: props.filters } : {}),
    ...(props.pageParam ? { pageParam: props.pageParam } : {}),
    ...(props.sortParams ? { sortParams: props.sortParams } : {}),
    ...(props.follow ? { follow: props.follow } : {}),
    ...(props.rowId ? { rowId: props.rowId } : {}),
  });
  const actions = props.actions ?? [];
  const rowActions = useRowActions(actions, list.game);
  const sort = useTableSort(list);
  const columns =
    actions.length === 0
      ? props.columns
      : [actionsColumn(props.actionsWidth ?? 100, t('kit.list.actions'), rowActions.cell), ...props.columns];
  const start =
    typeof props.toolbarStart === 'function' ? props.toolbarStart(list.query.data) : props.toolbarStart;

  return (
    <div className={['kit-list', props.className].filter(Boolean).join(' ')} data-testid={props.testId}>
      <div className="toolbar">
        {start}
        <FilterBar list={list} testId={props.testId} />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={list.query} />
        {list.sent && (
          <ExportMenu
            endpoint={props.endpoint}
            input={list.sent as Record<string, unknown>}
            columns={listExportColumns(props.endpoint, props.columns)}
            title={props.exportTitle ?? props.testId}
            filters={listExportFilters(props.filters ?? [], list.values)}
            testId={props.testId}
          />
        )}
        {props.toolbarEnd}
        {props.create && (
          <Link
            to={props.create.to}
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            data-testid={props.create.testId}
          >
            {props.create.text}
          </Link>
        )}
      </div>
      <ListBody
        list={list}
        columns={columns}
        texts={props.texts}
        icon={props.icon}
        sort={sort}
        testId={props.testId}
        {...(props.bulk ? { bulk: props.bulk } : {})}
      />
      {rowActions.dialogs}
    </div>
  );
}

/**
 * The list's states and, when it has rows, the count, the table and the pager: what every view of
 * a list controller shows under its own toolbar.
 */
export function ListBody<T>({
  list,
  columns = [],
  texts,
  icon,
  sort,
  testId,
  filteredEmpty,
  bulk,
  filtered = list.filtered,
  table,
}: {
  list: ListController<T>;
  /** The kit table's columns; none when `table` draws the rows. */
  columns?: readonly TableColumn<T>[];
  /** The rows drawn another way than the kit's table (a log's plain table, each row opening it). */
  table?: (rows: readonly T[]) => ReactNode;
  texts: ListTexts;
  icon: IconName;
  sort?: TableSort | undefined;
  testId: string;
  filteredEmpty?: ReactNode;
  /** Rows can be picked for these bulk actions (when the list has a row key). */
  bulk?: ListBulk<T> | undefined;
  /** Whether the list is narrowed, for a view that keeps some filters of its own (a drawer's). */
  filtered?: boolean;
}) {
  const { t } = useTranslation();
  const tableTestId = `${testId}-table`;
  if (list.reversed)
    return (
      <div data-testid={tableTestId} data-row-count={0}>
        <EmptyState icon="calendar" title={t('kit.list.reversedRange')} testId={`${testId}-reversed`} />
      </div>
    );
  const picking = hasBulk(list, bulk);
  const shown = picking ? [selectColumn(t, list, bulk, testId), ...columns] : columns;
  const answer: unknown = list.query.data;
  return (
    <>
      {/* Lists whose endpoint may read a replica say how old their rows may be (shared/api/read-from.ts). */}
      {isReadFromAnswer(answer) && <ReadFromNote from={answer.readFrom} />}
      {picking && <BulkBar list={list} bulk={bulk} testId={testId} />}
      <ListRows
        list={list}
        columns={shown}
        texts={texts}
        icon={icon}
        sort={sort}
        testId={testId}
        filteredEmpty={filteredEmpty}
        picking={picking}
        filtered={filtered}
        table={table}
      />
    </>
  );
}

const isReadFromAnswer = (v: unknown): v is { readFrom: ReadFrom } =>
  typeof v === 'object' && v !== null && 'readFrom' in v && v.readFrom !== undefined;

/** The states, count, table and pager of ListBody. */
function ListRows<T>({
  list,
  columns,
  texts,
  icon,
  sort,
  testId,
  filteredEmpty,
  picking,
  filtered,
  table,
}: {
  list: ListController<T>;
  columns: readonly TableColumn<T>[];
  table: ((rows: readonly T[]) => ReactNode) | undefined;
  texts: ListTexts;
  icon: IconName;
  sort: TableSort | undefined;
  testId: string;
  filteredEmpty: ReactNode;
  picking: boolean;
  filtered: boolean;
}) {
  const { t } = useTranslation();
  const tableTestId = `${testId}-table`;
  return (
    <QueryState
      query={list.query as UseQueryResult<ListAnswer<T>>}
      failedTitle={texts.failed}
      spinner={<Spinner data-testid={`${testId}-loading`} />}
      errorTestId={`${testId}-error`}
    >
      {(data) => {
        if (data.total > 0 && data.items.length === 0) {
          return (
            <div data-testid={tableTestId} data-row-count={0}>
              <EmptyState
                icon="arrow-left"
                title={t('kit.list.pastEnd')}
                action={
                  <Button
                    onClick={() => list.setPage(1)}
                    text={t('kit.list.firstPage')}
                    intent={Intent.PRIMARY}
                  />
                }
                testId={`${testId}-past-end`}
              />
            </div>
          );
        }
        if (data.total === 0) {
          const title = filtered
            ? (texts.filteredEmpty?.(list.values) ?? t('kit.list.noMatches'))
            : texts.empty;
          return (
            <div data-testid={tableTestId} data-row-count={0}>
              <EmptyState
                icon={filtered ? 'filter' : icon}
                title={title}
                {...(!filtered && texts.emptyHelp ? { description: texts.emptyHelp } : {})}
                testId={`${testId}-empty`}
              />
              {filtered && filteredEmpty}
            </div>
          );
        }
        const count = data.totalCapped
          ? (texts.countCapped?.(data.total) ??
            t('kit.list.countCapped', { count: data.total, shown: data.total.toLocaleString() }))
          : (texts.count?.(data.total) ?? t('kit.list.count', { count: data.total }));
        return (
          <>
            <div className="kit-list-count">
              {picking && <SelectPage list={list} testId={testId} />}
              <span className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
                {count}
              </span>
            </div>
            {table ? (
              table(data.items)
            ) : (
              <PageTable
                rows={data.items}
                columns={columns}
                testId={tableTestId}
                {...(sort ? { sort } : {})}
              />
            )}
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={list.setPage}
              testId={`${testId}-pager`}
            />
          </>
        );
      }}
    </QueryState>
  );
}
