import { useState } from 'react';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  InputGroup,
  Intent,
  NumericInput,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../kit/DialogActions.js';
import {
  CODE_ALPHABET,
  MAX_BATCH_SIZE,
  MAX_CODE_PREFIX,
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
import { FormField } from '../kit/FormField.js';
import { useGameName } from '../kit/gameName.js';
import { OptionSelect } from '../kit/OptionSelect.js';
import { useForm } from '../kit/useForm.js';
import { useLanguage } from '../i18n/i18n.js';
import { localInputToIso } from '../moderation/expiry.js';
import {
  BATCH_FIELDS,
  addRewardLine,
  batchInvalidKey,
  checkBatch,
  emptyBatch,
  withShopItem,
  type BatchDraft,
  type BatchField,
  type RewardLine,
} from './batchForm.js';
import { cleanPrefix, endpointsOf } from './codes.js';
import { formatMoney, minorDigits } from '../components/money.js';

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
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      onOpening={() => setOpened((n) => n + 1)}
      title={t(`giftCodes.${kind}.createTitle`, { game: gameName })}
      icon="add"
      className="gift-form-dialog"
    >
      {isOpen && <BatchForm key={opened} game={game} kind={kind} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
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
  const digits = minorDigits(currency);
  const [dropped, setDropped] = useState<string[]>([]);
  const form = useForm({
    initial: emptyBatch(kind, Date.now()),
    fields: BATCH_FIELDS,
    check: (d: BatchDraft) => checkBatch(game, d, digits),
    invalidKey: batchInvalidKey,
    clears: (changed): readonly BatchField[] =>
      changed === 'rewards' || changed === 'shopItemId'
        ? ['grant', 'price']
        : changed === 'validFrom' || changed === 'validUntil'
          ? ['validFrom', 'validUntil']
          : (BATCH_FIELDS as readonly string[]).includes(changed)
            ? [changed as BatchField]
            : [],
  });
  const { draft, change, errors, fieldIntent } = form;
  const catalogue = kind === 'activeCode' ? (items.data?.items ?? []) : (shop.data?.items ?? []);
  const catalogueFailed = kind === 'activeCode' ? items.error : shop.error;
  const itemOptions = catalogue.map((i) => ({
    value: String(i.id),
    label:
      i.price === undefined ? i.name : `${i.name} (${formatMoney(i.price, i.currency ?? currency, lang)})`,
  }));

  const setLine = (key: number, patch: Partial<RewardLine>) =>
    change({ rewards: draft.rewards.map((l) => (l.key === key ? { ...l, ...patch } : l)) });

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

  const field = (f: BatchField, label: string, help?: string) => ({
    id: `batch-${f}`,
    label,
    error: errors[f],
    help,
  });
  // From and until: the same field twice, each with the instant it names (in the console's
  // language) as its help.
  const validityField = (f: 'validFrom' | 'validUntil') => {
    const iso = localInputToIso(draft[f]);
    return (
      <FormField
        {...field(f, t(`giftCodes.field.${f}`), iso ? formatDateTime(iso, lang) : undefined)}
        need="required"
      >
        <InputGroup
          id={`batch-${f}`}
          type="datetime-local"
          value={draft[f]}
          onChange={(e) => change({ [f]: e.currentTarget.value })}
          intent={fieldIntent(f)}
          data-testid={`batch-${f}`}
        />
      </FormField>
    );
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
          {catalogueFailed ? (
            <ErrorCallout
              title={t('giftCodes.form.catalogueFailed')}
              error={asResultError(catalogueFailed, Codes.NETWORK)}
            />
          ) : null}
          <div className="gift-form-row">
            <FormField {...field('name', t('giftCodes.field.name'))} need="required">
              <InputGroup
                id="batch-name"
                value={draft.name}
                maxLength={64}
                onValueChange={(v) => change({ name: v })}
                intent={fieldIntent('name')}
                data-testid="batch-name"
              />
            </FormField>
            <FormField
              {...field(
                'count',
                t('giftCodes.field.count'),
                t('giftCodes.form.countHelp', { max: MAX_BATCH_SIZE.toLocaleString(lang) }),
              )}
              need="required"
            >
              <InputGroup
                id="batch-count"
                inputMode="numeric"
                value={draft.count}
                onValueChange={(v) => change({ count: v })}
                intent={fieldIntent('count')}
                data-testid="batch-count"
              />
            </FormField>
          </div>
          <div className="gift-form-row">
            <FormField
              {...field(
                'prefix',
                t('giftCodes.field.prefix'),
                dropped.length > 0
                  ? t('giftCodes.form.prefixDropped', { chars: dropped.join(' '), alphabet: CODE_ALPHABET })
                  : t('giftCodes.form.prefixHelp', { max: MAX_CODE_PREFIX, alphabet: CODE_ALPHABET }),
              )}
              need="optional"
            >
              <InputGroup
                id="batch-prefix"
                value={draft.prefix}
                maxLength={MAX_CODE_PREFIX}
                className="gift-code-input"
                onValueChange={(v) => {
                  const clean = cleanPrefix(v);
                  setDropped(clean.dropped);
                  change({ prefix: clean.value });
                }}
                intent={fieldIntent('prefix')}
                data-testid="batch-prefix"
              />
            </FormField>
            <FormField
              {...field('channel', t('giftCodes.field.channel'), t('giftCodes.form.channelHelp'))}
              need="optional"
            >
              <InputGroup
                id="batch-channel"
                value={draft.channel}
                maxLength={32}
                onValueChange={(v) => change({ channel: v })}
                intent={fieldIntent('channel')}
                data-testid="batch-channel"
              />
            </FormField>
          </div>
          {kind === 'activeCode' ? (
            <FormField
              {...field('grant', t('giftCodes.field.rewards'), t('giftCodes.form.rewardsHelp'))}
              need="required"
            >
              <div className="gift-rewards" data-testid="batch-rewards">
                {draft.rewards.map((line, i) => (
                  <div className="gift-reward-line" key={line.key} data-testid="batch-reward-line">
                    <OptionSelect
                      value={line.itemId}
                      none={t('giftCodes.form.chooseItem')}
                      options={itemOptions}
                      onChange={(v) => setLine(line.key, { itemId: v })}
                      aria-label={t('giftCodes.form.rewardItem', { n: i + 1 })}
                      data-testid={`batch-reward-item-${i}`}
                    />
                    <NumericInput
                      value={line.count}
                      min={1}
                      max={1_000_000}
                      allowNumericCharactersOnly
                      onValueChange={(_n, text) => setLine(line.key, { count: text })}
                      aria-label={t('giftCodes.form.rewardCount', { n: i + 1 })}
                      className="gift-reward-count"
                      data-testid={`batch-reward-count-${i}`}
                    />
                    <Button
                      icon="cross"
                      variant="minimal"
                      disabled={draft.rewards.length <= 1}
                      aria-label={t('giftCodes.form.removeReward', { n: i + 1 })}
                      title={t('giftCodes.form.removeReward', { n: i + 1 })}
                      onClick={() => change({ rewards: draft.rewards.filter((l) => l.key !== line.key) })}
                      data-testid={`batch-reward-remove-${i}`}
                    />
                  </div>
                ))}
                <Button
                  icon="add"
                  variant="minimal"
                  text={t('giftCodes.form.addReward')}
                  disabled={draft.rewards.length >= 20}
                  onClick={() => change({ rewards: addRewardLine(draft.rewards) })}
                  data-testid="batch-reward-add"
                />
              </div>
            </FormField>
          ) : (
            <div className="gift-form-row">
              <FormField {...field('grant', t('giftCodes.field.shopItem'))} need="required">
                <OptionSelect
                  id="batch-grant"
                  value={draft.shopItemId}
                  none={t('giftCodes.form.chooseShopItem')}
                  options={itemOptions}
                  onChange={(v) => change(withShopItem(draft, v, catalogue, digits))}
                  data-testid="batch-shop-item"
                />
              </FormField>
              <FormField
                {...field('price', t('giftCodes.field.price'), t('giftCodes.form.priceHelp', { currency }))}
                need="required"
              >
                <InputGroup
                  id="batch-price"
                  inputMode="decimal"
                  value={draft.price}
                  rightElement={<span className={`${Classes.TEXT_MUTED} gift-currency`}>{currency}</span>}
                  onValueChange={(v) => change({ price: v })}
                  intent={fieldIntent('price')}
                  data-testid="batch-price"
                />
              </FormField>
            </div>
          )}
          <div className="gift-form-row">
            {validityField('validFrom')}
            {validityField('validUntil')}
          </div>
          <div className="gift-form-row">
            <FormField
              {...field('usesPerCode', t('giftCodes.field.usesPerCode'), t('giftCodes.form.usesPerCodeHelp'))}
              need="required"
            >
              <InputGroup
                id="batch-usesPerCode"
                inputMode="numeric"
                value={draft.usesPerCode}
                onValueChange={(v) => change({ usesPerCode: v })}
                intent={fieldIntent('usesPerCode')}
                data-testid="batch-usesPerCode"
              />
            </FormField>
            <FormField
              {...field(
                'usesPerPlayer',
                t('giftCodes.field.usesPerPlayer'),
                t('giftCodes.form.usesPerPlayerHelp'),
              )}
              need="required"
            >
              <InputGroup
                id="batch-usesPerPlayer"
                inputMode="numeric"
                value={draft.usesPerPlayer}
                onValueChange={(v) => change({ usesPerPlayer: v })}
                intent={fieldIntent('usesPerPlayer')}
                data-testid="batch-usesPerPlayer"
              />
            </FormField>
          </div>
          <FormField {...field('reason', t('confirm.reason'), t('confirm.reasonHelp'))} need="required">
            <TextArea
              id="batch-reason"
              fill
              value={draft.reason}
              maxLength={500}
              onChange={(e) => change({ reason: e.currentTarget.value })}
              intent={fieldIntent('reason')}
              data-testid="batch-reason"
            />
          </FormField>
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
