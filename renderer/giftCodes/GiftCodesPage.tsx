import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Classes, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { BATCH_STATES, type CodeBatch, type CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { relativeText } from '../components/relativeText.js';
import { useNow } from '../components/hooks.js';
import type { ListFilter } from '../kit/filters.js';
import { ListPage } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { BatchDrawer } from './BatchDrawer.js';
import { BatchFormDialog } from './BatchFormDialog.js';
import { CodeLookup } from './CodeLookup.js';
import { useShopCurrency } from './useShopCurrency.js';
import { BATCH_STATE_INTENT, capacityOf, endpointsOf, grantText, usedShare } from './codes.js';
import './giftCodes.css';

/** The URL parameter of the batch open in the drawer, so a reload or a shared link reopens it. */
const BATCH_PARAM = 'batch';

export function ActiveCodesPage({ game }: { game: GameId }) {
  return <GiftCodesPage game={game} kind="activeCode" />;
}

export function ShopTicketsPage({ game }: { game: GameId }) {
  return <GiftCodesPage game={game} kind="shopTicket" />;
}

/**
 * One game's activation codes or shop tickets (the page takes the kind; both share the calls):
 * a code lookup, the batches with their use and state, a new batch, and a batch's own drawer
 * with its codes, export and disable.
 */
export function GiftCodesPage({ game, kind }: { game: GameId; kind: CodeKind }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const now = useNow(60_000);
  const [search, setSearch] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const currency = useShopCurrency(game, kind);
  const ep = endpointsOf(kind);
  const k = (key: string) => `giftCodes.${kind}.${key}`;

  const openBatch = useCallback(
    (id: number | null) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete(BATCH_PARAM);
        else next.set(BATCH_PARAM, String(id));
        return next;
      }),
    [setSearch],
  );
  const raw = Number(search.get(BATCH_PARAM));
  const openId = Number.isSafeInteger(raw) && raw >= 1 ? raw : null;

  const filters: ListFilter[] = [
    { kind: 'search', input: 'q', placeholder: t('giftCodes.list.search'), maxLength: 64 },
    {
      kind: 'select',
      input: 'state',
      options: BATCH_STATES,
      label: (s) => t(`giftCodes.batchState.${s}`),
      ariaLabel: t('giftCodes.field.state'),
      none: t('giftCodes.list.allStates'),
    },
    {
      kind: 'search',
      input: 'channel',
      placeholder: t('giftCodes.list.channel'),
      maxLength: 32,
      testId: 'batches-channel-filter',
    },
  ];

  const columns: TableColumn<CodeBatch>[] = [
    {
      key: 'open',
      name: t('kit.list.actions'),
      width: 100,
      interactive: true,
      render: (b) => (
        <Button
          size="small"
          variant="minimal"
          icon="panel-stats"
          text={t('giftCodes.list.open')}
          onClick={() => openBatch(b.id)}
          data-testid={`batch-open-${b.id}`}
        />
      ),
    },
    {
      key: 'name',
      name: t('giftCodes.field.name'),
      width: 170,
      render: (b) => <span data-testid={`batch-name-${b.id}`}>{b.name}</span>,
      tooltip: (b) => b.name,
    },
    {
      key: 'prefix',
      name: t('giftCodes.field.prefix'),
      width: 80,
      render: (b) => (b.prefix ? <code>{b.prefix}</code> : ''),
    },
    { key: 'channel', name: t('giftCodes.field.channel'), width: 100, render: (b) => b.channel },
    {
      key: 'grant',
      name: t(k('grant')),
      width: 220,
      render: (b) => grantText(b.grant, b.grantNames, currency, lang),
      tooltip: (b) => grantText(b.grant, b.grantNames, currency, lang),
    },
    {
      key: 'validity',
      name: t('giftCodes.field.validity'),
      width: 250,
      render: (b) => `${formatDateTime(b.validFrom, lang)} – ${formatDateTime(b.validUntil, lang)}`,
      tooltip: (b) => validityText(t, b, now),
    },
    {
      key: 'ends',
      name: t('giftCodes.field.ends'),
      width: 120,
      render: (b) => validityText(t, b, now),
    },
    {
      key: 'used',
      name: t('giftCodes.field.used'),
      width: 150,
      render: (b) => (
        <span className="gift-used" data-testid={`batch-used-${b.id}`}>
          <span>
            {b.used.toLocaleString(lang)} / {capacityOf(b).toLocaleString(lang)}
          </span>
          <ProgressBar
            value={usedShare(b)}
            stripes={false}
            animate={false}
            intent={Intent.PRIMARY}
            aria-label={t('giftCodes.field.used')}
          />
        </span>
      ),
      tooltip: (b) => t('giftCodes.list.usedHelp', { codes: b.total, uses: b.usesPerCode }),
    },
    {
      key: 'state',
      name: t('giftCodes.field.state'),
      width: 110,
      render: (b) => (
        <Tag minimal intent={BATCH_STATE_INTENT[b.state]} data-testid={`batch-state-${b.id}`}>
          {t(`giftCodes.batchState.${b.state}`)}
        </Tag>
      ),
    },
    { key: 'createdBy', name: t('giftCodes.field.createdBy'), width: 100, render: (b) => b.createdBy },
    {
      key: 'createdAt',
      name: t('giftCodes.field.createdAt'),
      width: 150,
      render: (b) => <ListTime at={b.createdAt} />,
    },
  ];

  return (
    <div className="gift-codes" data-testid={`gift-codes-${kind}`}>
      <p className={`${Classes.TEXT_MUTED} gift-intro`}>{t(k('intro'))}</p>
      <CodeLookup game={game} kind={kind} onOpenBatch={openBatch} />
      <ListPage
        endpoint={ep.batches}
        input={{ game }}
        filters={filters}
        columns={columns}
        texts={{ failed: t('giftCodes.list.loadFailed'), empty: t(k('empty')) }}
        icon={kind === 'activeCode' ? 'barcode' : 'shop'}
        toolbarEnd={
          <Button
            intent={Intent.PRIMARY}
            icon="add"
            text={t(k('newBatch'))}
            onClick={() => setCreating(true)}
            data-testid="batch-new"
          />
        }
        testId="batches"
      />
      <BatchFormDialog
        game={game}
        kind={kind}
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(b) => {
          setCreating(false);
          openBatch(b.id);
        }}
      />
      {openId !== null && (
        <BatchDrawer game={game} kind={kind} batchId={openId} onClose={() => openBatch(null)} />
      )}
    </div>
  );
}

/** When a batch starts or ends, relative to now, in the spec's short form ("ends in 3d"). */
function validityText(t: TFunction, b: Pick<CodeBatch, 'validFrom' | 'validUntil'>, now: number): string {
  const from = Date.parse(b.validFrom);
  const until = Date.parse(b.validUntil);
  if (from > now) return t('giftCodes.list.starts', { when: relativeText(t, from, now) });
  if (until > now) return t('giftCodes.list.endsIn', { when: relativeText(t, until, now) });
  return t('giftCodes.list.ended', { when: relativeText(t, until, now) });
}
