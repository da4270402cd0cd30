import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Callout,
  Card,
  Classes,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Spinner,
  TextArea,
} from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { isReasonValid } from '../components/reason.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import {
  EMPTY_DRAFT,
  GRANT_KINDS,
  MAX_ITEM_LINES,
  checkCreate,
  draftAmount,
  needsApproval,
  newRequestId,
  type CreateDraft,
  type CreateField,
} from './createForm.js';
import { formatMoney, minorDigits, minorToMajorText, parseMajor } from '../components/money.js';
import { orderPath } from './paths.js';
import { useMe } from './session.js';
import './orders.css';

/**
 * A manual order for a player (compensation, a grant): the player checked by id, a recharge pack
 * (its price is the order's value, shown and not editable), an amount of the game's currency or
 * items with counts, the order's value and a reason. The game's approval
 * threshold is shown, with a warning when this order will wait for a second ADMIN. The form has
 * one request id, so a double submit makes one order. A SUPER can change the threshold here.
 */
// The one form page not yet split into its parts and bound to its endpoint (issue 25 goes on).
// eslint-disable-next-line max-lines-per-function
export function CreateOrderPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const toasts = useToasts();
  const me = useMe();
  const [draft, setDraft] = useState<CreateDraft>(EMPTY_DRAFT);
  const [requestId] = useState(newRequestId);
  const [submitted, setSubmitted] = useState(false);
  const [checkedPlayer, setCheckedPlayer] = useState('');
  const settings = useEndpointQuery('orders.settings', { game });
  const currency = settings.data?.currency;
  const items = useEndpointQuery(
    'catalogue.items',
    { game },
    { enabled: draft.kind === 'items', staleTime: 300_000 },
  );
  const packs = useEndpointQuery(
    'catalogue.rechargePacks',
    { game },
    { enabled: draft.kind === 'recharge', staleTime: 300_000 },
  );
  const packList = packs.data?.items;
  const player = useEndpointQuery(
    'players.get',
    { game, id: checkedPlayer },
    { enabled: checkedPlayer !== '' },
  );
  const create = useEndpointMutation('orders.create', { invalidates: ['players'] });
  const { input, errors } = checkCreate(game, draft, currency, requestId, packList);
  const shown = (f: CreateField) =>
    submitted && errors[f] ? t(`orders.create.error.${errors[f]}`) : undefined;
  const amountMinor = draftAmount(draft, currency, packList);
  const isPack = draft.kind === 'recharge';
  const threshold = settings.data?.approvalThreshold;
  const waits = needsApproval(amountMinor, threshold);
  const set = (patch: Partial<CreateDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!input || create.isPending) return;
    create.mutate(input, {
      onSuccess: (order) => {
        toasts.success(
          order.approval === 'pending' ? t('orders.create.doneWaiting') : t('orders.create.done'),
          { copy: order.orderId },
        );
        void navigate(orderPath(game, order.orderId));
      },
    });
  };

  const playerHelp = (() => {
    if (shown('playerId')) return shown('playerId');
    if (checkedPlayer === '' || checkedPlayer !== draft.playerId.trim()) return t('orders.create.playerHelp');
    if (player.isPending) return <Spinner size={12} />;
    if (player.data) return t('orders.create.playerFound', { name: player.data.name });
    return t('orders.create.playerMissing');
  })();
  const playerBad =
    Boolean(shown('playerId')) ||
    (checkedPlayer !== '' && checkedPlayer === draft.playerId.trim() && !!player.error);

  return (
    <div className="orders-create">
      <form className="kit-form" onSubmit={submit} noValidate data-testid="order-create">
        <p className={Classes.TEXT_MUTED}>{t('orders.create.intro', { game: GAMES[game].names[lang] })}</p>
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
        {submitted && !input && (
          <Callout intent={Intent.DANGER} icon="error" data-testid="order-create-invalid">
            {t('kit.form.fixFields')}
          </Callout>
        )}
        {create.error && (
          <ErrorCallout
            title={t('orders.create.failed')}
            error={asResultError(create.error, Codes.NETWORK)}
          />
        )}
        <FormGroup
          label={t('orders.field.playerId')}
          labelFor="order-create-player"
          labelInfo={t('common.required')}
          helperText={playerHelp}
          intent={playerBad ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="order-create-player"
            value={draft.playerId}
            maxLength={32}
            intent={playerBad ? Intent.DANGER : Intent.NONE}
            onValueChange={(v) => set({ playerId: v })}
            onBlur={() => setCheckedPlayer(draft.playerId.trim())}
            data-testid="order-create-player"
            data-player={player.data && checkedPlayer === draft.playerId.trim() ? 'found' : undefined}
          />
        </FormGroup>
        <FormGroup label={t('orders.create.grantKind')}>
          <RadioGroup
            inline
            selectedValue={draft.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as CreateDraft['kind'] })}
          >
            {GRANT_KINDS.map((k) => (
              <Radio
                key={k}
                value={k}
                label={t(`orders.create.kind.${k}`)}
                data-testid={`order-create-kind-${k}`}
              />
            ))}
          </RadioGroup>
        </FormGroup>
        {isPack && (
          <FormGroup
            label={t('orders.create.pack')}
            labelFor="order-create-pack"
            labelInfo={t('common.required')}
            helperText={shown('pack')}
            intent={shown('pack') ? Intent.DANGER : Intent.NONE}
          >
            {packs.isPending ? (
              <Spinner size={16} />
            ) : packs.error ? (
              <ErrorCallout
                title={t('orders.create.packsFailed')}
                error={asResultError(packs.error, Codes.NETWORK)}
              />
            ) : (
              <HTMLSelect
                id="order-create-pack"
                value={draft.packId}
                onChange={(e) => set({ packId: e.currentTarget.value })}
                data-testid="order-create-pack"
              >
                <option value="">{t('orders.create.choosePack')}</option>
                {(packList ?? []).map((p) => (
                  <option key={p.id} value={String(p.id)}>
                    {p.price === undefined ? p.name : `${p.name} · ${formatMoney(p.price, p.currency, lang)}`}
                  </option>
                ))}
              </HTMLSelect>
            )}
          </FormGroup>
        )}
        {draft.kind === 'items' && (
          <FormGroup
            label={t('orders.create.items')}
            helperText={shown('items')}
            intent={shown('items') ? Intent.DANGER : Intent.NONE}
          >
            {items.isPending ? (
              <Spinner size={16} />
            ) : items.error ? (
              <ErrorCallout
                title={t('orders.create.itemsFailed')}
                error={asResultError(items.error, Codes.NETWORK)}
              />
            ) : (
              <div className="orders-items" data-testid="order-create-items">
                {draft.items.map((line, i) => (
                  <div className="orders-item-line" key={i}>
                    <HTMLSelect
                      value={line.itemId}
                      aria-label={t('orders.create.item')}
                      onChange={(e) => {
                        const next = [...draft.items];
                        next[i] = { ...line, itemId: e.currentTarget.value };
                        set({ items: next });
                      }}
                      data-testid={`order-create-item-${i}`}
                    >
                      <option value="">{t('orders.create.chooseItem')}</option>
                      {(items.data?.items ?? []).map((it) => (
                        <option key={it.id} value={String(it.id)}>
                          {it.name}
                        </option>
                      ))}
                    </HTMLSelect>
                    <InputGroup
                      className="orders-item-count"
                      inputMode="numeric"
                      value={line.count}
                      aria-label={t('orders.create.count')}
                      onValueChange={(v) => {
                        const next = [...draft.items];
                        next[i] = { ...line, count: v };
                        set({ items: next });
                      }}
                      data-testid={`order-create-count-${i}`}
                    />
                    <Button
                      variant="minimal"
                      icon="cross"
                      aria-label={t('orders.create.removeItem')}
                      onClick={() => set({ items: draft.items.filter((_, j) => j !== i) })}
                    />
                  </div>
                ))}
                <Button
                  icon="add"
                  text={t('orders.create.addItem')}
                  disabled={draft.items.length >= MAX_ITEM_LINES}
                  onClick={() => set({ items: [...draft.items, { itemId: '', count: '1' }] })}
                  data-testid="order-create-add-item"
                />
              </div>
            )}
          </FormGroup>
        )}
        <FormGroup
          label={t('orders.create.amount', { currency: currency ?? '' })}
          labelFor="order-create-amount"
          labelInfo={t('common.required')}
          helperText={
            shown('amount') ??
            (isPack
              ? amountMinor !== null
                ? t('orders.create.amountPackHelp', { price: formatMoney(amountMinor, currency, lang) })
                : undefined
              : amountMinor !== null && amountMinor > 0
                ? formatMoney(amountMinor, currency, lang)
                : t(draft.kind === 'items' ? 'orders.create.amountItemsHelp' : 'orders.create.amountHelp'))
          }
          intent={shown('amount') ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="order-create-amount"
            inputMode="decimal"
            value={
              isPack
                ? amountMinor === null
                  ? ''
                  : minorToMajorText(amountMinor, minorDigits(currency))
                : draft.amount
            }
            // A pack's price is the catalogue's: shown, not typed (the server would ignore it).
            readOnly={isPack}
            onValueChange={(v) => set({ amount: v })}
            intent={shown('amount') ? Intent.DANGER : Intent.NONE}
            data-testid="order-create-amount"
          />
        </FormGroup>
        <FormGroup
          label={t('confirm.reason')}
          labelFor="order-create-reason"
          labelInfo={t('common.required')}
          helperText={shown('reason') ?? t('confirm.reasonHelp')}
          intent={shown('reason') ? Intent.DANGER : Intent.NONE}
        >
          <TextArea
            id="order-create-reason"
            fill
            maxLength={500}
            value={draft.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
            data-testid="order-create-reason"
          />
        </FormGroup>
        <div className="actions">
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            icon="add"
            loading={create.isPending}
            text={waits ? t('orders.create.submitForApproval') : t('orders.create.submit')}
            data-testid="order-create-submit"
          />
        </div>
      </form>
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

/** A SUPER's change of the game's approval threshold (audited, with a reason). */
function ThresholdPanel({
  game,
  currency,
  threshold,
  updatedBy,
  updatedAt,
}: {
  game: GameId;
  currency: string;
  threshold: number;
  updatedBy: string;
  updatedAt: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const [value, setValue] = useState(minorToMajorText(threshold, minorDigits(currency)));
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const save = useEndpointMutation('orders.saveSettings');
  const minor = parseMajor(value, currency);
  const valueBad = minor === null || minor < 1 || minor > 100_000_000;
  const reasonBad = !isReasonValid(reason.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (valueBad || reasonBad || minor === null) return;
    save.mutate(
      { game, approvalThreshold: minor, reason: reason.trim() },
      {
        onSuccess: (s) => {
          setReason('');
          setTried(false);
          toasts.success(
            t('orders.settings.saved', { threshold: formatMoney(s.approvalThreshold, s.currency, lang) }),
          );
        },
      },
    );
  };
  return (
    <Card className="orders-settings" data-testid="order-settings">
      <form onSubmit={submit} noValidate>
        <h4 className={Classes.HEADING}>{t('orders.settings.title')}</h4>
        <p className={Classes.TEXT_MUTED}>
          {updatedBy
            ? t('orders.settings.last', { by: updatedBy, at: formatDateTime(updatedAt, lang) })
            : t('orders.settings.intro')}
        </p>
        {save.error && (
          <ErrorCallout
            title={t('orders.settings.failed')}
            error={asResultError(save.error, Codes.NETWORK)}
          />
        )}
        <FormGroup
          label={t('orders.settings.threshold', { currency })}
          labelFor="order-settings-threshold"
          helperText={tried && valueBad ? t('orders.create.error.amountFormat') : undefined}
          intent={tried && valueBad ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="order-settings-threshold"
            inputMode="decimal"
            value={value}
            onValueChange={setValue}
            data-testid="order-settings-threshold"
          />
        </FormGroup>
        <FormGroup
          label={t('confirm.reason')}
          labelFor="order-settings-reason"
          helperText={tried && reasonBad ? t('confirm.reasonInvalid') : undefined}
          intent={tried && reasonBad ? Intent.DANGER : Intent.NONE}
        >
          <InputGroup
            id="order-settings-reason"
            value={reason}
            maxLength={500}
            onValueChange={setReason}
            data-testid="order-settings-reason"
          />
        </FormGroup>
        <Button
          type="submit"
          icon="floppy-disk"
          text={t('orders.settings.save')}
          loading={save.isPending}
          data-testid="order-settings-save"
        />
      </form>
    </Card>
  );
}
