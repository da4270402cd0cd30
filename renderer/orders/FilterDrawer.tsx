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
import { AMOUNT_SLIDER } from '../../shared/api/orders.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { useLanguage } from '../i18n/i18n.js';
import { EMPTY_FILTERS, ORDER_CHOICES, isOrderId, type FilterField, type OrderFilters } from './filters.js';

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

type Draft = [OrderFilters, (patch: (d: OrderFilters) => OrderFilters) => void];

/** A field of the draft set to a value, or removed when the value is empty. */
const withValue = <F extends keyof OrderFilters>(d: OrderFilters, field: F, value: string): OrderFilters => {
  const next = { ...d };
  if (value.trim() === '') delete next[field];
  else (next as Record<string, unknown>)[field] = value;
  return next;
};

/** One list filter (payment status, state, provider) as a row of checkboxes. */
function Checks<F extends 'paymentStatus' | 'state' | 'provider'>({
  draft: [d, set],
  field,
  options,
  label,
  optionLabel,
  testId,
}: {
  draft: Draft;
  field: F;
  options: readonly OrderFilters[F][number][];
  label: string;
  optionLabel: (v: string) => string;
  testId: string;
}) {
  const chosen = d[field] as readonly string[];
  return (
    <FormGroup label={label}>
      {options.map((v) => (
        <Checkbox
          key={v}
          inline
          label={optionLabel(v)}
          checked={chosen.includes(v)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            set((prev) => ({ ...prev, [field]: toggled(prev[field] as readonly string[], v, on) }));
          }}
          data-testid={`${testId}-${v}`}
        />
      ))}
    </FormGroup>
  );
}

