import { useCallback, useState } from 'react';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { Button, Classes, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { useNow } from '../components/hooks.js';
import { ListPage } from '../kit/ListPage.js';
import { useLanguage } from '../i18n/i18n.js';
import { BatchDrawer, CODES_PARAMS } from './BatchDrawer.js';
import { BatchFormDialog } from './BatchFormDialog.js';
import { batchColumns } from './batchColumns.js';
import { batchList } from './lists.js';
import { CodeLookup } from './CodeLookup.js';
import { useShopCurrency } from './useShopCurrency.js';
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
  const [search, setSearch] = useUrlSearch();
  const [creating, setCreating] = useState(false);
  const currency = useShopCurrency(game, kind);
  const k = (key: string) => `giftCodes.${kind}.${key}`;

  const openBatch = useCallback(
    (id: number | null) =>
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        // Another batch's codes start on their first page, unfiltered.
        for (const p of Object.values(CODES_PARAMS)) next.delete(p);
        if (id === null) next.delete(BATCH_PARAM);
        else next.set(BATCH_PARAM, String(id));
        return next;
      }),
    [setSearch],
  );
  const raw = Number(search.get(BATCH_PARAM));
  const openId = Number.isSafeInteger(raw) && raw >= 1 ? raw : null;
  const columns = batchColumns({ t, lang, now, kind, currency, openBatch });

  return (
    <div className="gift-codes" data-testid={`gift-codes-${kind}`}>
      <p className={`${Classes.TEXT_MUTED} gift-intro`}>{t(k('intro'))}</p>
      <CodeLookup game={game} kind={kind} onOpenBatch={openBatch} />
      <ListPage
        {...batchList(game, kind, t)}
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
