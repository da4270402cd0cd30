import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, Intent, Spinner, type IconName } from '@blueprintjs/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EndpointId, InputOf, OutputOf } from '../../shared/api/table.js';
import { GAME_IDS, type GameId } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { useEndpointQuery } from './data.js';
import {
  canClear,
  clearPatch,
  filterInput,
  isFiltered,
  paramOf,
  readFilters,
  setPatch,
  type FilterValues,
  type ListFilter,
} from './filters.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { Pager, type Page } from './Pager.js';
import { RowActionDialog } from './RowActionDialog.js';
import { rowActionTextKey, type RowAction } from './rowActions.js';
import { SearchBox } from './SearchBox.js';
import { DataTable, type TableColumn } from './table.js';
import { useListParams } from './useListParams.js';
import './kit.css';

/** Rows per page of every list. */
export const LIST_PAGE_SIZE = 20;

/** The endpoints that answer one page of rows. */
export type ListEndpointId = {
  [K in EndpointId]: OutputOf<K> extends Page<unknown> ? K : never;
}[EndpointId];
export type RowOf<K extends ListEndpointId> = OutputOf<K> extends Page<infer R> ? R : never;

export interface ListTexts {
  /** Title of the failure when the list cannot be read. */
  failed: string;
  /** An empty list, no filter set. */
  empty: string;
  /** An empty list with filters set; "nothing matches these filters" by default. */
  filteredEmpty?: (values: FilterValues) => string;
  /** The count over the table; "N records" by default. */
  count?: (count: number) => string;
}

export interface ListPageProps<K extends ListEndpointId> {
  endpoint: K;
  /** The fixed part of the input (the game); filters and paging fill the rest. */
  input: Partial<InputOf<K>>;
  filters?: readonly ListFilter[];
  columns: readonly TableColumn<RowOf<K>>[];
  /** Actions on a row, each confirmed with a reason in a dialog naming the game and the row. */
  actions?: readonly RowAction<RowOf<K>>[];
  /** Width of the actions column, wide enough for the buttons a row can have. */
  actionsWidth?: number;
  texts: ListTexts;
  /** The empty state's icon. */
  icon: IconName;
  /** A link to the page that creates an entry, at the toolbar's end. */
  create?: { to: string; text: string; testId: string };
  /** Before the filters (a title); given the current page once there is one. */
  toolbarStart?: ReactNode | ((page: Page<RowOf<K>> | undefined) => ReactNode);
  /** At the toolbar's end, before the create link (a button opening a dialog). */
  toolbarEnd?: ReactNode;
  /** The URL parameter of the page number; a page with two lists gives each its own. */
  pageParam?: string;
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

function gameOf(input: object): GameId | null {
  const game = (input as { game?: unknown }).game;
  return typeof game === 'string' && (GAME_IDS as readonly string[]).includes(game) ? (game as GameId) : null;
}

/** The actions column: a button for each action the row offers. */
function actionsColumn<T>(
  actions: readonly RowAction<T>[],
  width: number,
  name: string,
  label: (action: RowAction<T>) => string,
  open: (action: RowAction<T>, row: T) => void,
): TableColumn<T> {
  return {
    key: 'actions',
    name,
    width,
    interactive: true,
    render: (row) => (
      <span className="kit-row-actions">
        {actions
          .filter((a) => a.when?.(row) ?? true)
          .map((a) => (
            <Button
              key={a.endpoint}
              size="small"
              variant="minimal"
              intent={a.intent}
              icon={a.icon}
              text={label(a)}
              onClick={() => open(a, row)}
              data-testid={a.buttonTestId(row)}
            />
          ))}
      </span>
    ),
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
  const filters = props.filters ?? [];
  const { search, page, update } = useListParams(props.pageParam);
  const values = readFilters(search, filters);
  const follow = props.follow;
  const query = useEndpointQuery(
    props.endpoint,
    { ...props.input, ...filterInput(values), page, pageSize: LIST_PAGE_SIZE } as InputOf<K>,
    {
      keepPrevious: true,
      ...(follow
        ? { refetchInterval: (data) => (data ? follow((data as Page<RowOf<K>>).items) : false) }
        : {}),
    },
  ) as UseQueryResult<Page<RowOf<K>>>;
  const game = gameOf(props.input);
  const [open, setOpen] = useState<{ endpoint: EndpointId; row: RowOf<K> } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const onSearch = useCallback((param: string, text: string) => update({ [param]: text }), [update]);
  const actions = props.actions ?? [];
  const columns =
    actions.length === 0
      ? props.columns
      : [
          actionsColumn(
            actions,
            props.actionsWidth ?? 100,
            t('kit.list.actions'),
            (a) => t(rowActionTextKey(a, 'action')),
            (action, row) => setOpen({ endpoint: action.endpoint, row }),
          ),
          ...props.columns,
        ];
  const start =
    typeof props.toolbarStart === 'function' ? props.toolbarStart(query.data) : props.toolbarStart;
  const filtered = isFiltered(values, filters);

  return (
    <div className={['kit-list', props.className].filter(Boolean).join(' ')} data-testid={props.testId}>
      <div className="toolbar">
        {start}
        {filters.map((f) => (
          <FilterControl
            key={f.input}
            filter={f}
            value={values[f.input] ?? ''}
            listTestId={props.testId}
            onSearch={onSearch}
            onChange={(v) => update(setPatch(f, v))}
          />
        ))}
        {canClear(values, filters) && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('kit.list.clearFilters')}
            onClick={() => update(clearPatch(filters))}
            data-testid={`${props.testId}-clear`}
          />
        )}
        <span className="toolbar-spacer" />
        <RefetchSpinner query={query} />
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
        query={query}
        columns={columns}
        texts={props.texts}
        icon={props.icon}
        filtered={filtered}
        values={values}
        onPage={(p) => update({ [props.pageParam ?? 'page']: p })}
        testId={props.testId}
      />
      {actions.map((a) => (
        <RowActionDialog
          key={a.endpoint}
          action={a}
          game={game}
          target={open?.endpoint === a.endpoint ? open.row : null}
          onClose={close}
        />
      ))}
    </div>
  );
}

