import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../shared/api/orders.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { ListTime } from '../components/ListTime.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListParams } from '../kit/useListParams.js';
import { followInterval } from '../orders/following.js';

import { FilterDrawer } from '../orders/FilterDrawer.js';
import { FilterTags } from '../orders/FilterTags.js';
import {
  ORDER_PARAMS,
  filtersPatch,
  hasFilters,
  readOrderFilters,
  type OrderFilters,
} from '../orders/filters.js';
import { StateTag } from '../orders/tags.js';
import { PAY_ORDERS_FIXED, payOrdersInput } from './payOrderFilters.js';
import './payments.css';

/**
 * Every game's pay orders for a SUPER (/pay/orders): a date range (the last 7 days unless the
 * URL says otherwise) and the game order lists' filter drawer (plus a game), all in the URL;
 * resend an order or its PayPal webhook, each confirmed with a reason in a dialog naming the order.
 */

const orderActions = [
  rowAction({
    endpoint: 'payOrders.resend',
    texts: 'payments.orderActions',
    input: (o: Order, reason) => ({ orderId: o.orderId, reason }),
    names: (o: Order) => ({ order: o.orderId, player: o.playerName || o.playerId }),
    // Only a paid order that did not reach the player has anything to deliver again.
    when: (o: Order) => o.state === 'paid' || o.state === 'deliveryFailed',
    icon: 'send-message',
    intent: Intent.PRIMARY,
    buttonTestId: (o: Order) => `pay-order-resend-${o.orderId}`,
    dialogTestId: 'pay-order-resend-dialog',
    copy: (out) => out.orderId,
  }),
  rowAction({
    endpoint: 'payOrders.resendWebhook',
    texts: 'payments.orderActions',
    input: (o: Order, reason) => ({ orderId: o.orderId, reason }),
    names: (o: Order) => ({ order: o.orderId, player: o.playerName || o.playerId }),
    when: (o: Order) => o.provider === 'paypal',
    icon: 'refresh',
    intent: Intent.WARNING,
    buttonTestId: (o: Order) => `pay-order-webhook-${o.orderId}`,
    dialogTestId: 'pay-order-webhook-dialog',
    copy: (out) => `${out.outcome}: ${out.detail}`,
  }),
];

export function PayOrdersPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, update } = useListParams(ORDER_PARAMS.page);
  // "Today" is fixed when the page opens: a range that moved on every render would refetch forever.
  const [today] = useState(() => new Date());
  const [drawer, setDrawer] = useState(false);
  const filters = readOrderFilters(search, true);
  const { range, input } = payOrdersInput(filters, today);
  const apply = (next: OrderFilters) => update(filtersPatch(next));
  const gameName = (g: GameId) => GAMES[g].names[lang];
  const filtered = hasFilters(filters);

  const columns: TableColumn<Order>[] = [
    {
      key: 'orderId',
      name: t('payments.field.orderId'),
      width: 210,
      render: (o) => o.orderId,
      tooltip: (o) => o.orderId,
    },
    { key: 'game', name: t('payments.field.game'), width: 110, render: (o) => gameName(o.game) },
    {
      key: 'player',
      name: t('payments.field.player'),
      width: 170,
      render: (o) => (o.playerName ? `${o.playerName} (${o.playerId})` : o.playerId),
      tooltip: (o) => `${o.playerName} ${o.playerId}`,
    },
    {
      key: 'amount',
      name: t('payments.field.amount'),
      width: 120,
      className: 'pay-amount',
      render: (o) => formatMoney(o.amount, o.currency, lang),
    },
    {
      key: 'provider',
      name: t('payments.field.provider'),
      width: 100,
      render: (o) => (o.provider ? t(`orders.provider.${o.provider}`) : '—'),
    },
    {
      key: 'state',
      name: t('payments.field.state'),
      width: 130,
      render: (o) => <StateTag state={o.state} testId={`pay-order-state-${o.orderId}`} />,
    },
    {
      key: 'created',
      name: t('payments.field.created'),
      width: 160,
      render: (o) => <ListTime at={o.createdAt} />,
    },
  ];

  return (
    <div className="pay-page">
      <p className="pay-intro">{t('payments.orders.intro')}</p>
      <ListPage
        endpoint="payOrders.list"
        input={input}
        columns={columns}
        actions={orderActions}
        actionsWidth={230}
        follow={followInterval}
        texts={{
          failed: t('payments.orders.loadFailed'),
          empty: filtered
            ? t('kit.list.noMatches')
            : t('payments.orders.empty', { from: range.from, to: range.to }),
          count: (count) => t('payments.orders.count', { count }),
        }}
        icon="dollar"
        toolbarStart={
          <>
            <Button
              icon="filter"
              text={t('orders.list.filters')}
              onClick={() => setDrawer(true)}
              data-testid="pay-orders-filters"
              {...(filtered ? { intent: Intent.PRIMARY } : {})}
            />
            <span className="pay-range" data-testid="pay-orders-range">
              {t('payments.orders.range', { from: range.from, to: range.to })}
            </span>
            <FilterTags filters={filters} onApply={apply} testId="pay-orders" />
          </>
        }
        testId="pay-orders"
      />
      <FilterDrawer
        isOpen={drawer}
        filters={{ ...filters, from: range.from, to: range.to }}
        fixed={PAY_ORDERS_FIXED}
        games={GAME_IDS}
        onApply={(next) => {
          apply(next);
          setDrawer(false);
        }}
        onClose={() => setDrawer(false)}
        testId="pay-orders-drawer"
      />
    </div>
  );
}
