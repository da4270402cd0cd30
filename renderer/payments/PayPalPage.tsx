import { H4, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { NOTICE_OUTCOMES, type PaymentNotice } from '../../shared/api/orders.js';
import type { SandboxRefund } from '../../shared/api/payments.js';
import { formatMoney } from '../components/money.js';
import { ListTime } from '../components/ListTime.js';
import { QueryState } from '../components/QueryState.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import type { ListFilter } from '../kit/filters.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { OutcomeTag } from '../orders/tags.js';
import { PayServerPanel } from './PayServerPanel.js';
import { providerFilter } from './providerFilter.js';
import './payments.css';

/**
 * The payment side for a SUPER (/pay/paypal): the pay server's switch and the operator's
 * pay-server session, the providers (mode, notify URL, notices today), and the recent notices
 * with their outcomes, any of which can be run through verification again, and the refunds the
 * sandboxes recorded (an order's refund asks its provider first).
 */

const noticeActions = [
  rowAction({
    endpoint: 'payProviders.resendNotice',
    texts: 'payments.noticeActions',
    input: (n: PaymentNotice, reason) => ({ noticeId: n.id, reason }),
    names: (n: PaymentNotice, { t }) => ({
      notice: String(n.id),
      provider: t(`orders.provider.${n.provider}`),
      order: n.orderId ?? '—',
    }),
    icon: 'refresh',
    intent: Intent.WARNING,
    buttonTestId: (n: PaymentNotice) => `pay-notice-resend-${n.id}`,
    dialogTestId: 'pay-notice-resend-dialog',
    copy: (out) => `${out.outcome}: ${out.detail}`,
  }),
];

function ProvidersTable() {
  const { t } = useTranslation();
  const query = useEndpointQuery('payProviders.list', {});
  return (
    <QueryState
      query={query}
      failedTitle={t('payments.providers.loadFailed')}
      errorTestId="pay-providers-error"
    >
      {({ providers }) => (
        <HTMLTable compact striped data-testid="pay-providers">
          <thead>
            <tr>
              <th>{t('payments.field.provider')}</th>
              <th>{t('payments.providers.mode')}</th>
              <th>{t('payments.providers.enabled')}</th>
              <th>{t('payments.providers.notifyUrl')}</th>
              <th>{t('payments.providers.lastNotice')}</th>
              <th>{t('payments.providers.applied')}</th>
              <th>{t('payments.providers.refused')}</th>
            </tr>
          </thead>
          <tbody>
            {providers.map((p) => (
              <tr key={p.provider} data-testid={`pay-provider-${p.provider}`}>
                <td>{t(`orders.provider.${p.provider}`)}</td>
                <td>
                  <Tag minimal intent={p.mode === 'live' ? Intent.PRIMARY : Intent.NONE}>
                    {t(`payments.providers.modes.${p.mode}`)}
                  </Tag>
                </td>
                <td>{p.enabled ? t('payments.providers.yes') : t('payments.providers.no')}</td>
                <td>
                  <code>{p.notifyUrl}</code>
                </td>
                <td>{p.lastNoticeAt ? <ListTime at={p.lastNoticeAt} /> : t('payments.providers.never')}</td>
                <td className="pay-amount">{p.noticesApplied}</td>
                <td className="pay-amount">
                  {p.noticesRefused > 0 ? (
                    <Tag intent={Intent.DANGER} minimal>
                      {p.noticesRefused}
                    </Tag>
                  ) : (
                    p.noticesRefused
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </QueryState>
  );
}

function RefundsList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filters: ListFilter[] = [providerFilter(t, 'refundProvider')];
  const columns: TableColumn<SandboxRefund>[] = [
    { key: 'refundRef', name: t('payments.field.refundRef'), width: 220, render: (r) => r.refundRef },
    {
      key: 'provider',
      name: t('payments.field.provider'),
      width: 100,
      render: (r) => t(`orders.provider.${r.provider}`),
    },
    { key: 'order', name: t('payments.field.orderId'), width: 200, render: (r) => r.orderId },
    { key: 'payment', name: t('payments.field.payment'), width: 200, render: (r) => r.providerRef },
    {
      key: 'amount',
      name: t('payments.field.amount'),
      width: 120,
      render: (r) => formatMoney(r.amount, r.currency, lang),
    },
    { key: 'status', name: t('payments.field.status'), width: 110, render: (r) => r.status },
    { key: 'by', name: t('payments.field.refundedBy'), width: 110, render: (r) => r.refundedBy },
    {
      key: 'reason',
      name: t('payments.field.reason'),
      width: 220,
      render: (r) => r.reason,
      tooltip: (r) => r.reason,
    },
    { key: 'at', name: t('payments.field.refunded'), width: 160, render: (r) => <ListTime at={r.at} /> },
  ];
  return (
    <ListPage
      endpoint="payProviders.refunds"
      input={{}}
      filters={filters}
      columns={columns}
      pageParam="refundsPage"
      texts={{ failed: t('payments.refunds.loadFailed'), empty: t('payments.refunds.empty') }}
      icon="undo"
      testId="pay-refunds"
    />
  );
}

export function PayPalPage() {
  const { t } = useTranslation();

  const filters: ListFilter[] = [
    providerFilter(t, 'noticeProvider'),
    {
      kind: 'select',
      input: 'outcome',
      options: NOTICE_OUTCOMES,
      label: (o) => t(`orders.outcome.${o}`),
      ariaLabel: t('payments.field.outcome'),
      none: t('payments.notices.allOutcomes'),
    },
  ];

  const columns: TableColumn<PaymentNotice>[] = [
    { key: 'id', name: t('payments.field.notice'), width: 70, render: (n) => n.id },
    {
      key: 'provider',
      name: t('payments.field.provider'),
      width: 100,
      render: (n) => t(`orders.provider.${n.provider}`),
    },
    { key: 'order', name: t('payments.field.orderId'), width: 200, render: (n) => n.orderId ?? '—' },
    {
      key: 'outcome',
      name: t('payments.field.outcome'),
      width: 150,
      render: (n) => (
        <OutcomeTag
          outcome={n.outcome}
          testId={`pay-notice-outcome-${n.id}`}
          suffix={n.resent ? ` · ${t('payments.notices.resent')}` : ''}
        />
      ),
    },
    {
      key: 'detail',
      name: t('payments.field.detail'),
      width: 280,
      render: (n) => n.detail,
      tooltip: (n) => n.detail,
    },
    {
      key: 'received',
      name: t('payments.field.received'),
      width: 160,
      render: (n) => <ListTime at={n.receivedAt} />,
    },
  ];

  return (
    <div className="pay-page">
      <PayServerPanel />
      <section className="pay-section">
        <H4>{t('payments.providers.title')}</H4>
        <ProvidersTable />
      </section>
      <section className="pay-section">
        <H4>{t('payments.notices.title')}</H4>
        <ListPage
          endpoint="payProviders.notices"
          input={{}}
          filters={filters}
          columns={columns}
          actions={noticeActions}
          actionsWidth={110}
          pageParam="noticesPage"
          texts={{ failed: t('payments.notices.loadFailed'), empty: t('payments.notices.empty') }}
          icon="inbox"
          testId="pay-notices"
        />
      </section>
      <section className="pay-section">
        <H4>{t('payments.refunds.title')}</H4>
        <RefundsList />
      </section>
    </div>
  );
}
