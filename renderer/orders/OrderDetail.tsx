import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Drawer,
  DrawerSize,
  FormGroup,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  Spinner,
} from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  PROVIDERS,
  type BulkAction,
  type OrderDetail,
  type OrderState,
  type Provider,
} from '../../shared/api/orders.js';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { errorSentence } from '../components/errorText.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { QueryState, RefetchSpinner } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { PayServiceDialog } from '../payments/PayServiceDialog.js';
import { callPayService } from '../payments/payService.js';
import { endpointFilter } from '../kit/queryKeys.js';
import { useCopy } from '../kit/useCopy.js';
import { actionApplies, isOwnOrder } from './bulk.js';
import { followInterval } from './following.js';
import { formatMoney } from '../components/money.js';
import { useMe } from './session.js';
import { ApprovalTag, OutcomeTag, StateTag } from './tags.js';
import './orders.css';

const ACTIONS: readonly BulkAction[] = ['approve', 'reject', 'resend', 'refund', 'cancel'];
const ACTION_INTENT: Record<BulkAction, Intent> = {
  approve: Intent.SUCCESS,
  reject: Intent.DANGER,
  resend: Intent.PRIMARY,
  refund: Intent.WARNING,
  cancel: Intent.DANGER,
};

/** The sandbox checkout opens in a new window where the console runs in a browser. */
function canOpenWindow(): boolean {
  return import.meta.env.MODE === 'web';
}

/** One order: every field, its actions, the sandbox payment, its history and its notices. */
export function OrderDetailView({ game, orderId }: { game: GameId; orderId: string }) {
  const { t } = useTranslation();
  const detail = useEndpointQuery(
    'orders.get',
    { game, orderId },
    { refetchInterval: (order) => (order ? followInterval([order]) : false) },
  );
  // The order moved on while shown (followed, or changed here): the lists showing it read again.
  const qc = useQueryClient();
  const state = detail.data?.state;
  const shown = useRef<OrderState | undefined>(undefined);
  useEffect(() => {
    if (state === undefined) return;
    if (shown.current !== undefined && shown.current !== state)
      void qc.invalidateQueries({ queryKey: endpointFilter('orders.search', { game }) });
    shown.current = state;
  }, [state, game, qc]);
  return (
    <div className="order-detail" data-testid="order-detail" data-order={orderId}>
      <QueryState
        query={detail}
        failedTitle={t('orders.detail.failed')}
        spinner={<Spinner data-testid="order-detail-loading" />}
        errorTestId="order-detail-error"
      >
        {(order) => (
          <>
            <div className="toolbar">
              <span className="toolbar-spacer" />
              <RefetchSpinner query={detail} />
              <PayServiceButton order={order} />
              <Button
                variant="minimal"
                icon="refresh"
                text={t('orders.detail.refresh')}
                onClick={() => void detail.refetch()}
                data-testid="order-detail-refresh"
              />
            </div>
            <OrderFields order={order} />
            <OrderActions game={game} order={order} />
            {order.kind === 'purchase' && (order.state === 'created' || order.state === 'paying') && (
              <SandboxPay order={order} onStarted={() => void detail.refetch()} />
            )}
            <History order={order} />
            <Notices order={order} />
          </>
        )}
      </QueryState>
    </div>
  );
}

