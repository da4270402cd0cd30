import { Button, H4, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TestingPlayer, TestingRecharge } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { formatMoney } from '../components/money.js';
import { playerLabel } from '../components/playerLabel.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListParams } from '../kit/useListParams.js';
import { useLanguage } from '../i18n/i18n.js';
import { NotInGame } from './NotInGame.js';
import { useListColumns } from './columns.js';
import { RECHARGE_PARAMS, testingPlayersList, testingRechargesList } from './lists.js';
import { ALSO_CHANGES, asTestingGame, type TestingGame } from './moderationGames.js';

/** Testing recharges are in the test currency; the totals of the testing list are in it too. */
const TOTALS_CURRENCY = 'CNY';
/** The recharges list has its own URL parameters: the page shows two lists. */

/** Refunding a paid testing recharge; the toast offers the order id to copy. */
export const rechargeActions = (game: TestingGame) => [
  rowAction({
    endpoint: 'testingPlayers.refund',
    texts: 'moderation',
    when: (r: TestingRecharge) => r.status === 'paid',
    input: (r, reason) => ({ game, rechargeId: r.id, reason }),
    names: (r, { lang }) => ({
      player: playerLabel(r.playerId, r.playerName),
      order: r.orderId,
      amount: formatMoney(r.amount, r.currency, lang),
    }),
    icon: 'undo',
    intent: Intent.WARNING,
    buttonTestId: (r) => `refund-${r.id}`,
    dialogTestId: 'refund-dialog',
    invalidates: ALSO_CHANGES,
    copy: (r) => r.orderId,
  }),
];

function Recharges({ game }: { game: TestingGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const col = useListColumns(game);
  const { search, update } = useListParams(RECHARGE_PARAMS.page);
  const playerId = search.get(RECHARGE_PARAMS.player)?.trim() ?? '';

  const columns: TableColumn<TestingRecharge>[] = [
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
      (operator, time) => t('moderation.testingPlayers.refundedBy', { operator, time }),
    ),
    col.longText('refundReason', t('moderation.field.refundReason'), 200, (r) => r.refundReason ?? ''),
  ];

  return (
    <ListPage
      {...testingRechargesList(game, t)}
      columns={columns}
      actions={rechargeActions(game)}
      texts={{
        failed: t('moderation.testingPlayers.rechargesFailed'),
        empty: t('moderation.testingPlayers.noRecharges'),
        filteredEmpty: () => t('moderation.testingPlayers.noRechargesMatch'),
      }}
      icon="dollar"
      toolbarStart={(page) => {
        const name = page?.items.find((r) => r.playerId === playerId)?.playerName ?? null;
        return (
          <>
            <H4 className="section-title" data-testid="testing-recharges-title">
              {playerId
                ? t('moderation.testingPlayers.rechargesOf', { player: playerLabel(playerId, name) })
                : t('moderation.testingPlayers.rechargesAll')}
            </H4>
            {playerId && (
              <Button
                variant="minimal"
                icon="people"
                text={t('moderation.testingPlayers.showAll')}
                onClick={() => update({ [RECHARGE_PARAMS.player]: '' })}
                data-testid="testing-recharges-all"
              />
            )}
          </>
        );
      }}
      className="testing-recharges"
      testId="testing-recharges"
    />
  );
}

function TestingPlayers({ game }: { game: TestingGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const col = useListColumns(game);
  const recharges = useListParams(RECHARGE_PARAMS.page);
  const selected = recharges.search.get(RECHARGE_PARAMS.player) ?? '';
  const select = (playerId: string) => recharges.update({ [RECHARGE_PARAMS.player]: playerId });

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
          text={t('moderation.testingPlayers.showRecharges')}
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
      <ListPage
        {...testingPlayersList(game, t)}
        columns={columns}
        texts={{
          failed: t('moderation.testingPlayers.loadFailed'),
          empty: t('moderation.testingPlayers.empty'),
        }}
        icon="lab-test"
        testId="testing-players"
      />
      <Recharges game={game} />
    </div>
  );
}

/** Testing players of a game that has them, their test recharges, and refunds of those. */
export function TestingPlayersPage({ game }: { game: GameId }) {
  const testing = asTestingGame(game);
  return testing ? <TestingPlayers game={testing} /> : <NotInGame game={game} page="testingPlayers" />;
}
