import { useEffect, useState } from 'react';
import {
  Button,
  Checkbox,
  Classes,
  Drawer,
  DrawerSize,
  FormGroup,
  InputGroup,
  Intent,
  RangeSlider,
  Switch,
} from '@blueprintjs/core';
import { HTMLSelect } from '../components/HTMLSelect.js';
import { useTranslation } from 'react-i18next';
import {
  AMOUNT_SLIDER,
  APPROVALS,
  ORDER_KINDS,
  ORDER_STATES,
  PAYMENT_STATUSES,
  PROVIDERS,
  orderIdSchema,
} from '../../shared/api/orders.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { EMPTY_FILTERS, type FilterField, type OrderFilters } from './filters.js';

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

/**
 * Every filter of the order search, edited together and applied at once (the list asks the
 * server once, not at each click): the game order lists' and every game's (/pay/orders, which
 * passes `games` to offer a game). Controls the list fixes (a tab's states) are not offered.
 */
export function FilterDrawer({
  isOpen,
  filters,
  fixed,
  games,
  onApply,
  onClose,
  testId,
}: {
  isOpen: boolean;
  filters: OrderFilters;
  fixed: ReadonlySet<FilterField>;
  /** The games a list of every game's orders can be narrowed to. */
  games?: readonly GameId[];
  onApply: (f: OrderFilters) => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [draft, setDraft] = useState<OrderFilters>(filters);
  // The drawer opens on what the URL says now.
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (isOpen) setDraft(JSON.parse(key) as OrderFilters);
  }, [isOpen, key]);

  const set = (patch: Partial<OrderFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (field: 'orderId' | 'playerId' | 'providerRef', value: string) =>
    setDraft((d) => {
      const next = { ...d };
      if (value.trim() === '') delete next[field];
      else next[field] = value;
      return next;
    });
  const optional = <F extends 'kind' | 'approval' | 'from' | 'to' | 'game'>(field: F, value: string) =>
    setDraft((d) => {
      const next = { ...d };
      if (value === '') delete next[field];
      else (next as Record<string, unknown>)[field] = value;
      return next;
    });
  const orderIdBad = draft.orderId !== undefined && !orderIdSchema.safeParse(draft.orderId).success;
  const amount = draft.amount ?? [AMOUNT_SLIDER.min, AMOUNT_SLIDER.max];

  const apply = () => {
    if (orderIdBad) return;
    const next: OrderFilters = { ...draft };
    for (const f of ['orderId', 'playerId', 'providerRef'] as const) {
      const v = next[f]?.trim();
      if (v) next[f] = f === 'orderId' ? v.toUpperCase() : v;
      else delete next[f];
    }
    onApply(next);
  };

  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      size={DrawerSize.SMALL}
      icon="filter"
      title={t('orders.filter.title')}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={`${Classes.DIALOG_BODY} orders-filter`} data-testid={testId}>
          {games && (
            <FormGroup label={t('orders.filter.game')} labelFor={`${testId}-game`}>
              <HTMLSelect
                id={`${testId}-game`}
                value={draft.game ?? ''}
                onChange={(e) => optional('game', e.currentTarget.value)}
                data-testid={`${testId}-game`}
              >
                <option value="">{t('orders.filter.anyGame')}</option>
                {games.map((g) => (
                  <option key={g} value={g}>
                    {GAMES[g].names[lang]}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
          )}
          {!fixed.has('paymentStatus') && (
            <FormGroup label={t('orders.filter.paymentStatus')}>
              {PAYMENT_STATUSES.map((s) => (
                <Checkbox
                  key={s}
                  inline
                  label={t(`orders.paymentStatus.${s}`)}
                  checked={draft.paymentStatus.includes(s)}
                  onChange={(e) =>
                    set({ paymentStatus: toggled(draft.paymentStatus, s, e.currentTarget.checked) })
                  }
                  data-testid={`${testId}-status-${s}`}
                />
              ))}
            </FormGroup>
          )}
          {!fixed.has('state') && (
            <FormGroup label={t('orders.filter.state')}>
              {ORDER_STATES.map((s) => (
                <Checkbox
                  key={s}
                  inline
                  label={t(`orders.state.${s}`)}
                  checked={draft.state.includes(s)}
                  onChange={(e) => set({ state: toggled(draft.state, s, e.currentTarget.checked) })}
                  data-testid={`${testId}-state-${s}`}
                />
              ))}
            </FormGroup>
          )}
          <FormGroup label={t('orders.filter.provider')}>
            {PROVIDERS.map((p) => (
              <Checkbox
                key={p}
                inline
                label={t(`orders.provider.${p}`)}
                checked={draft.provider.includes(p)}
                onChange={(e) => set({ provider: toggled(draft.provider, p, e.currentTarget.checked) })}
                data-testid={`${testId}-provider-${p}`}
              />
            ))}
          </FormGroup>
          <div className="orders-filter-row">
            <FormGroup label={t('orders.filter.kind')} labelFor={`${testId}-kind`}>
              <HTMLSelect
                id={`${testId}-kind`}
                value={draft.kind ?? ''}
                onChange={(e) => optional('kind', e.currentTarget.value)}
                data-testid={`${testId}-kind`}
              >
                <option value="">{t('orders.filter.any')}</option>
                {ORDER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`orders.kind.${k}`)}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {!fixed.has('approval') && (
              <FormGroup label={t('orders.filter.approval')} labelFor={`${testId}-approval`}>
                <HTMLSelect
                  id={`${testId}-approval`}
                  value={draft.approval ?? ''}
                  onChange={(e) => optional('approval', e.currentTarget.value)}
                  data-testid={`${testId}-approval`}
                >
                  <option value="">{t('orders.filter.any')}</option>
                  {APPROVALS.map((a) => (
                    <option key={a} value={a}>
                      {t(`orders.approval.${a}`)}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
          </div>
          {!fixed.has('amount') && (
            <FormGroup label={t('orders.filter.amount')} helperText={t('orders.filter.amountHelp')}>
              <Switch
                checked={draft.amount !== undefined}
                label={t('orders.filter.amountOn')}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setDraft((d) => {
                    const next = { ...d };
                    if (on) next.amount = [AMOUNT_SLIDER.min, AMOUNT_SLIDER.max];
                    else delete next.amount;
                    return next;
                  });
                }}
                data-testid={`${testId}-amount-on`}
              />
              <div className="orders-slider" data-testid={`${testId}-amount`}>
                <RangeSlider
                  min={AMOUNT_SLIDER.min}
                  max={AMOUNT_SLIDER.max}
                  stepSize={AMOUNT_SLIDER.step}
                  labelStepSize={AMOUNT_SLIDER.max - AMOUNT_SLIDER.min > 10 ? 5 : 1}
                  labelRenderer={(v) => t('orders.filter.thousands', { value: v })}
                  value={amount}
                  disabled={draft.amount === undefined}
                  onChange={(v) => set({ amount: [v[0], v[1]] })}
                />
              </div>
            </FormGroup>
          )}
          <div className="orders-filter-row">
            <FormGroup label={t('orders.filter.from')} labelFor={`${testId}-from`}>
              <InputGroup
                id={`${testId}-from`}
                type="date"
                value={draft.from ?? ''}
                onValueChange={(v) => optional('from', v)}
                data-testid={`${testId}-from`}
              />
            </FormGroup>
            <FormGroup label={t('orders.filter.to')} labelFor={`${testId}-to`}>
              <InputGroup
                id={`${testId}-to`}
                type="date"
                value={draft.to ?? ''}
                onValueChange={(v) => optional('to', v)}
                data-testid={`${testId}-to`}
              />
            </FormGroup>
          </div>
          <FormGroup label={t('orders.filter.playerId')} labelFor={`${testId}-player`}>
            <InputGroup
              id={`${testId}-player`}
              value={draft.playerId ?? ''}
              maxLength={32}
              onValueChange={(v) => text('playerId', v)}
              data-testid={`${testId}-player`}
            />
          </FormGroup>
          <FormGroup label={t('orders.filter.providerRef')} labelFor={`${testId}-ref`}>
            <InputGroup
              id={`${testId}-ref`}
              value={draft.providerRef ?? ''}
              maxLength={64}
              onValueChange={(v) => text('providerRef', v)}
              data-testid={`${testId}-ref`}
            />
          </FormGroup>
          <FormGroup
            label={t('orders.filter.orderId')}
            labelFor={`${testId}-order`}
            intent={orderIdBad ? Intent.DANGER : Intent.NONE}
            helperText={orderIdBad ? t('orders.filter.orderIdBad') : undefined}
          >
            <InputGroup
              id={`${testId}-order`}
              value={draft.orderId ?? ''}
              maxLength={40}
              intent={orderIdBad ? Intent.DANGER : Intent.NONE}
              onValueChange={(v) => text('orderId', v)}
              data-testid={`${testId}-order`}
            />
          </FormGroup>
        </div>
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="orders-drawer-actions">
          <Button
            variant="minimal"
            text={t('orders.filter.reset')}
            onClick={() => setDraft(EMPTY_FILTERS)}
            data-testid={`${testId}-reset`}
          />
          <Button
            intent={Intent.PRIMARY}
            icon="filter"
            text={t('orders.filter.apply')}
            disabled={orderIdBad}
            onClick={apply}
            data-testid={`${testId}-apply`}
          />
        </div>
      </div>
    </Drawer>
  );
}
