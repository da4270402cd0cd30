import { useState } from 'react';
import { Callout, Classes, Dialog, DialogBody, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import {
  CODE_ALPHABET,
  MAX_BATCH_SIZE,
  MAX_CODE_PREFIX,
  type CatalogueEntry,
  type CodeBatch,
  type CodeKind,
} from '../../shared/api/giftCodes.js';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatDateTime } from '../components/format.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { Field, FieldFrame } from '../kit/form/Field.js';
import { useBoundForm } from '../kit/form/useBoundForm.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect, type Option } from '../kit/OptionSelect.js';
import { useLanguage } from '../i18n/i18n.js';
import { localInputToIso } from '../moderation/expiry.js';
import { batchForm, withShopItem, type BatchDraft } from './batchForm.js';
import { cleanPrefix, endpointsOf } from './codes.js';
import { formatMoney, minorDigits } from '../components/money.js';
import { RewardLines } from './RewardLines.js';

/**
 * A new batch of either kind: how many codes, their prefix and channel, what they grant (items
 * with counts, or one shop item at a price), when they work, how often, and why. Checked by the
 * contract's schema before sending; a refusal marks the fields the server names.
 */
export function BatchFormDialog({
  game,
  kind,
  isOpen,
  onClose,
  onCreated,
}: {
  game: GameId;
  kind: CodeKind;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (batch: CodeBatch) => void;
}) {
  const { t } = useTranslation();
  const gameName = useGameName(game);
  // A new form each time the dialog opens, so its dates start from that moment.
  const [opened, setOpened] = useState(0);
  // Closed because the batch was made: its drawer opens and takes the focus. Giving it back to
  // the button that opened this dialog (at the end of the dialog's exit, 300 ms later) would take
  // it out of the drawer, and Escape would no longer close the drawer.
  const [made, setMade] = useState(false);
  const created = (batch: CodeBatch) => {
    setMade(true);
    onCreated(batch);
  };
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => {
        setMade(false);
        setOpened((n) => n + 1);
      }}
      shouldReturnFocusOnClose={!made}
      title={t(`giftCodes.${kind}.createTitle`, { game: gameName })}
      icon="add"
      className="gift-form-dialog"
    >
      {isOpen && <BatchForm key={opened} game={game} kind={kind} onClose={onClose} onCreated={created} />}
    </Dialog>
  );
}

/** The game's catalogue the batch grants from: items for activation codes, the shop for tickets. */
function useCatalogue(game: GameId, kind: CodeKind) {
  const lang = useLanguage();
  const items = useEndpointQuery(
    'catalogue.items',
    { game },
    { enabled: kind === 'activeCode', staleTime: 300_000 },
  );
  const shop = useEndpointQuery(
    'catalogue.shopItems',
    { game },
    { enabled: kind === 'shopTicket', staleTime: 300_000 },
  );
  const currency = shop.data?.currency ?? 'CNY';
  const entries: CatalogueEntry[] =
    kind === 'activeCode' ? (items.data?.items ?? []) : (shop.data?.items ?? []);
  const options: Option[] = entries.map((i) => ({
    value: String(i.id),
    label:
      i.price === undefined ? i.name : `${i.name} (${formatMoney(i.price, i.currency ?? currency, lang)})`,
  }));
  return { entries, options, currency, failed: kind === 'activeCode' ? items.error : shop.error };
}

