import { Intent } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';
import type { BlacklistEntry } from '../../shared/api/moderation.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListColumns } from './columns.js';
import { blacklistTarget } from './labels.js';
import { blacklistList } from './lists.js';
import { ALSO_CHANGES } from './moderationGames.js';

/** What can be done to a blacklist entry: remove it, with a reason. */
export const blacklistActions = (game: GameId) => [
  rowAction({
    endpoint: 'blacklist.delete',
    texts: 'moderation',
    input: (e: BlacklistEntry, reason) => ({ game, entryId: e.id, reason }),
    names: (e, { t }) => ({ target: blacklistTarget(t, e) }),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (e) => `blacklist-delete-${e.id}`,
    dialogTestId: 'blacklist-delete-dialog',
    invalidates: ALSO_CHANGES,
  }),
];

/** Blacklisted players and IP addresses of one game, with their expiry. */
export function BlacklistPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const col = useListColumns(game);

  const columns: TableColumn<BlacklistEntry>[] = [
    {
      key: 'kind',
      name: t('moderation.field.kind'),
      width: 115,
      render: (e) => (
        <LabelTag minimal icon={e.kind === 'player' ? 'person' : 'globe-network'}>
          {t(`moderation.kind.${e.kind}`)}
        </LabelTag>
      ),
    },
    {
      key: 'value',
      name: t('moderation.field.value'),
      width: 190,
      interactive: true,
      render: (e) => (e.kind === 'player' ? <PlayerLink game={game} id={e.value} /> : e.value),
    },
    { key: 'player', name: t('moderation.field.playerName'), width: 130, render: (e) => e.playerName ?? '' },
    col.status(),
    col.expires(),
    col.reason(),
    col.operator(),
    col.created(),
  ];

  return (
    <ListPage
      {...blacklistList(game, t)}
      columns={columns}
      actions={blacklistActions(game)}
      texts={{ failed: t('moderation.blacklist.loadFailed'), empty: t('moderation.blacklist.empty') }}
      icon="blocked-person"
      create={{
        to: gamePagePath(game, 'blacklistCreate'),
        text: t('page.blacklistCreate'),
        testId: 'blacklist-create',
      }}
      testId="blacklist"
    />
  );
}
