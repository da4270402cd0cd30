import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Order, PayTab } from '../../shared/api/orders.js';
import type { Language } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { EmptyState } from '../components/EmptyState.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { RefetchSpinner } from '../components/QueryState.js';
import { ListTime } from '../components/ListTime.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { ListBody, useTableSort } from '../kit/ListPage.js';
import { SearchOnSubmit } from '../kit/SearchBox.js';
import type { TableColumn } from '../kit/table.js';
import { useListController, type ListController } from '../kit/useListController.js';
import { useListParams } from '../kit/useListParams.js';
import { FilterDrawer } from './FilterDrawer.js';
import {
  ORDER_PARAMS,
  activeFilters,
  filtersPatch,
  fixedFields,
  hasFilters,
  readOrderFilters,
  type OrderFilters,
} from './filters.js';
import { FilterTags } from './FilterTags.js';
import { orderList } from './lists.js';
import { formatMoney } from '../components/money.js';
import { OrderDrawer } from './OrderDetail.js';
import { followInterval } from './following.js';
import { useMe } from './session.js';
import { ApprovalTag, StateTag } from './tags.js';
import { useOrderBulk } from './useOrderBulk.js';
import './orders.css';

const SEARCH_FIELDS = ['orderId', 'playerId', 'providerRef'] as const;
type SearchField = (typeof SEARCH_FIELDS)[number];

function columnsOf(
  t: TFunction,
  lang: Language,
  game: GameId,
  openOrder: (id: string) => void,
): TableColumn<Order>[] {
  return [
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
      sortKey: 'amount',
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
      sortKey: 'state',
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
      sortKey: 'createdAt',
      name: t('orders.field.createdAt'),
      width: 170,
      render: (o) => <ListTime at={o.createdAt} />,
    },
  ];
}

/**
 * The search bar: which field to search by, the text (applied on Enter), and the drawer of every
 * filter, marked when any is set.
 */
function OrderSearchBar({
  filters,
  apply,
  openDrawer,
  list,
  testId,
}: {
  filters: OrderFilters;
  apply: (next: OrderFilters) => void;
  openDrawer: () => void;
  list: ListController<Order>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [field, setField] = useState<SearchField>('orderId');
  const submit = (text: string) => {
    const next: OrderFilters = { ...filters };
    const value = text.trim();
    if (value === '') delete next[field];
    else next[field] = field === 'orderId' ? value.toUpperCase() : value;
    apply(next);
  };
  return (
    <div className="toolbar orders-toolbar">
      <HTMLSelect
        value={field}
        onChange={(e) => setField(e.currentTarget.value as SearchField)}
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
        key={`${field}:${filters[field] ?? ''}`}
        initial={filters[field] ?? ''}
        onSubmit={submit}
        placeholder={t(`orders.list.searchPlaceholder.${field}`)}
        submitText={t('orders.list.search')}
        icon="search"
        maxLength={field === 'providerRef' ? 64 : field === 'orderId' ? 40 : 32}
        testId={`${testId}-search`}
      />
      <Button
        icon="filter"
        text={t('orders.list.filters')}
        onClick={openDrawer}
        data-testid={`${testId}-filters`}
        {...(activeFilters(filters).length > 0 ? { intent: Intent.PRIMARY } : {})}
      />
      <span className="toolbar-spacer" />
      <RefetchSpinner query={list.query} />
    </div>
  );
}

/**
 * The game's orders (orderRetrieve, and each pay/shop tab with the tab's fixed filter), a view of
 * the list controller: a search bar, a drawer of every filter, the active filters as removable
 * tags, all in the URL; a table of one page, sortable by its headers, with a checkbox per row for
 * the bulk bar (admins); an order opens in a drawer.
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
  // The drawer's filters are the list's own (several values each, an amount in the game's
  // currency): read here from the URL and handed to the controller as its fixed input.
  const { search, update } = useListParams(ORDER_PARAMS.page);
  const filters = readOrderFilters(search);
  const settings = useEndpointQuery('orders.settings', { game }, { enabled: me.isAdmin, staleTime: 60_000 });
  const { read, reversed } = orderList(game, tab, filters, settings.data?.currency);
  const list = useListController({
    ...read,
    follow: followInterval,
    enabled: !reversed,
    ...(me.isAdmin ? { rowId: (o: Order) => o.orderId } : {}),
  });
  const bulk = useOrderBulk(game, me.name);
  const sort = useTableSort(list);
  const [drawer, setDrawer] = useState(false);
  const openId = search.get(ORDER_PARAMS.order);
  const apply = (next: OrderFilters) => update(filtersPatch(next));
  const openOrder = (id: string) => update({ [ORDER_PARAMS.order]: id, [ORDER_PARAMS.page]: list.page });

  return (
    <div className="orders-list" data-testid={testId}>
      <OrderSearchBar
        filters={filters}
        apply={apply}
        openDrawer={() => setDrawer(true)}
        list={list}
        testId={testId}
      />
      <FilterTags filters={filters} onApply={apply} testId={testId} />
      {reversed ? (
        <EmptyState icon="calendar" title={t('orders.list.reversed')} testId={`${testId}-reversed`} />
      ) : (
        <ListBody
          list={list}
          columns={columnsOf(t, lang, game, openOrder)}
          texts={{
            failed: t('orders.list.failed'),
            empty: t('orders.list.empty'),
            count: (count) => t('orders.list.count', { count, total: count.toLocaleString(lang) }),
            countCapped: (count) => t('orders.list.countCapped', { count: count.toLocaleString(lang) }),
          }}
          icon="shopping-cart"
          sort={sort}
          testId={testId}
          filtered={hasFilters(filters)}
          {...(me.isAdmin ? { bulk } : {})}
        />
      )}
      <FilterDrawer
        isOpen={drawer}
        filters={filters}
        fixed={fixedFields(tab)}
        onApply={(next) => {
          apply(next);
          setDrawer(false);
        }}
        onClose={() => setDrawer(false)}
        testId={`${testId}-drawer`}
      />
      {openId && (
        <OrderDrawer
          game={game}
          orderId={openId}
          onClose={() => update({ [ORDER_PARAMS.order]: '', [ORDER_PARAMS.page]: list.page })}
        />
      )}
    </div>
  );
}
