import { useCallback, useState } from 'react';
import { Button, H4, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RECHARGE_STATUSES, type TestingPlayer, type TestingRecharge } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListBody } from './ListBody.js';
import { ListTable, type ListColumn } from './ListTable.js';
import { NotInGame } from './NotInGame.js';
import { PlayerLink } from './PlayerLink.js';
import { SearchBox } from './SearchBox.js';
import { StatusTag } from './StatusTag.js';
import { playerLabel, useGameName, useRetained } from './labels.js';
import { pickOne } from './listParams.js';
import { formatMoney } from '../components/money.js';
import {
  asTestingGame,
  useRefundTesting,
  useTestingPlayers,
  useTestingRecharges,
  type TestingGame,
} from './moderationApi.js';
import { useListParams } from './useListParams.js';

/** Testing recharges are in the test currency; the totals of the testing list are in it too. */
const TOTALS_CURRENCY = 'CNY';
const PLAYER_PARAM = 'player';
const STATUS_PARAM = 'rstatus';
const RECHARGES_PAGE = 'rpage';

function RefundDialog({
  game,
  recharge,
  onClose,
}: {
  game: TestingGame;
  recharge: TestingRecharge | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const refund = useRefundTesting(game);
  const shown = useRetained(recharge);
  if (!shown) return null;
  const names = {
    game: gameName,
    player: playerLabel(shown.playerId, shown.playerName),
    order: shown.orderId,
    amount: formatMoney(shown.amount, shown.currency, lang),
  };
  return (
    <ReasonConfirmDialog
      isOpen={recharge !== null}
      onClose={onClose}
      title={t('moderation.testing.refund.title', names)}
      warning={t('moderation.testing.refund.warning', names)}
      confirmText={t('moderation.testing.refund.confirm', names)}
      failedTitle={t('moderation.testing.refund.failed')}
      icon="undo"
      intent={Intent.WARNING}
      onConfirm={(reason) => refund.mutateAsync({ game, rechargeId: shown.id, reason })}
      onDone={() => toasts.success(t('moderation.testing.refund.done', names))}
      testId="refund-dialog"
    />
  );
}

function Recharges({ game, players }: { game: TestingGame; players: readonly TestingPlayer[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams(RECHARGES_PAGE);
  const playerId = search.get(PLAYER_PARAM) ?? '';
  const status = pickOne(search.get(STATUS_PARAM), RECHARGE_STATUSES);
  const list = useTestingRecharges(game, {
    page,
    ...(playerId ? { playerId } : {}),
    ...(status ? { status } : {}),
  });
  const [refunding, setRefunding] = useState<TestingRecharge | null>(null);
  const closeRefund = useCallback(() => setRefunding(null), []);

  const selectedName =
    players.find((p) => p.playerId === playerId)?.playerName ??
    list.data?.items.find((r) => r.playerId === playerId)?.playerName ??
    null;

  const playerColumn: ListColumn<TestingRecharge> = {
    key: 'player',
    name: t('moderation.field.player'),
    width: 230,
    interactive: true,
    render: (r) => <PlayerLink game={game} id={r.playerId} name={r.playerName} />,
  };
  const columns: ListColumn<TestingRecharge>[] = [
    {
      key: 'actions',
      name: t('moderation.field.actions'),
      width: 100,
      interactive: true,
      render: (r) =>
        r.status === 'paid' ? (
          <Button
            size="small"
            variant="minimal"
            intent={Intent.WARNING}
            icon="undo"
            text={t('moderation.testing.refund.action')}
            onClick={() => setRefunding(r)}
            data-testid={`refund-${r.id}`}
          />
        ) : null,
    },
    { key: 'order', name: t('moderation.field.orderId'), width: 170, render: (r) => r.orderId },
    // With one player chosen the title names them; the column would repeat it on every row.
    ...(playerId ? [] : [playerColumn]),
    { key: 'product', name: t('moderation.field.product'), width: 150, render: (r) => r.product },
    {
      key: 'amount',
      name: t('moderation.field.amount'),
      width: 110,
      render: (r) => formatMoney(r.amount, r.currency, lang),
    },
    {
      key: 'status',
      name: t('moderation.field.status'),
      width: 90,
      render: (r) => <StatusTag status={r.status} />,
    },
    { key: 'at', name: t('moderation.field.at'), width: 150, render: (r) => formatDateTime(r.at, lang) },
    {
      key: 'refunded',
      name: t('moderation.field.refunded'),
      width: 200,
      render: (r) =>
        r.refundedAt
          ? t('moderation.testing.refundedBy', {
              operator: r.refundedBy ?? '',
              time: formatDateTime(r.refundedAt, lang),
            })
          : '',
    },
    {
      key: 'refundReason',
      name: t('moderation.field.refundReason'),
      width: 200,
      render: (r) => r.refundReason ?? '',
      tooltip: (r) => r.refundReason ?? '',
    },
  ];

  return (
    <section className="testing-recharges" data-testid="testing-recharges">
      <div className="toolbar">
        <H4 className="section-title" data-testid="testing-recharges-title">
          {playerId
            ? t('moderation.testing.rechargesOf', { player: playerLabel(playerId, selectedName) })
            : t('moderation.testing.rechargesAll')}
        </H4>
        {playerId && (
          <Button
            variant="minimal"
            icon="people"
            text={t('moderation.testing.showAll')}
            onClick={() => update({ [PLAYER_PARAM]: '' })}
            data-testid="testing-recharges-all"
          />
        )}
        <HTMLSelect
          value={status ?? ''}
          onChange={(e) => update({ [STATUS_PARAM]: e.currentTarget.value })}
          aria-label={t('moderation.field.status')}
          data-testid="testing-status-filter"
        >
          <option value="">{t('moderation.statusFilter.all')}</option>
          {RECHARGE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`moderation.status.${s}`)}
            </option>
          ))}
        </HTMLSelect>
        <span className="toolbar-spacer" />
        {list.isFetching && !list.isPending && <Spinner size={16} />}
      </div>
      <ListBody
        query={list}
        failedTitle={t('moderation.testing.rechargesFailed')}
        empty={{
          icon: 'dollar',
          title: t('moderation.testing.noRecharges'),
          filteredTitle: t('moderation.testing.noRechargesMatch'),
        }}
        filtered={playerId !== '' || status !== undefined}
        onPage={(p) => update({ [RECHARGES_PAGE]: p })}
        tableTestId="testing-recharges-table"
        testId="testing-recharges"
      >
        {(items) => <ListTable rows={items} columns={columns} testId="testing-recharges-table" />}
      </ListBody>
      <RefundDialog game={game} recharge={refunding} onClose={closeRefund} />
    </section>
  );
}

