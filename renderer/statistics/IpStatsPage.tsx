import { Callout, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SHARED_ADDRESS_ACCOUNTS, type AddressFigures } from '../../shared/api/statistics.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListPage } from '../kit/ListPage.js';
import type { ListRowAction } from '../kit/rowActions.js';
import { addressColumns, tableColumns } from './columns.js';
import { BlacklistAddressDialog } from './BlacklistAddressDialog.js';
import { ipStatsList } from './lists.js';
import './statistics.css';

/** The addresses' sign-ins (client IPs) and blacklisting an address with its accounts. */
export function useAddressActions(game: GameId): ListRowAction<AddressFigures>[] {
  const { t } = useTranslation();
  return [
    {
      kind: 'link',
      id: 'signIns',
      text: t('statistics.ip.signIns'),
      icon: 'history',
      to: (a) => `${gamePagePath(game, 'clientIps')}?ip=${encodeURIComponent(a.ip)}`,
      buttonTestId: (a) => `ip-sign-ins-${a.ip}`,
    },
    {
      kind: 'dialog',
      id: 'blacklist',
      text: t('statistics.ip.blacklist.action'),
      icon: 'blocked-person',
      intent: Intent.DANGER,
      buttonTestId: (a) => `ip-blacklist-${a.ip}`,
      render: (a, close) => <BlacklistAddressDialog game={game} ip={a.ip} onClose={close} />,
    },
  ];
}

/** IP statistics: every address players signed in from, shared ones flagged. */
export function IpStatsPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // First and last sign-ins are instants, not days: shown in the operator's own zone, named.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const actions = useAddressActions(game);
  const columns = tableColumns(
    addressColumns,
    { t, lang, zone },
    {
      ip: (a) => (
        <span data-testid={`ip-${a.ip}`}>
          {a.ip}{' '}
          {a.shared && (
            <Tag minimal intent={Intent.WARNING} data-testid={`ip-shared-${a.ip}`}>
              {t('statistics.ip.sharedTag')}
            </Tag>
          )}
        </span>
      ),
    },
  );
  return (
    <div className="stats-page">
      <Callout icon="info-sign" data-testid="ip-threshold">
        {t('statistics.ip.threshold', { n: SHARED_ADDRESS_ACCOUNTS, zone })}
      </Callout>
      <ListPage
        {...ipStatsList(game, t)}
        columns={columns}
        actions={actions}
        actionsWidth={300}
        texts={{ failed: t('statistics.ip.loadFailed'), empty: t('statistics.ip.empty') }}
        exportTitle={`${t('page.ipStats')} · ${GAMES[game].names[lang]}`}
        icon="globe-network"
        testId="ip-stats"
      />
    </div>
  );
}