function BatchForm({
  game,
  kind,
  onClose,
  onCreated,
}: {
  game: GameId;
  kind: CodeKind;
  onClose: () => void;
  onCreated: (batch: CodeBatch) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const create = useEndpointMutation(endpointsOf(kind).create);
  const catalogue = useCatalogue(game, kind);
  const digits = minorDigits(catalogue.currency);
  const [dropped, setDropped] = useState<string[]>([]);
  const [now] = useState(Date.now);
  const form = useBoundForm(batchForm(game, kind, digits, now));
  const { draft, errors } = form;

  const save = async () => {
    const input = form.validate();
    if (input === null) return;
    try {
      const batch = await form.send(() => create.mutateAsync(input));
      toasts.success(t(`giftCodes.${kind}.created`, { name: batch.name, count: batch.total }));
      onCreated(batch);
    } catch {
      // The form shows the failure and the fields the server refused.
    }
  };
  // From and until: each with the instant it names (in the console's language) as its help.
  const dateHelp = (f: 'validFrom' | 'validUntil') => {
    const iso = localInputToIso(draft[f]);
    return iso ? formatDateTime(iso, lang) : null;
  };

  return (
    <>
      <DialogBody>
        <form
          className="gift-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          data-testid="batch-form"
        >
          <p className={Classes.TEXT_MUTED}>{t(`giftCodes.${kind}.createIntro`)}</p>
          {Object.keys(errors).length > 0 && (
            <Callout intent={Intent.DANGER} icon="error" data-testid="batch-form-invalid">
              {t('kit.form.fixFields')}
            </Callout>
          )}
          {form.error ? (
            <ErrorCallout
              title={t('giftCodes.form.failed')}
              error={asResultError(form.error, Codes.NETWORK)}
            />
          ) : null}
          {catalogue.failed ? (
            <ErrorCallout
              title={t('giftCodes.form.catalogueFailed')}
              error={asResultError(catalogue.failed, Codes.NETWORK)}
            />
          ) : null}
          <div className="gift-form-row">
            <Field of={form} name="name" maxLength={64} />
            <Field
              of={form}
              name="count"
              inputMode="numeric"
              help={t('giftCodes.form.countHelp', { max: MAX_BATCH_SIZE.toLocaleString(lang) })}
            />
          </div>
          <div className="gift-form-row">
            <Field
              of={form}
              name="prefix"
              maxLength={MAX_CODE_PREFIX}
              inputClassName="gift-code-input"
              help={
                dropped.length > 0
                  ? t('giftCodes.form.prefixDropped', { chars: dropped.join(' '), alphabet: CODE_ALPHABET })
                  : t('giftCodes.form.prefixHelp', { max: MAX_CODE_PREFIX, alphabet: CODE_ALPHABET })
              }
              onChange={(v) => {
                const clean = cleanPrefix(v);
                setDropped(clean.dropped);
                form.change({ prefix: clean.value });
              }}
            />
            <Field of={form} name="channel" maxLength={32} />
          </div>
          <GrantFields form={form} kind={kind} catalogue={catalogue} digits={digits} />
          <div className="gift-form-row">
            <Field of={form} name="validFrom" as="datetime" help={dateHelp('validFrom')} />
            <Field of={form} name="validUntil" as="datetime" help={dateHelp('validUntil')} />
          </div>
          <div className="gift-form-row">
            <Field of={form} name="usesPerCode" inputMode="numeric" />
            <Field of={form} name="usesPerPlayer" inputMode="numeric" />
          </div>
          <Field of={form} name="reason" as="textarea" maxLength={500} />
          {/* Enter in a field submits, as in every form of the console. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </form>
      </DialogBody>
      <DialogActions
        onCancel={onClose}
        pending={form.pending}
        icon="add"
        confirmText={t(`giftCodes.${kind}.createSubmit`)}
        onConfirm={() => void save()}
        testId="batch-submit"
      />
    </>
  );
}

/** What the batch grants: reward lines for activation codes, a shop item and its price for tickets. */
function GrantFields({
  form,
  kind,
  catalogue,
  digits,
}: {
  form: ReturnType<typeof useBoundForm<ReturnType<typeof batchForm>['endpoint'], BatchDraft>>;
  kind: CodeKind;
  catalogue: ReturnType<typeof useCatalogue>;
  digits: number;
}) {
  const { t } = useTranslation();
  const { draft } = form;
  if (kind === 'activeCode')
    return (
      <FieldFrame
        of={form}
        name="grant"
        label={t('giftCodes.field.rewards')}
        help={t('giftCodes.form.rewardsHelp')}
      >
        {() => (
          <RewardLines
            lines={draft.rewards}
            items={catalogue.options}
            onChange={(rewards) => form.change({ rewards })}
          />
        )}
      </FieldFrame>
    );
  return (
    <div className="gift-form-row">
      <FieldFrame of={form} name="grant" label={t('giftCodes.field.shopItem')} testId="batch-shop-item">
        {(p) => (
          <OptionSelect
            id={p.id}
            value={draft.shopItemId}
            none={t('giftCodes.form.chooseShopItem')}
            options={catalogue.options}
            onChange={(v) => form.change(withShopItem(draft, v, catalogue.entries, digits))}
            data-testid={p.testId}
          />
        )}
      </FieldFrame>
      <Field
        of={form}
        name="price"
        inputMode="decimal"
        need="required"
        help={t('giftCodes.form.priceHelp', { currency: catalogue.currency })}
        rightElement={<span className={`${Classes.TEXT_MUTED} gift-currency`}>{catalogue.currency}</span>}
      />
    </div>
  );
}
