import { Button, Callout, Classes, Intent, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '../../shared/api/orders.js';
import { FactsTable, type Fact } from '../components/FactsTable.js';
import { QueryErrorCallout } from '../components/QueryState.js';
import { formatDateTime } from '../components/format.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { ViewDialog } from '../kit/ViewDialog.js';
import { StateTag } from '../orders/tags.js';
import { callPayService } from './payService.js';

/** The payment service's answers about one order: its status call and its detail call. */
function usePayServiceView(orderId: string) {
  return useQuery({
    queryKey: ['payService', orderId],
    queryFn: async () => {
      const status = await callPayService('pay.status', { orderId });
      const detail = await callPayService('pay.detail', { orderId });
      return { status, detail };
    },
    // Each opening asks again: the point is what the service says now.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

type View = NonNullable<ReturnType<typeof usePayServiceView>['data']>;

function ServiceFigures({ view }: { view: View }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { status, detail } = view;
  const dt = (v: string | null) => (v ? formatDateTime(v, lang) : t('payments.service.none'));
  // Each value's label is its key under payments.service.
  const values: [string, ReactNode][] = [
    ['state', <StateTag key="s" state={status.state} testId="pay-service-state" />],
    ['paymentStatus', t(`orders.paymentStatus.${status.paymentStatus}`)],
    ['amount', formatMoney(detail.amount, detail.currency, lang)],
    ['provider', detail.provider ? t(`orders.provider.${detail.provider}`) : t('payments.service.none')],
    ['providerRef', detail.providerRef ?? t('payments.service.none')],
    ['paidAt', dt(detail.paidAt)],
    ['deliveredAt', dt(detail.deliveredAt)],
    ['events', detail.history.length.toLocaleString(lang)],
    ['notices', detail.notices.length.toLocaleString(lang)],
  ];
  const facts: Fact[] = values.map(([key, value]) => [t(`payments.service.${key}`), value, key]);
  return <FactsTable className="pay-service-fields" testId="pay-service-fields" facts={facts} />;
}

/**
 * An order as the payment service sees it (its order status and order detail calls, with the
 * pay-server sign-in), beside the state the console's order page shows: a difference is said.
 */
export function PayServiceDialog({
  orderId,
  seen,
  onClose,
}: {
  orderId: string;
  /** The state the order page shows, from the game's side. */
  seen: OrderState;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const view = usePayServiceView(orderId);
  return (
    <ViewDialog
      onClose={onClose}
      title={t('payments.service.title', { id: orderId })}
      icon="bank-account"
      testId="pay-service-dialog"
      actions={
        <>
          <Button
            icon="refresh"
            text={t('payments.service.again')}
            loading={view.isFetching}
            onClick={() => void view.refetch()}
            data-testid="pay-service-refresh"
          />
          <Button text={t('payments.service.close')} onClick={onClose} data-testid="pay-service-close" />
        </>
      }
    >
      <p className={Classes.TEXT_MUTED}>{t('payments.service.intro')}</p>
      {view.isPending && <Spinner data-testid="pay-service-loading" />}
      {view.error && (
        <QueryErrorCallout title={t('payments.service.failed')} query={view} testId="pay-service-error" />
      )}
      {view.data && (
        <>
          {view.data.status.state !== seen && (
            <Callout intent={Intent.WARNING} icon="warning-sign" data-testid="pay-service-differs">
              {t('payments.service.differs', {
                service: t(`orders.state.${view.data.status.state}`),
                seen: t(`orders.state.${seen}`),
              })}
            </Callout>
          )}
          <ServiceFigures view={view.data} />
        </>
      )}
    </ViewDialog>
  );
}