/** One filter of a single value (kind, approval, game), "any" first. */
function OneOf({
  draft: [d, set],
  field,
  options,
  label,
  any,
  optionLabel,
  testId,
}: {
  draft: Draft;
  field: 'kind' | 'approval' | 'game';
  options: readonly string[];
  label: string;
  any: string;
  optionLabel: (v: string) => string;
  testId: string;
}) {
  return (
    <FormGroup label={label} labelFor={testId}>
      <HTMLSelect
        id={testId}
        value={d[field] ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          set((prev) => withValue(prev, field, value));
        }}
        data-testid={testId}
      >
        <option value="">{any}</option>
        {options.map((v) => (
          <option key={v} value={v}>
            {optionLabel(v)}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}

/** A text or day field of the draft. */
function TextFilter({
  draft: [d, set],
  field,
  label,
  testId,
  type,
  maxLength,
  bad,
}: {
  draft: Draft;
  field: 'orderId' | 'playerId' | 'providerRef' | 'from' | 'to' | 'paidFrom' | 'paidTo';
  label: string;
  testId: string;
  type?: 'date';
  maxLength?: number;
  /** What is wrong with the value, when something is. */
  bad?: string | undefined;
}) {
  const intent = bad ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup label={label} labelFor={testId} intent={intent} helperText={bad}>
      <InputGroup
        id={testId}
        {...(type ? { type } : {})}
        {...(maxLength ? { maxLength } : {})}
        value={d[field] ?? ''}
        intent={intent}
        onValueChange={(v) => set((prev) => withValue(prev, field, v))}
        data-testid={testId}
      />
    </FormGroup>
  );
}

/** A range of days (created, or paid): its first and last day, both included. */
function DaysFilter({
  draft,
  fields: [first, last],
  testId,
}: {
  draft: Draft;
  fields: ['from', 'to'] | ['paidFrom', 'paidTo'];
  /** The fields' test ids are this followed by `from` and `to`. */
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="orders-filter-row">
      <TextFilter
        draft={draft}
        field={first}
        type="date"
        label={t(`orders.filter.${first}`)}
        testId={`${testId}from`}
      />
      <TextFilter
        draft={draft}
        field={last}
        type="date"
        label={t(`orders.filter.${last}`)}
        testId={`${testId}to`}
      />
    </div>
  );
}

/** The amount range: off, or the slider's two stops in thousands of the game's currency. */
function AmountFilter({ draft: [d, set], testId }: { draft: Draft; testId: string }) {
  const { t } = useTranslation();
  return (
    <FormGroup label={t('orders.filter.amount')} helperText={t('orders.filter.amountHelp')}>
      <Switch
        checked={d.amount !== undefined}
        label={t('orders.filter.amountOn')}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          set((prev) => {
            const next = { ...prev };
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
          value={d.amount ?? [AMOUNT_SLIDER.min, AMOUNT_SLIDER.max]}
          disabled={d.amount === undefined}
          onChange={(v) => set((prev) => ({ ...prev, amount: [v[0], v[1]] }))}
        />
      </div>
    </FormGroup>
  );
}

/** The drawer's controls over the draft, those the list fixes left out. */
function DrawerFields({
  draft,
  fixed,
  games,
  orderIdBad,
  testId,
}: {
  draft: Draft;
  fixed: ReadonlySet<FilterField>;
  games: readonly GameId[] | undefined;
  orderIdBad: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <div className={`${Classes.DIALOG_BODY} orders-filter`} data-testid={testId}>
      {games && (
        <OneOf
          draft={draft}
          field="game"
          options={games}
          label={t('orders.filter.game')}
          any={t('orders.filter.anyGame')}
          optionLabel={(g) => GAMES[g as GameId].names[lang]}
          testId={`${testId}-game`}
        />
      )}
      {!fixed.has('paymentStatus') && (
        <Checks
          draft={draft}
          field="paymentStatus"
          options={ORDER_CHOICES.paymentStatus}
          label={t('orders.filter.paymentStatus')}
          optionLabel={(s) => t(`orders.paymentStatus.${s}`)}
          testId={`${testId}-status`}
        />
      )}
      {!fixed.has('state') && (
        <Checks
          draft={draft}
          field="state"
          options={ORDER_CHOICES.state}
          label={t('orders.filter.state')}
          optionLabel={(s) => t(`orders.state.${s}`)}
          testId={`${testId}-state`}
        />
      )}
      <Checks
        draft={draft}
        field="provider"
        options={ORDER_CHOICES.provider}
        label={t('orders.filter.provider')}
        optionLabel={(p) => t(`orders.provider.${p}`)}
        testId={`${testId}-provider`}
      />
      <div className="orders-filter-row">
        <OneOf
          draft={draft}
          field="kind"
          options={ORDER_CHOICES.kind}
          label={t('orders.filter.kind')}
          any={t('orders.filter.any')}
          optionLabel={(k) => t(`orders.kind.${k}`)}
          testId={`${testId}-kind`}
        />
        {!fixed.has('approval') && (
          <OneOf
            draft={draft}
            field="approval"
            options={ORDER_CHOICES.approval}
            label={t('orders.filter.approval')}
            any={t('orders.filter.any')}
            optionLabel={(a) => t(`orders.approval.${a}`)}
            testId={`${testId}-approval`}
          />
        )}
      </div>
      {!fixed.has('amount') && <AmountFilter draft={draft} testId={testId} />}
      <DaysFilter draft={draft} fields={['from', 'to']} testId={`${testId}-`} />
      {!fixed.has('paidFrom') && (
        <DaysFilter draft={draft} fields={['paidFrom', 'paidTo']} testId={`${testId}-paid-`} />
      )}
      <TextFilter
        draft={draft}
        field="playerId"
        maxLength={32}
        label={t('orders.filter.playerId')}
        testId={`${testId}-player`}
      />
      <TextFilter
        draft={draft}
        field="providerRef"
        maxLength={64}
        label={t('orders.filter.providerRef')}
        testId={`${testId}-ref`}
      />
      <TextFilter
        draft={draft}
        field="orderId"
        maxLength={40}
        label={t('orders.filter.orderId')}
        testId={`${testId}-order`}
        bad={orderIdBad ? t('orders.filter.orderIdBad') : undefined}
      />
    </div>
  );
}

/**
 * Every filter of the order search, edited together and applied at once (the list asks the
 * server once, not at each click): a view of the order list's filters in the URL, for the game
 * order lists and every game's (/pay/orders, which passes `games` to offer a game). Controls the
 * list fixes (a tab's states) are not offered.
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
  const [draft, setDraft] = useState<OrderFilters>(filters);
  // The drawer opens on what the URL says now.
  const key = JSON.stringify(filters);
  useEffect(() => {
    if (isOpen) setDraft(JSON.parse(key) as OrderFilters);
  }, [isOpen, key]);
  const orderIdBad = draft.orderId !== undefined && !isOrderId(draft.orderId);

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
        <DrawerFields
          draft={[draft, setDraft]}
          fixed={fixed}
          games={games}
          orderIdBad={orderIdBad}
          testId={testId}
        />
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