function FilterControl({
  filter,
  value,
  listTestId,
  onSearch,
  onChange,
}: {
  filter: ListFilter;
  value: string;
  listTestId: string;
  onSearch: (param: string, text: string) => void;
  onChange: (value: string) => void;
}) {
  // Keyed by the URL parameter, not the declaration (which a screen may rebuild at each render),
  // so the search box's pause timer is not restarted by every render of the page.
  const param = paramOf(filter);
  const search = useCallback((text: string) => onSearch(param, text), [onSearch, param]);
  if (filter.kind === 'hidden') return null;
  if (filter.kind === 'search') {
    return (
      <SearchBox
        value={value}
        onSearch={search}
        placeholder={filter.placeholder}
        testId={filter.testId ?? `${listTestId}-search`}
        {...(filter.maxLength === undefined ? {} : { maxLength: filter.maxLength })}
      />
    );
  }
  return (
    <OptionSelect
      value={value}
      {...(filter.none === undefined ? {} : { none: filter.none })}
      options={optionsOf(filter.options, filter.label)}
      onChange={onChange}
      aria-label={filter.ariaLabel}
      data-testid={filter.testId ?? `${listTestId}-${paramOf(filter)}-filter`}
    />
  );
}

/** The list's states and, when it has rows, the count, the table and the pager. */
function ListBody<T>({
  query,
  columns,
  texts,
  icon,
  filtered,
  values,
  onPage,
  testId,
}: {
  query: UseQueryResult<Page<T>>;
  columns: readonly TableColumn<T>[];
  texts: ListTexts;
  icon: IconName;
  filtered: boolean;
  values: FilterValues;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const tableTestId = `${testId}-table`;
  return (
    <QueryState
      query={query}
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
                  <Button onClick={() => onPage(1)} text={t('kit.list.firstPage')} intent={Intent.PRIMARY} />
                }
                testId={`${testId}-past-end`}
              />
            </div>
          );
        }
        if (data.total === 0) {
          const title = filtered ? (texts.filteredEmpty?.(values) ?? t('kit.list.noMatches')) : texts.empty;
          return (
            <div data-testid={tableTestId} data-row-count={0}>
              <EmptyState icon={filtered ? 'filter' : icon} title={title} testId={`${testId}-empty`} />
            </div>
          );
        }
        return (
          <>
            <p className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
              {texts.count?.(data.total) ?? t('kit.list.count', { count: data.total })}
            </p>
            <DataTable rows={data.items} columns={columns} testId={tableTestId} />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={onPage}
              testId={`${testId}-pager`}
            />
          </>
        );
      }}
    </QueryState>
  );
}
