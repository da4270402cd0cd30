import { useCallback } from 'react';
import { Button, H4, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RECHARGE_STATUSES, type TestingPlayer, type TestingRecharge } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { formatMoney } from '../components/money.js';
import { playerLabel } from '../components/playerLabel.js';
import type { TableColumn } from '../components/tableColumns.js';
import { pickOne } from '../components/listParams.js';
import { useListParams } from '../components/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListBody } from './ListBody.js';
import { ListToolbar } from './ListToolbar.js';
import { NotInGame } from './NotInGame.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { RowActionDialog, RowButton, useRowTarget } from './RowActionDialog.js';
import { SearchBox } from './SearchBox.js';
import { useListColumns } from './columns.js';
import {
  asTestingGame,
  useRefundTesting,
  useTestingPlayers,
  useTestingRecharges,
  type TestingGame,
} from './moderationApi.js';

/** Testing recharges are in the test currency; the totals of the testing list are in it too. */
const TOTALS_CURRENCY = 'CNY';
const PLAYER_PARAM = 'player';
const STATUS_PARAM = 'rstatus';
const RECHARGES_PAGE = 'rpage';

function Recharges({ game, players }: { game: TestingGame; players: readonly TestingPlayer[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const col = useListColumns(game);
  const { search, page, update } = useListParams(RECHARGES_PAGE);
  const playerId = search.get(PLAYER_PARAM) ?? '';
  const status = pickOne(search.get(STATUS_PARAM), RECHARGE_STATUSES);
  const list = useTestingRecharges(game, { page, playerId, status });
  const refund = useRefundTesting(game);
  const refunding = useRowTarget<TestingRecharge>();

  const selectedName =
    players.find((p) => p.playerId === playerId)?.playerName ??
    list.data?.items.find((r) => r.playerId === playerId)?.playerName ??
    null;

  const columns: TableColumn<TestingRecharge>[] = [
    col.actions(100, (r) =>
      r.status === 'paid' ? (
        <RowButton
          intent={Intent.WARNING}
          icon="undo"
          text={t('moderation.testing.refund.action')}
          onClick={() => refunding.open(r)}
          testId={`refund-${r.id}`}
        />
      ) : null,
    ),
    { key: 'order', name: t('moderation.field.orderId'), width: 170, render: (r) => r.orderId },
    // With one player chosen the title names them; the column would repeat it on every row.
    ...(playerId ? [] : [col.player<TestingRecharge>()]),
    { key: 'product', name: t('moderation.field.product'), width: 150, render: (r) => r.product },
    {
      key: 'amount',
      name: t('moderation.field.amount'),
      width: 110,
      render: (r) => formatMoney(r.amount, r.currency, lang),
    },
    col.status(),
    col.time('at', t('moderation.field.at'), (r) => r.at),
    col.undone(
      'refunded',
      t('moderation.field.refunded'),
      (r) => ({ at: r.refundedAt, by: r.refundedBy }),
      (operator, time) => t('moderation.testing.refundedBy', { operator, time }),
    ),
    col.longText('refundReason', t('moderation.field.refundReason'), 200, (r) => r.refundReason ?? ''),
  ];

  return (
    <section className="testing-recharges" data-testid="testing-recharges">
      <ListToolbar query={list}>
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
        <OptionSelect
          value={status ?? ''}
          none={t('moderation.statusFilter.all')}
          options={optionsOf(RECHARGE_STATUSES, (s) => t(`moderation.status.${s}`))}
          onChange={(v) => update({ [STATUS_PARAM]: v })}
          aria-label={t('moderation.field.status')}
          data-testid="testing-status-filter"
        />
      </ListToolbar>
      <ListBody
        query={list}
        columns={columns}
        failedTitle={t('moderation.testing.rechargesFailed')}
        empty={{
          icon: 'dollar',
          title: t('moderation.testing.noRecharges'),
          filteredTitle: t('moderation.testing.noRechargesMatch'),
        }}
        filtered={playerId !== '' || status !== undefined}
        onPage={(p) => update({ [RECHARGES_PAGE]: p })}
        testId="testing-recharges"
      />
      <RowActionDialog
        game={game}
        action="testing.refund"
        target={refunding.target}
        onClose={refunding.close}
        describe={(r) => ({
          player: playerLabel(r.playerId, r.playerName),
          order: r.orderId,
          amount: formatMoney(r.amount, r.currency, lang),
        })}
        run={(r, reason) => refund.mutateAsync({ game, rechargeId: r.id, reason })}
        icon="undo"
        intent={Intent.WARNING}
        testId="refund-dialog"
      />
    </section>
  );
}

function TestingPlayers({ game }: { game: TestingGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const col = useListColumns(game);
  const { search, page, update } = useListParams();
  const recharges = useListParams(RECHARGES_PAGE);
  const q = search.get('q') ?? '';
  const selected = search.get(PLAYER_PARAM) ?? '';
  const list = useTestingPlayers(game, { page, q });
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const select = (playerId: string) => recharges.update({ [PLAYER_PARAM]: playerId });

  const columns: TableColumn<TestingPlayer>[] = [
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
    col.player(),
    col.longText('note', t('moderation.field.note'), 200, (p) => p.note),
    col.time('added', t('moderation.field.addedAt'), (p) => p.addedAt),
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
      <ListToolbar query={list} filtered={q !== ''} onClear={() => update({ q: '' })}>
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.testing.searchPlaceholder')}
          testId="testing-search"
        />
      </ListToolbar>
      <ListBody
        query={list}
        columns={columns}
        failedTitle={t('moderation.testing.loadFailed')}
        empty={{
          icon: 'lab-test',
          title: t('moderation.testing.empty'),
        }}
        filtered={q !== ''}
        onPage={(p) => update({ page: p })}
        testId="testing-players"
      />
      <Recharges game={game} players={list.data?.items ?? []} />
    </div>
  );
}

/** Testing players of a game that has them, their test recharges, and refunds of those. */
export function TestingPlayersPage({ game }: { game: GameId }) {
  const testing = asTestingGame(game);
  return testing ? <TestingPlayers game={testing} /> : <NotInGame game={game} page="testingPlayers" />;
}
