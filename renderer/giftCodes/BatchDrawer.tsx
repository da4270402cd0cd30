import { useMemo, useState, type ReactNode } from 'react';
import { Button, Classes, Drawer, DrawerSize, HTMLTable, Intent, ProgressBar, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CodeBatch, CodeInfo, CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { formatDateTime } from '../components/format.js';
import { QueryState } from '../components/QueryState.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { callEndpoint, useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useGameName } from '../kit/gameName.js';
import { FilterBar } from '../kit/FilterBar.js';
import type { ListFilter } from '../kit/filters.js';
import { ListBody } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import { useListController } from '../kit/useListController.js';
import { useLanguage } from '../i18n/i18n.js';
import { downloadText } from '../kit/download.js';
import { codesCsv } from './exportFile.js';
import { useShopCurrency } from './useShopCurrency.js';
import { CopyCode } from './CopyCode.js';
import {
  BATCH_STATE_INTENT,
  CODE_STATE_INTENT,
  capacityOf,
  endpointsOf,
  grantText,
  usedShare,
} from './codes.js';

/** One batch: what it is, how far it is used, its codes page by page, export and disable. */
export function BatchDrawer({
  game,
  kind,
  batchId,
  onClose,
}: {
  game: GameId;
  kind: CodeKind;
  batchId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Read afresh each time the drawer opens: redemptions happen in the games, not in this console.
  const batch = useEndpointQuery(endpointsOf(kind).batch, { game, batchId }, { staleTime: 0 });
  return (
    <Drawer
      isOpen
      onClose={onClose}
      size={DrawerSize.LARGE}
      icon={kind === 'activeCode' ? 'barcode' : 'shop'}
      title={batch.data ? batch.data.name : t('giftCodes.batch.title', { id: batchId })}
    >
      <div className={Classes.DRAWER_BODY}>
        <div className={Classes.DIALOG_BODY} data-testid="batch-drawer">
          <QueryState
            query={batch}
            failedTitle={t('giftCodes.batch.loadFailed')}
            errorTestId="batch-drawer-error"
          >
            {(b) => <BatchBody game={game} kind={kind} batch={b} />}
          </QueryState>
        </div>
      </div>
    </Drawer>
  );
}

function BatchBody({ game, kind, batch }: { game: GameId; kind: CodeKind; batch: CodeBatch }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const currency = useShopCurrency(game, kind);
  const ep = endpointsOf(kind);
  const [confirm, setConfirm] = useState<'export' | 'status' | null>(null);
  const setEnabled = useEndpointMutation(ep.setBatchEnabled);
  const names = { name: batch.name, game: gameName, count: batch.total };

  const facts: [string, ReactNode][] = [
    [
      t('giftCodes.field.state'),
      <Tag key="s" minimal intent={BATCH_STATE_INTENT[batch.state]} data-testid="batch-drawer-state">
        {t(`giftCodes.batchState.${batch.state}`)}
      </Tag>,
    ],
    [t(`giftCodes.${kind}.grant`), grantText(batch.grant, batch.grantNames, currency, lang)],
    [t('giftCodes.field.prefix'), batch.prefix ? <code key="p">{batch.prefix}</code> : '—'],
    [t('giftCodes.field.channel'), batch.channel || '—'],
    [t('giftCodes.field.count'), batch.total.toLocaleString(lang)],
    [
      t('giftCodes.field.used'),
      <span key="u" className="gift-used gift-used-wide" data-testid="batch-drawer-used">
        <span>
          {t('giftCodes.batch.usedOf', {
            used: batch.used.toLocaleString(lang),
            capacity: capacityOf(batch).toLocaleString(lang),
          })}
        </span>
        <ProgressBar value={usedShare(batch)} stripes={false} animate={false} intent={Intent.PRIMARY} />
      </span>,
    ],
    [
      t('giftCodes.field.validity'),
      `${formatDateTime(batch.validFrom, lang)} – ${formatDateTime(batch.validUntil, lang)}`,
    ],
    [t('giftCodes.field.usesPerCode'), batch.usesPerCode.toLocaleString(lang)],
    [t('giftCodes.field.usesPerPlayer'), batch.usesPerPlayer.toLocaleString(lang)],
    [t('giftCodes.field.createdBy'), `${batch.createdBy} · ${formatDateTime(batch.createdAt, lang)}`],
    [t('giftCodes.field.reason'), batch.reason],
  ];

  return (
    <>
      <div className="gift-drawer-actions">
        <Button
          icon="export"
          text={t('giftCodes.export.button')}
          onClick={() => setConfirm('export')}
          data-testid="batch-export"
        />
        <Button
          icon={batch.enabled ? 'disable' : 'play'}
          intent={batch.enabled ? Intent.DANGER : Intent.SUCCESS}
          text={batch.enabled ? t('giftCodes.batch.disable') : t('giftCodes.batch.enable')}
          onClick={() => setConfirm('status')}
          data-testid="batch-toggle"
        />
      </div>
      <HTMLTable compact className="gift-facts" data-testid="batch-facts">
        <tbody>
          {facts.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <BatchCodes game={game} kind={kind} batchId={batch.id} />
      <ReasonConfirmDialog
        isOpen={confirm === 'export'}
        onClose={() => setConfirm(null)}
        title={t('giftCodes.export.title', names)}
        warning={t('giftCodes.export.warning', names)}
        confirmText={t('giftCodes.export.confirm')}
        failedTitle={t('giftCodes.export.failed')}
        icon="export"
        intent={Intent.PRIMARY}
        onConfirm={async (reason) => {
          const out = await callEndpoint(ep.export, { game, batchId: batch.id, reason });
          const offsetMinutes = -new Date().getTimezoneOffset();
          downloadText(codesCsv(out.csv, { t, offsetMinutes }), out.filename, 'text/csv');
          toasts.result(t('giftCodes.export.done', { count: out.rows, file: out.filename }));
        }}
        testId="batch-export-dialog"
      />
      <ReasonConfirmDialog
        isOpen={confirm === 'status'}
        onClose={() => setConfirm(null)}
        title={t(batch.enabled ? 'giftCodes.batch.disableTitle' : 'giftCodes.batch.enableTitle', names)}
        warning={t(
          batch.enabled ? `giftCodes.${kind}.disableWarning` : `giftCodes.${kind}.enableWarning`,
          names,
        )}
        confirmText={batch.enabled ? t('giftCodes.batch.disable') : t('giftCodes.batch.enable')}
        failedTitle={t('giftCodes.batch.statusFailed')}
        icon={batch.enabled ? 'disable' : 'play'}
        intent={batch.enabled ? Intent.DANGER : Intent.SUCCESS}
        onConfirm={async (reason) => {
          const next = await setEnabled.mutateAsync({
            game,
            batchId: batch.id,
            enabled: !batch.enabled,
            reason,
          });
          toasts.success(t(next.enabled ? 'giftCodes.batch.enabled' : 'giftCodes.batch.disabled', names));
        }}
        testId="batch-status-dialog"
      />
    </>
  );
}

/**
 * The URL parameters of the open batch's codes list, apart from the batch list's own: the page
 * under the drawer keeps its page while the drawer pages through the codes.
 */
export const CODES_PARAMS = { page: 'codesPage', used: 'codesUsed' } as const;

/** A batch's codes, a page at a time, all or only the used or unused ones (in the URL). */
function BatchCodes({ game, kind, batchId }: { game: GameId; kind: CodeKind; batchId: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const filters = useMemo<ListFilter[]>(
    () => [
      {
        kind: 'select',
        input: 'used',
        param: CODES_PARAMS.used,
        options: ['false', 'true'],
        label: (u) => t(u === 'true' ? 'giftCodes.batch.onlyUsed' : 'giftCodes.batch.onlyUnused'),
        ariaLabel: t('giftCodes.batch.usedFilter'),
        none: t('giftCodes.batch.allCodes'),
        testId: 'batch-codes-used-filter',
      },
    ],
    [t],
  );
  // Read afresh each time: the codes are used in the games, not in this console.
  const list = useListController({
    endpoint: endpointsOf(kind).codes,
    input: { game, batchId },
    filters,
    pageParam: CODES_PARAMS.page,
    staleTime: 0,
  });
  const columns: TableColumn<Omit<CodeInfo, 'redemptions'>>[] = [
    {
      key: 'code',
      name: t('giftCodes.field.code'),
      width: 260,
      interactive: true,
      render: (c) => <CopyCode code={c.code} />,
    },
    {
      key: 'uses',
      name: t('giftCodes.field.uses'),
      width: 90,
      render: (c) => `${c.uses.toLocaleString(lang)} / ${c.usesPerCode.toLocaleString(lang)}`,
    },
    {
      key: 'state',
      name: t('giftCodes.field.state'),
      width: 130,
      render: (c) => (
        <Tag minimal intent={CODE_STATE_INTENT[c.state]}>
          {t(`giftCodes.codeState.${c.state}`)}
        </Tag>
      ),
    },
  ];
  return (
    <section className="gift-codes-list">
      <div className="toolbar">
        <h4 className={Classes.HEADING}>{t('giftCodes.batch.codes')}</h4>
        <FilterBar list={list} testId="batch-codes" />
      </div>
      <ListBody
        list={list}
        columns={columns}
        texts={{ failed: t('giftCodes.batch.codesFailed'), empty: t('giftCodes.batch.noCodes') }}
        icon="barcode"
        testId="batch-codes"
      />
    </section>
  );
}
