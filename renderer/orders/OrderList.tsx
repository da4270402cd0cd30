import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Classes, Intent, Spinner } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { BULK_ACTIONS, type BulkAction, type Order, type PayTab } from '../../shared/api/orders.js';
import type { Language } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { Pager } from '../kit/Pager.js';
import { SearchOnSubmit } from '../kit/SearchBox.js';
import { DataTable, type TableColumn } from '../kit/table.js';
import { useListParams } from '../kit/useListParams.js';
import { BulkDialog } from './BulkDialog.js';
import { bulkAvailability } from './bulk.js';
import { FilterDrawer } from './FilterDrawer.js';
import {
  ORDER_PARAMS,
  activeFilters,
  filtersPatch,
  fixedFields,
  hasFilters,
  readOrderFilters,
  searchInput,
  type OrderFilters,
} from './filters.js';
import { FilterTags } from './FilterTags.js';
import { formatMoney } from '../components/money.js';
import { OrderDrawer } from './OrderDetail.js';
import { followInterval } from './following.js';
import { useMe } from './session.js';
import { ApprovalTag, StateTag } from './tags.js';
import './orders.css';

export const ORDER_PAGE_SIZE = 20;

const SEARCH_FIELDS = ['orderId', 'playerId', 'providerRef'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

function columnsOf(
  t: TFunction,
  lang: Language,
  game: GameId,
  selection: { selectable: boolean; has: (id: string) => boolean; toggle: (o: Order) => void },
  openOrder: (id: string) => void,
): TableColumn<Order>[] {
  const cols: TableColumn<Order>[] = [];
  if (selection.selectable) {
    cols.push({
      key: 'select',
      name: '',
      width: 40,
      interactive: true,
      render: (o) => (
        <Checkbox
          className="orders-select"
          checked={selection.has(o.orderId)}
          onChange={() => selection.toggle(o)}
          aria-label={t('orders.list.selectRow', { id: o.orderId })}
          data-testid={`order-select-${o.orderId}`}
        />
      ),
    });
  }
  cols.push(
    {
      key: 'orderId',
      name: t('orders.field.orderId'),
      width: 220,
      interactive: true,
      render: (o) => (
        <a
          href={`#order-${o.orderId}`}
          onClick={(e) => {
            e.preventDefault();
            openOrder(o.orderId);
          }}
          data-testid={`order-link-${o.orderId}`}
          data-state={o.state}
        >
          {o.orderId}
        </a>
      ),
    },
    {
      key: 'player',
      name: t('orders.field.player'),
      width: 180,
      interactive: true,
      render: (o) => (
        <PlayerLink game={game} id={o.playerId} name={o.playerName} testId={`order-player-${o.orderId}`} />
      ),
    },
    {
      key: 'grant',
      name: t('orders.field.grant'),
      width: 180,
      render: (o) => o.grantLabel,
      tooltip: (o) => o.grantLabel,
    },
    {
      key: 'amount',
      name: t('orders.field.amount'),
      width: 120,
      className: 'orders-amount',
      render: (o) => formatMoney(o.amount, o.currency, lang),
    },
    {
      key: 'provider',
      name: t('orders.field.provider'),
      width: 100,
      render: (o) => (o.provider ? t(`orders.provider.${o.provider}`) : t(`orders.kind.${o.kind}`)),
    },
    {
      key: 'state',
      name: t('orders.field.state'),
      width: 130,
      render: (o) => <StateTag state={o.state} testId={`order-state-${o.orderId}`} />,
    },
    {
      key: 'approval',
      name: t('orders.field.approval'),
      width: 130,
      render: (o) => <ApprovalTag approval={o.approval} />,
    },
    {
      key: 'created',
      name: t('orders.field.createdAt'),
      width: 170,
      render: (o) => <ListTime at={o.createdAt} />,
    },
  );
  return cols;
}

/**
 * The game's orders (orderRetrieve, and each pay/shop tab with the tab's fixed filter): a search
 * bar, a drawer of every filter, the active filters as removable tags, all in the URL; a table
 * of one page with a checkbox per row for the bulk bar; an order opens in a drawer.
 */
export function OrderList({
  game,
  tab,
  testId = 'orders',
}: {
  game: GameId;
  tab: PayTab | null;
  testId?: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useMe();
  const { search, page, update } = useListParams(ORDER_PARAMS.page);
  const filters = readOrderFilters(search);
  const settings = useEndpointQuery('orders.settings', { game }, { enabled: me.isAdmin, staleTime: 60_000 });
  const currency = settings.data?.currency;
  const input = searchInput(filters, tab, currency);
  const reversed = input === 'reversed';
  const orders = useEndpointQuery(
    'orders.search',
    reversed ? { game } : { game, ...input, page, pageSize: ORDER_PAGE_SIZE },
    {
      keepPrevious: true,
      enabled: !reversed,
      refetchInterval: (page) => (page ? followInterval(page.items) : false),
    },
  );
  const [drawer, setDrawer] = useState(false);
  const [searchField, setSearchField] = useState<SearchField>('orderId');
  const [selected, setSelected] = useState<ReadonlyMap<string, Order>>(new Map());
  const [bulk, setBulk] = useState<BulkAction | null>(null);
  const openId = search.get(ORDER_PARAMS.order);
  const fixed = fixedFields(tab);

  // A selection is of the rows on screen: another page, filter or tab starts a new one.
  const listKey = `${tab ?? ''}|${page}|${JSON.stringify(input)}`;
  useEffect(() => setSelected(new Map()), [listKey]);

  const rows = useMemo(() => orders.data?.items ?? [], [orders.data]);
  const selectedRows = [...selected.values()];
  const available = bulkAvailability(selectedRows, me.name);
  const apply = (next: OrderFilters) => update(filtersPatch(next));
  const openOrder = (id: string) => update({ [ORDER_PARAMS.order]: id, [ORDER_PARAMS.page]: page });
  const toggle = (o: Order) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(o.orderId)) next.delete(o.orderId);
      else next.set(o.orderId, o);
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.orderId));
  const columns = columnsOf(
    t,
    lang,
    game,
    { selectable: me.isAdmin, has: (id) => selected.has(id), toggle },
    openOrder,
  );
  const tags = activeFilters(filters);

  const submitSearch = (text: string) => {
    const next: OrderFilters = { ...filters };
    const value = text.trim();
    if (value === '') delete next[searchField];
    else next[searchField] = searchField === 'orderId' ? value.toUpperCase() : value;
    apply(next);
  };

  return (
    <div className="orders-list" data-testid={testId}>
      <div className="toolbar orders-toolbar">
        <HTMLSelect
          value={searchField}
          onChange={(e) => setSearchField(e.currentTarget.value as SearchField)}
          aria-label={t('orders.list.searchBy')}
          data-testid={`${testId}-search-field`}
        >
          {SEARCH_FIELDS.map((f) => (
            <option key={f} value={f}>
              {t(`orders.filter.${f}`)}
            </option>
          ))}
        </HTMLSelect>
        <SearchOnSubmit
          key={`${searchField}:${filters[searchField] ?? ''}`}
          initial={filters[searchField] ?? ''}
          onSubmit={submitSearch}
          placeholder={t(`orders.list.searchPlaceholder.${searchField}`)}
          submitText={t('orders.list.search')}
          icon="search"
          maxLength={searchField === 'providerRef' ? 64 : searchField === 'orderId' ? 40 : 32}
          testId={`${testId}-search`}
        />
        <Button
          icon="filter"
          text={t('orders.list.filters')}
          onClick={() => setDrawer(true)}
          data-testid={`${testId}-filters`}
          {...(tags.length > 0 ? { intent: Intent.PRIMARY } : {})}
        />
        <span className="toolbar-spacer" />
        <RefetchSpinner query={orders} />
      </div>
      <FilterTags filters={filters} onApply={apply} testId={testId} />
      {me.isAdmin && selected.size > 0 && (
        <div className={`orders-bulk ${Classes.ELEVATION_1}`} data-testid={`${testId}-bulk`}>
          <span data-testid={`${testId}-bulk-count`}>
            {t('orders.bulk.selected', { count: selected.size })}
          </span>
          {BULK_ACTIONS.map((a) => (
            <Button
              key={a}
              size="small"
              text={t(`orders.action.${a}`)}
              disabled={available[a] === 0}
              title={
                available[a] === 0
                  ? t('orders.bulk.notApplicable')
                  : t('orders.bulk.applies', { count: available[a] })
              }
              onClick={() => setBulk(a)}
              data-testid={`${testId}-bulk-${a}`}
            />
          ))}
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            text={t('orders.bulk.clear')}
            onClick={() => setSelected(new Map())}
            data-testid={`${testId}-bulk-clear`}
          />
        </div>
      )}
      {reversed ? (
        <EmptyState icon="calendar" title={t('orders.list.reversed')} testId={`${testId}-reversed`} />
      ) : (
        <QueryState
          query={orders}
          failedTitle={t('orders.list.failed')}
          spinner={<Spinner data-testid={`${testId}-loading`} />}
          errorTestId={`${testId}-error`}
        >
          {(data) => {
            if (data.total === 0 || data.items.length === 0) {
              const filtered = hasFilters(filters);
              return (
                <div data-testid={`${testId}-table`} data-row-count={0}>
                  <EmptyState
                    icon={filtered ? 'filter' : 'shopping-cart'}
                    title={
                      data.total > 0
                        ? t('kit.list.pastEnd')
                        : filtered
                          ? t('kit.list.noMatches')
                          : t('orders.list.empty')
                    }
                    testId={`${testId}-empty`}
                  />
                </div>
              );
            }
            return (
              <>
                <div className="orders-count">
                  {me.isAdmin && (
                    <Checkbox
                      inline
                      checked={allSelected}
                      indeterminate={!allSelected && rows.some((r) => selected.has(r.orderId))}
                      onChange={() =>
                        setSelected(allSelected ? new Map() : new Map(rows.map((r) => [r.orderId, r])))
                      }
                      label={t('orders.list.selectPage')}
                      data-testid={`${testId}-select-page`}
                    />
                  )}
                  <span className={Classes.TEXT_MUTED} data-testid={`${testId}-count`}>
                    {data.totalCapped
                      ? t('orders.list.countCapped', { count: data.total.toLocaleString(lang) })
                      : t('orders.list.count', { count: data.total, total: data.total.toLocaleString(lang) })}
                  </span>
                </div>
                <DataTable
                  rows={data.items}
                  columns={columns}
                  testId={`${testId}-table`}
                  dependencies={[lang, selected]}
                />
                <Pager
                  page={data.page}
                  pageSize={data.pageSize}
                  total={data.total}
                  onPage={(p) => update({ [ORDER_PARAMS.page]: p })}
                  testId={`${testId}-pager`}
                />
              </>
            );
          }}
        </QueryState>
      )}
      <FilterDrawer
        isOpen={drawer}
        filters={filters}
        fixed={fixed}
        onApply={(next) => {
          apply(next);
          setDrawer(false);
        }}
        onClose={() => setDrawer(false)}
        testId={`${testId}-drawer`}
      />
      <BulkDialog
        game={game}
        action={bulk}
        orders={bulk ? selectedRows : []}
        me={me.name}
        onClose={() => setBulk(null)}
        onDone={() => {
          setSelected(new Map());
          void orders.refetch();
        }}
      />
      {openId && (
        <OrderDrawer
          game={game}
          orderId={openId}
          onClose={() => update({ [ORDER_PARAMS.order]: '', [ORDER_PARAMS.page]: page })}
        />
      )}
    </div>
  );
}
