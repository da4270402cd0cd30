import { InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, minorDigits, minorToMajorText } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { FieldFrame } from '../kit/form/Field.js';
import type { CreateOrderForm } from './createForm.js';

/**
 * The order's value in the game's currency, typed in major units and said back formatted; for a
 * recharge pack, the pack's price, shown and not editable (the server would ignore a typed one).
 */
export function AmountField({
  form,
  currency,
  amountMinor,
}: {
  form: CreateOrderForm;
  currency: string | undefined;
  /** The order's amount in minor units as the form reads it (the pack's price for a pack). */
  amountMinor: number | null;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { kind } = form.draft;
  const isPack = kind === 'recharge';
  const help = isPack
    ? amountMinor !== null
      ? t('orders.create.amountPackHelp', { price: formatMoney(amountMinor, currency, lang) })
      : null
    : amountMinor !== null && amountMinor > 0
      ? formatMoney(amountMinor, currency, lang)
      : t(kind === 'items' ? 'orders.create.amountItemsHelp' : 'orders.create.amountHelp');
  const shown = isPack
    ? amountMinor === null
      ? ''
      : minorToMajorText(amountMinor, minorDigits(currency))
    : form.draft.amount;
  return (
    <FieldFrame
      of={form}
      name="amount"
      label={t('orders.create.fields.amount.label', { currency: currency ?? '' })}
      help={help}
    >
      {(p) => (
        <InputGroup
          id={p.id}
          inputMode="decimal"
          value={shown}
          readOnly={isPack}
          onValueChange={(amount) => form.change({ amount })}
          intent={p.intent}
          data-testid={p.testId}
        />
      )}
    </FieldFrame>
  );
}