function TestingPlayers({ game }: { game: TestingGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams();
  const recharges = useListParams(RECHARGES_PAGE);
  const q = search.get('q') ?? '';
  const selected = search.get(PLAYER_PARAM) ?? '';
  const list = useTestingPlayers(game, { page, ...(q ? { q } : {}) });
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const select = (playerId: string) => recharges.update({ [PLAYER_PARAM]: playerId });

  const columns: ListColumn<TestingPlayer>[] = [
    {
      key: 'select',
      name: t('moderation.field.recharges'),
      width: 130,
      interactive: true,
      render: (p) => (
        <Button
          size="small"
          variant={p.playerId === selected ? 'solid' : 'minimal'}
          intent={p.playerId === selected ? Intent.PRIMARY : Intent.NONE}
          icon="th-list"
          text={t('moderation.testing.showRecharges')}
          aria-pressed={p.playerId === selected}
          onClick={() => select(p.playerId)}
          data-testid={`testing-select-${p.playerId}`}
        />
      ),
    },
    {
      key: 'player',
      name: t('moderation.field.player'),
      width: 230,
      interactive: true,
      render: (p) => <PlayerLink game={game} id={p.playerId} name={p.playerName} />,
    },
    {
      key: 'note',
      name: t('moderation.field.note'),
      width: 200,
      render: (p) => p.note,
      tooltip: (p) => p.note,
    },
    {
      key: 'added',
      name: t('moderation.field.addedAt'),
      width: 150,
      render: (p) => formatDateTime(p.addedAt, lang),
    },
    {
      key: 'count',
      name: t('moderation.field.rechargeCount'),
      width: 90,
      render: (p) => String(p.recharges),
    },
    {
      key: 'paid',
      name: t('moderation.field.paidTotal'),
      width: 120,
      render: (p) => formatMoney(p.paidTotal, TOTALS_CURRENCY, lang),
    },
    {
      key: 'refunded',
      name: t('moderation.field.refundedTotal'),
      width: 120,
      render: (p) => formatMoney(p.refundedTotal, TOTALS_CURRENCY, lang),
    },
  ];

  return (
    <div className="moderation-page">
      <div className="toolbar">
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.testing.searchPlaceholder')}
          testId="testing-search"
        />
        {q !== '' && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('moderation.list.clearFilters')}
            onClick={() => update({ q: '' })}
          />
        )}
        <span className="toolbar-spacer" />
        {list.isFetching && !list.isPending && <Spinner size={16} />}
      </div>
      <ListBody
        query={list}
        failedTitle={t('moderation.testing.loadFailed')}
        empty={{
          icon: 'lab-test',
          title: t('moderation.testing.empty'),
          filteredTitle: t('moderation.list.noMatches'),
        }}
        filtered={q !== ''}
        onPage={(p) => update({ page: p })}
        tableTestId="testing-players-table"
        testId="testing-players"
      >
        {(items) => <ListTable rows={items} columns={columns} testId="testing-players-table" />}
      </ListBody>
      <Recharges game={game} players={list.data?.items ?? []} />
    </div>
  );
}

/** Testing players of a game that has them, their test recharges, and refunds of those. */
export function TestingPlayersPage({ game }: { game: GameId }) {
  const testing = asTestingGame(game);
  return testing ? <TestingPlayers game={testing} /> : <NotInGame game={game} page="testingPlayers" />;
}