/** A purchase as the payment service sees it (an ADMIN's: the service's calls are theirs). */
function PayServiceButton({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const me = useMe();
  const [open, setOpen] = useState(false);
  if (!me.isAdmin || order.kind !== 'purchase') return null;
  return (
    <>
      <Button
        variant="minimal"
        icon="bank-account"
        text={t('payments.service.open')}
        onClick={() => setOpen(true)}
        data-testid="order-pay-service"
      />
      {open && <PayServiceDialog orderId={order.orderId} seen={order.state} onClose={() => setOpen(false)} />}
    </>
  );
}

function OrderFields({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const dt = (v: string | null) => (v ? formatDateTime(v, lang) : t('orders.detail.none'));
  const rows: [string, React.ReactNode, string?][] = [
    [t('orders.field.orderId'), <code key="id">{order.orderId}</code>],
    [
      t('orders.field.player'),
      <PlayerLink
        key="p"
        game={order.game}
        id={order.playerId}
        name={order.playerName}
        testId="order-detail-player"
      />,
    ],
    [t('orders.field.kind'), t(`orders.kind.${order.kind}`)],
    [t('orders.field.grant'), order.grantLabel],
    [t('orders.field.amount'), formatMoney(order.amount, order.currency, lang), 'amount'],
    [t('orders.field.state'), <StateTag key="s" state={order.state} testId="order-detail-state" />],
    [t('orders.field.paymentStatus'), t(`orders.paymentStatus.${order.paymentStatus}`)],
    [
      t('orders.field.approval'),
      <ApprovalTag key="a" approval={order.approval} testId="order-detail-approval" />,
    ],
    [
      t('orders.field.provider'),
      order.provider ? t(`orders.provider.${order.provider}`) : t('orders.detail.none'),
    ],
    [t('orders.field.providerRef'), order.providerRef ?? t('orders.detail.none')],
    [t('orders.field.createdBy'), order.createdBy],
    [t('orders.field.approvedBy'), order.approvedBy ?? t('orders.detail.none')],
    [t('orders.field.reason'), order.reason || t('orders.detail.none')],
    [t('orders.field.createdAt'), dt(order.createdAt)],
    [t('orders.field.updatedAt'), dt(order.updatedAt)],
    [t('orders.field.paidAt'), dt(order.paidAt)],
    [t('orders.field.deliveredAt'), dt(order.deliveredAt)],
    [t('orders.field.deliveryAttempts'), order.deliveryAttempts.toLocaleString(lang)],
  ];
  return (
    <>
      {order.state === 'deliveryFailed' && (
        <Callout
          intent={Intent.DANGER}
          icon="error"
          title={t(
            order.deliveryAlertedAt ? 'orders.detail.deliveryFailing' : 'orders.detail.deliveryFailed',
          )}
          data-testid="order-detail-delivery-error"
          data-failing={order.deliveryAlertedAt ? 'true' : 'false'}
        >
          <div>
            {t('orders.detail.deliveryTries', {
              attempts: order.deliveryAttempts.toLocaleString(lang),
              error: order.deliveryError ?? '',
            })}
          </div>
          <div data-testid="order-detail-next-try">
            {order.nextDeliveryAt
              ? t('orders.detail.nextTry', { at: formatDateTime(order.nextDeliveryAt, lang) })
              : t('orders.detail.noNextTry')}
          </div>
        </Callout>
      )}
      {order.state === 'paid' && (
        <Callout intent={Intent.WARNING} icon="time" data-testid="order-detail-undelivered">
          {order.nextDeliveryAt
            ? t('orders.detail.paidQueued', { at: formatDateTime(order.nextDeliveryAt, lang) })
            : t('orders.detail.paidUndelivered')}
        </Callout>
      )}
      <HTMLTable compact className="order-fields" data-testid="order-fields">
        <tbody>
          {rows.map(([label, value, id]) => (
            <tr key={label} {...(id ? { 'data-testid': `order-field-${id}` } : {})}>
              <th>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}

function OrderActions({ game, order }: { game: GameId; order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useMe();
  const toasts = useToasts();
  const [open, setOpen] = useState<BulkAction | null>(null);
  const approve = useEndpointMutation('orders.approve', { invalidates: ['players'] });
  const reject = useEndpointMutation('orders.reject');
  const resend = useEndpointMutation('orders.resend', { invalidates: ['players'] });
  const refund = useEndpointMutation('orders.refund', { invalidates: ['players'] });
  const cancel = useEndpointMutation('orders.cancel');
  const mutations = { approve, reject, resend, refund, cancel };
  if (!me.isAdmin) return null;
  const own = isOwnOrder(order, me.name);
  const offered = ACTIONS.filter((a) => actionApplies(order, a, me.name));
  const waitsForOther = order.approval === 'pending' && own;
  if (offered.length === 0 && !waitsForOther) return null;
  const target = { game: GAMES[game].names[lang], id: order.orderId };
  return (
    <div className="order-actions" data-testid="order-actions">
      {waitsForOther && (
        <Callout intent={Intent.PRIMARY} icon="people" data-testid="order-own-approval">
          {t('orders.detail.ownApproval')}
        </Callout>
      )}
      <div className="toolbar">
        {offered.map((a) => (
          <Button
            key={a}
            intent={ACTION_INTENT[a]}
            text={t(`orders.action.${a}`)}
            onClick={() => setOpen(a)}
            data-testid={`order-action-${a}`}
          />
        ))}
      </div>
      {ACTIONS.map((a) => (
        <ReasonConfirmDialog
          key={a}
          isOpen={open === a}
          title={t('orders.detail.confirmTitle', { action: t(`orders.action.${a}`), ...target })}
          warning={t(`orders.detail.warning.${a}`, {
            amount: formatMoney(order.amount, order.currency, lang),
            player: order.playerName || order.playerId,
          })}
          confirmText={t(`orders.action.${a}`)}
          intent={ACTION_INTENT[a]}
          icon="confirm"
          failedTitle={t('orders.detail.actionFailed', { action: t(`orders.action.${a}`) })}
          onConfirm={(reason) =>
            mutations[a].mutateAsync({ game, orderId: order.orderId, reason }).then((o) => {
              toasts.success(
                t('orders.detail.done', {
                  action: t(`orders.action.${a}`),
                  state: t(`orders.state.${o.state}`),
                }),
              );
            })
          }
          onClose={() => setOpen(null)}
          testId={`order-${a}-dialog`}
        />
      ))}
    </div>
  );
}

/**
 * Paying a purchase order in the provider's sandbox: pay.do makes it paying and gives the
 * checkout page. In the browser it opens in a new window; the desktop app has no way to open an
 * outside page, so it shows the link to copy.
 */
function SandboxPay({ order, onStarted }: { order: OrderDetail; onStarted: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const me = useMe();
  const [provider, setProvider] = useState<Provider>(order.provider ?? 'wechat');
  const { state: copied, copy } = useCopy();
  const start = useMutation({
    mutationFn: () => callPayService('pay.do', { provider, orderId: order.orderId }),
    onSuccess: (data) => {
      if (canOpenWindow()) window.open(data.checkoutUrl, '_blank', 'noopener,noreferrer');
      onStarted();
    },
  });
  if (!me.isAdmin) return null;
  return (
    <div className="order-pay" data-testid="order-pay">
      <h4 className={Classes.HEADING}>{t('orders.pay.title')}</h4>
      <div className="toolbar">
        <HTMLSelect
          value={provider}
          onChange={(e) => setProvider(e.currentTarget.value as Provider)}
          aria-label={t('orders.field.provider')}
          data-testid="order-pay-provider"
        >
          {PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {t(`orders.provider.${p}`)}
            </option>
          ))}
        </HTMLSelect>
        <Button
          intent={Intent.PRIMARY}
          icon="credit-card"
          text={t('orders.pay.start')}
          loading={start.isPending}
          onClick={() => start.mutate()}
          data-testid="order-pay-start"
        />
      </div>
      {start.error && (
        <Callout intent={Intent.DANGER} title={t('orders.pay.failed')} data-testid="order-pay-error">
          {errorSentence(asResultError(start.error, Codes.NETWORK), lang)}
        </Callout>
      )}
      {start.data && (
        <FormGroup
          label={t('orders.pay.checkout')}
          helperText={canOpenWindow() ? t('orders.pay.opened') : t('orders.pay.copyHelp')}
        >
          <InputGroup
            readOnly
            value={start.data.checkoutUrl}
            data-testid="order-pay-url"
            rightElement={
              <Button
                variant="minimal"
                icon={copied === 'copied' ? 'tick' : copied === 'failed' ? 'error' : 'duplicate'}
                text={copied === 'copied' ? t('kit.toast.copied') : t('kit.toast.copy')}
                title={copied === 'failed' ? t('kit.toast.copyFailed') : undefined}
                onClick={() => copy(start.data.checkoutUrl)}
                data-testid="order-pay-copy"
              />
            }
          />
        </FormGroup>
      )}
    </div>
  );
}

function History({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className="order-history" data-testid="order-history">
      <h4 className={Classes.HEADING}>{t('orders.detail.history')}</h4>
      <ol className="order-timeline">
        {order.history.map((e, i) => (
          <li key={`${e.at}-${i}`} data-testid="order-event" data-action={e.action} data-to={e.to}>
            <Icon icon="dot" className="order-timeline-dot" />
            <div>
              <div>
                {e.from ? (
                  <>
                    <StateTag state={e.from} /> <Icon icon="arrow-right" size={12} />{' '}
                  </>
                ) : null}
                <StateTag state={e.to} />{' '}
                <strong>{t(`orders.event.${e.action}`, { defaultValue: e.action })}</strong>{' '}
                <span className={Classes.TEXT_MUTED}>
                  {t('orders.detail.by', { by: e.by })} · {formatDateTime(e.at, lang)}
                </span>
              </div>
              {e.reason && <div>{t('orders.detail.eventReason', { reason: e.reason })}</div>}
              {e.detail && <div className={Classes.TEXT_MUTED}>{e.detail}</div>}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Notices({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  if (order.notices.length === 0) return null;
  return (
    <section data-testid="order-notices">
      <h4 className={Classes.HEADING}>{t('orders.detail.notices')}</h4>
      <HTMLTable compact striped>
        <thead>
          <tr>
            <th>{t('orders.notice.receivedAt')}</th>
            <th>{t('orders.field.provider')}</th>
            <th>{t('orders.notice.outcome')}</th>
            <th>{t('orders.notice.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {order.notices.map((n) => (
            <tr key={n.id} data-testid={`order-notice-${n.id}`}>
              <td>
                <ListTime at={n.receivedAt} />
              </td>
              <td>{t(`orders.provider.${n.provider}`)}</td>
              <td>
                <OutcomeTag outcome={n.outcome} />
                {n.resent ? ` ${t('orders.notice.resent')}` : ''}
              </td>
              <td>{n.detail}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** An order over the list it was opened from. */
export function OrderDrawer({
  game,
  orderId,
  onClose,
}: {
  game: GameId;
  orderId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.STANDARD}
      icon="shopping-cart"
      title={t('orders.detail.title', { id: orderId })}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY}>
          <OrderDetailView game={game} orderId={orderId} />
        </div>
      </div>
    </Drawer>
  );
}
