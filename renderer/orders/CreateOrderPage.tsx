import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Callout, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useToasts } from '../components/Toaster.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { Field } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { AmountField } from './AmountField.js';
import {
  EMPTY_DRAFT,
  createOrderForm,
  draftAmount,
  needsApproval,
  newRequestId,
  type GrantKind,
} from './createForm.js';
import { GrantFields, useRechargePacks } from './GrantFields.js';
import { orderPath } from './paths.js';
import { PlayerField } from './PlayerField.js';
import { useMe } from './session.js';
import { ThresholdPanel } from './ThresholdPanel.js';
import './orders.css';

type Settings = ReturnType<typeof useEndpointQuery<'orders.settings'>>;

/**
 * A manual order for a player (compensation, a grant): the player checked by id, a recharge pack
 * (its price is the order's value, shown and not editable), an amount of the game's currency or
 * items with counts, the order's value and a reason. The game's approval threshold is shown, with
 * a warning when this order will wait for a second ADMIN. The form has one request id, so a double
 * submit makes one order. A SUPER can change the threshold here.
 */
export function CreateOrderPage({ game }: { game: GameId }) {
  const me = useMe();
  const settings = useEndpointQuery('orders.settings', { game });
  return (
    <div className="orders-create">
      <CreateOrderForm game={game} settings={settings} />
      {me.isSuper && settings.data && (
        <ThresholdPanel
          game={game}
          currency={settings.data.currency}
          threshold={settings.data.approvalThreshold}
          updatedBy={settings.data.updatedBy}
          updatedAt={settings.data.updatedAt}
        />
      )}
    </div>
  );
}

/** The order form over `orders.create`: its parts, the threshold it is measured by, the submit. */
function CreateOrderForm({ game, settings }: { game: GameId; settings: Settings }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const toasts = useToasts();
  const [requestId] = useState(newRequestId);
  const currency = settings.data?.currency;
  const create = useEndpointMutation('orders.create', { invalidates: ['players'] });
  // The packs load once a pack is the kind chosen, and the form's check prices the order by them:
  // the kind is the draft's, carried over here as React's state from the previous render.
  const [kind, setKind] = useState<GrantKind>(EMPTY_DRAFT.kind);
  const packs = useRechargePacks(game, kind);
  const form = useBoundForm(createOrderForm(game, requestId, currency, packs.data?.items));
  if (form.draft.kind !== kind) setKind(form.draft.kind);
  const amountMinor = draftAmount(form.draft, currency, packs.data?.items);
  const waits = needsApproval(amountMinor, settings.data?.approvalThreshold);

  const send = form.submit(async (input) => {
    const order = await create.mutateAsync(input);
    toasts.success(order.approval === 'pending' ? t('orders.create.doneWaiting') : t('orders.create.done'), {
      copy: order.orderId,
    });
    void navigate(orderPath(game, order.orderId));
  });
  return (
    <form
      className="kit-form"
      // One order per request id: a second submit while the first runs is not sent.
      onSubmit={(e) => (form.pending ? e.preventDefault() : send(e))}
      noValidate
      data-testid="order-create"
    >
      <p className={Classes.TEXT_MUTED}>{t('orders.create.intro', { game: GAMES[game].names[lang] })}</p>
      <ThresholdNote settings={settings} waits={waits} />
      {Object.keys(form.errors).length > 0 && (
        <Callout intent={Intent.DANGER} icon="error" data-testid="order-create-invalid">
          {t('kit.form.fixFields')}
        </Callout>
      )}
      {form.error ? (
        <ErrorCallout title={t('orders.create.failed')} error={asResultError(form.error, Codes.NETWORK)} />
      ) : null}
      <PlayerField game={game} form={form} />
      <GrantFields game={game} form={form} packs={packs} />
      <AmountField form={form} currency={currency} amountMinor={amountMinor} />
      <Field of={form} name="reason" as="textarea" maxLength={500} />
      <div className="actions">
        <Button
          type="submit"
          intent={Intent.PRIMARY}
          icon="add"
          loading={form.pending}
          text={waits ? t('orders.create.submitForApproval') : t('orders.create.submit')}
          data-testid="order-create-submit"
        />
      </div>
    </form>
  );
}

/** The game's approval threshold, and whether this order is at or above it (it will wait). */
function ThresholdNote({ settings, waits }: { settings: Settings; waits: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Callout
      intent={waits ? Intent.WARNING : Intent.PRIMARY}
      icon={waits ? 'people' : 'info-sign'}
      data-testid="order-create-threshold"
      data-waits={waits}
    >
      {settings.data
        ? t(waits ? 'orders.create.thresholdWaits' : 'orders.create.threshold', {
            threshold: formatMoney(settings.data.approvalThreshold, settings.data.currency, lang),
          })
        : settings.error
          ? t('orders.create.thresholdUnknown')
          : t('orders.create.thresholdLoading')}
    </Callout>
  );
}
