import { Button, Card, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { minorDigits, minorToMajorText, formatMoney } from '../components/money.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointMutation } from '../kit/data.js';
import { Field } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { thresholdForm } from './createForm.js';

/** A SUPER's change of the game's approval threshold (audited, with a reason). */
export function ThresholdPanel({
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
  const save = useEndpointMutation('orders.saveSettings');
  const form = useBoundForm(
    thresholdForm(game, currency, minorToMajorText(threshold, minorDigits(currency))),
  );
  const onSubmit = form.submit(async (input) => {
    const s = await save.mutateAsync(input);
    form.change({ reason: '' });
    toasts.success(
      t('orders.settings.saved', { threshold: formatMoney(s.approvalThreshold, s.currency, lang) }),
    );
  });
  return (
    <Card className="orders-settings" data-testid="order-settings">
      <form onSubmit={onSubmit} noValidate>
        <h4 className={Classes.HEADING}>{t('orders.settings.title')}</h4>
        <p className={Classes.TEXT_MUTED}>
          {updatedBy
            ? t('orders.settings.last', { by: updatedBy, at: formatDateTime(updatedAt, lang) })
            : t('orders.settings.intro')}
        </p>
        {form.error ? (
          <ErrorCallout
            title={t('orders.settings.failed')}
            error={asResultError(form.error, Codes.NETWORK)}
          />
        ) : null}
        <Field
          of={form}
          name="approvalThreshold"
          label={t('orders.settings.fields.approvalThreshold.label', { currency })}
          inputMode="decimal"
          testId="order-settings-threshold"
        />
        <Field of={form} name="reason" maxLength={500} />
        <Button
          type="submit"
          icon="floppy-disk"
          text={t('orders.settings.save')}
          loading={form.pending}
          data-testid="order-settings-save"
        />
      </form>
    </Card>
  );
}
