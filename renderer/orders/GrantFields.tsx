import type { ReactNode } from 'react';
import { Button, InputGroup, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { GameId } from '../../shared/games.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { formatMoney } from '../components/money.js';
import { useLanguage } from '../i18n/i18n.js';
import { useEndpointQuery } from '../kit/data.js';
import { FieldFrame } from '../kit/form/Field.js';
import { OptionSelect } from '../kit/OptionSelect.js';
import { GRANT_KINDS, MAX_ITEM_LINES, type CreateDraft, type CreateOrderForm } from './createForm.js';

/** The game's recharge packs (for the pack select and the order's price), fetched while chosen. */
export function useRechargePacks(game: GameId, kind: CreateDraft['kind']) {
  return useEndpointQuery(
    'catalogue.rechargePacks',
    { game },
    { enabled: kind === 'recharge', staleTime: 300_000 },
  );
}

/** What the order gives: the kind (a pack, an amount, items), then the pack or the item lines. */
export function GrantFields({
  game,
  form,
  packs,
}: {
  game: GameId;
  form: CreateOrderForm;
  packs: ReturnType<typeof useRechargePacks>;
}) {
  const { t } = useTranslation();
  const { kind } = form.draft;
  return (
    <>
      <RadioGroup
        className="orders-create-kind"
        label={t('orders.create.grantKind')}
        inline
        selectedValue={kind}
        onChange={(e) => form.change({ kind: e.currentTarget.value as CreateDraft['kind'] })}
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
      {kind === 'recharge' && <PackField form={form} packs={packs} />}
      {kind === 'items' && <ItemLines game={game} form={form} />}
    </>
  );
}

/** A catalogue list's input once the list is here: a spinner while it loads, what failed if it did. */
function Loaded({
  query,
  failed,
  children,
}: {
  query: { isPending: boolean; error: unknown };
  failed: string;
  children: ReactNode;
}) {
  if (query.isPending) return <Spinner size={16} />;
  if (query.error) return <ErrorCallout title={failed} error={asResultError(query.error, Codes.NETWORK)} />;
  return children;
}

/** The recharge pack, each with its price: the order is worth what the chosen pack costs. */
function PackField({ form, packs }: { form: CreateOrderForm; packs: ReturnType<typeof useRechargePacks> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const options = (packs.data?.items ?? []).map((p) => ({
    value: String(p.id),
    label: p.price === undefined ? p.name : `${p.name} · ${formatMoney(p.price, p.currency, lang)}`,
  }));
  return (
    <FieldFrame of={form} name="grant" label={t('orders.create.pack')} testId="order-create-pack">
      {(p) => (
        <Loaded query={packs} failed={t('orders.create.packsFailed')}>
          <OptionSelect
            id={p.id}
            value={form.draft.packId}
            none={t('orders.create.choosePack')}
            options={options}
            onChange={(packId) => form.change({ packId })}
            data-testid={p.testId}
          />
        </Loaded>
      )}
    </FieldFrame>
  );
}

/** Items with their counts, one line each (up to MAX_ITEM_LINES), from the game's catalogue. */
function ItemLines({ game, form }: { game: GameId; form: CreateOrderForm }) {
  const { t } = useTranslation();
  const items = useEndpointQuery('catalogue.items', { game }, { staleTime: 300_000 });
  const lines = form.draft.items;
  const options = (items.data?.items ?? []).map((it) => ({ value: String(it.id), label: it.name }));
  const setLine = (i: number, patch: Partial<CreateDraft['items'][number]>) =>
    form.change({ items: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  return (
    <FieldFrame of={form} name="grant" label={t('orders.create.items')} need={null}>
      {(p) => (
        <Loaded query={items} failed={t('orders.create.itemsFailed')}>
          {/* The label names the lines; the focus lands here when they are what is wrong. */}
          <div id={p.id} tabIndex={-1} className="orders-items" data-testid="order-create-items">
            {lines.map((line, i) => (
              <div className="orders-item-line" key={i}>
                <OptionSelect
                  value={line.itemId}
                  aria-label={t('orders.create.item')}
                  none={t('orders.create.chooseItem')}
                  options={options}
                  onChange={(itemId) => setLine(i, { itemId })}
                  data-testid={`order-create-item-${i}`}
                />
                <InputGroup
                  className="orders-item-count"
                  inputMode="numeric"
                  value={line.count}
                  aria-label={t('orders.create.count')}
                  onValueChange={(count) => setLine(i, { count })}
                  data-testid={`order-create-count-${i}`}
                />
                <Button
                  variant="minimal"
                  icon="cross"
                  aria-label={t('orders.create.removeItem')}
                  onClick={() => form.change({ items: lines.filter((_, j) => j !== i) })}
                />
              </div>
            ))}
            <Button
              icon="add"
              text={t('orders.create.addItem')}
              disabled={lines.length >= MAX_ITEM_LINES}
              onClick={() => form.change({ items: [...lines, { itemId: '', count: '1' }] })}
              data-testid="order-create-add-item"
            />
          </div>
        </Loaded>
      )}
    </FieldFrame>
  );
}
