import { useState } from 'react';
import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ORDER_STATES, PAYMENT_STATUSES, type Order } from '../../shared/api/orders.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { ListTime } from '../components/ListTime.js';
import { useLanguage } from '../i18n/i18n.js';
import type { ListFilter } from '../kit/filters.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListParams } from '../kit/useListParams.js';
import { dayRange } from './dayRange.js';
import { providerFilter } from './providerFilter.js';
import { formatMoney } from '../components/money.js';
import { StateTag } from '../orders/tags.js';
import './payments.css';

/**
 * Every game's pay orders for a SUPER (/pay/orders): a date range (the last 7 days unless the
 * URL says otherwise), game, state, payment status and provider in the URL; resend an order or
 * its PayPal webhook, each confirmed with a reason in a dialog naming the order.
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
  const { search, update } = useListParams();
  // "Today" is fixed when the page opens: a range that moved on every render would refetch forever.
  const [today] = useState(() => new Date());
  const range = dayRange(search.get('from'), search.get('to'), today);
  const gameName = (g: GameId) => GAMES[g].names[lang];

  const filters: ListFilter[] = [
    {
      kind: 'select',
      input: 'game',
      options: GAME_IDS,
      label: (g) => gameName(g as GameId),
      ariaLabel: t('payments.field.game'),
      none: t('payments.orders.allGames'),
    },
    {
      kind: 'select',
      input: 'state',
      options: ORDER_STATES,
      label: (s) => t(`orders.state.${s}`),
      ariaLabel: t('payments.field.state'),
      none: t('payments.orders.allStates'),
    },
    {
      kind: 'select',
      input: 'paymentStatus',
      options: PAYMENT_STATUSES,
      label: (s) => t(`orders.paymentStatus.${s}`),
      ariaLabel: t('payments.field.paymentStatus'),
      none: t('payments.orders.allPaymentStatuses'),
    },
    providerFilter(t),
  ];

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
        input={{ start: range.start, end: range.end }}
        filters={filters}
        columns={columns}
        actions={orderActions}
        actionsWidth={230}
        texts={{
          failed: t('payments.orders.loadFailed'),
          empty: t('payments.orders.empty', { from: range.from, to: range.to }),
          count: (count) => t('payments.orders.count', { count }),
        }}
        icon="dollar"
        toolbarStart={
          <span className="pay-range">
            <FormGroup inline label={t('payments.orders.from')} labelFor="pay-orders-from">
              <InputGroup
                id="pay-orders-from"
                type="date"
                value={range.from}
                max={range.to}
                onChange={(e) => update({ from: e.currentTarget.value })}
                data-testid="pay-orders-from"
              />
            </FormGroup>
            <FormGroup inline label={t('payments.orders.to')} labelFor="pay-orders-to">
              <InputGroup
                id="pay-orders-to"
                type="date"
                value={range.to}
                min={range.from}
                onChange={(e) => update({ to: e.currentTarget.value })}
                data-testid="pay-orders-to"
              />
            </FormGroup>
          </span>
        }
        testId="pay-orders"
      />
    </div>
  );
}
