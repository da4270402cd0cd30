import { Intent } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';
import type { SpecialUser } from '../../shared/api/moderation.js';
import { type GameId } from '../../shared/games.js';
import { gamePagePath } from '../../shared/game-pages.js';
import { playerLabel } from '../components/playerLabel.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { NotInGame } from './NotInGame.js';
import { useListColumns } from './columns.js';
import { specialUsersList } from './lists.js';
import { ALSO_CHANGES, asSpecialGame, type SpecialGame } from './moderationGames.js';

/** What can be done to a special user: remove the mark, with a reason. */
export const specialUserActions = (game: SpecialGame) => [
  rowAction({
    endpoint: 'specialUsers.delete',
    texts: 'moderation',
    input: (s: SpecialUser, reason) => ({ game, entryId: s.id, reason }),
    names: (s, { t }) => ({
      player: playerLabel(s.playerId, s.playerName),
      category: t(`moderation.category.${s.category}`),
    }),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (s) => `special-delete-${s.id}`,
    dialogTestId: 'special-delete-dialog',
    invalidates: ALSO_CHANGES,
  }),
];

function SpecialUsersList({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const col = useListColumns(game);

  const columns: TableColumn<SpecialUser>[] = [
    col.player(),
    {
      key: 'category',
      name: t('moderation.field.category'),
      width: 110,
      render: (s) => (
        <LabelTag minimal intent={Intent.PRIMARY} data-category={s.category}>
          {t(`moderation.category.${s.category}`)}
        </LabelTag>
      ),
    },
    col.longText('note', t('moderation.field.note'), 240, (s) => s.note),
    col.operator(),
    col.created(),
  ];

  return (
    <ListPage
      {...specialUsersList(game, t)}
      columns={columns}
      actions={specialUserActions(game)}
      texts={{ failed: t('moderation.specialUsers.loadFailed'), empty: t('moderation.specialUsers.empty') }}
      icon="star-empty"
      create={{
        to: gamePagePath(game, 'specialUserCreate'),
        text: t('page.specialUserCreate'),
        testId: 'special-create',
      }}
      testId="special-users"
    />
  );
}

/** Special users (GMs, streamers, partners…) of a game that has them. */
export function SpecialUsersPage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUsersList game={special} /> : <NotInGame game={game} page="specialUsers" />;
}
