import { useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BannedHero } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { useToasts } from '../components/Toaster.js';
import { useGameName } from '../kit/gameName.js';
import { pickOne } from '../kit/listParams.js';
import { ListPage } from '../kit/ListPage.js';
import { rowAction } from '../kit/rowActions.js';
import type { TableColumn } from '../kit/table.js';
import { useListParams } from '../kit/useListParams.js';
import { BanHeroDialog } from './BanHeroDialog.js';
import { useListColumns } from './columns.js';
import { scopeLabel } from './labels.js';
import { BAN_STATUS_FILTERS, bannedHeroesList } from './lists.js';
import { ALSO_CHANGES } from './moderationGames.js';

const describe = (b: BannedHero, t: TFunction) => ({
  hero: b.heroName,
  scope: scopeLabel(t, b.playerId, b.playerName),
});

/** Lifting an active ban (the entry stays, as lifted) and deleting a mistaken entry. */
export const bannedHeroActions = (game: GameId) => [
  rowAction({
    endpoint: 'bannedHeroes.unban',
    texts: 'moderation',
    when: (b: BannedHero) => b.status === 'active',
    input: (b, reason) => ({ game, banId: b.id, reason }),
    names: (b, { t }) => describe(b, t),
    icon: 'unlock',
    intent: Intent.WARNING,
    buttonTestId: (b) => `unban-${b.id}`,
    dialogTestId: 'unban-dialog',
    invalidates: ALSO_CHANGES,
  }),
  rowAction({
    endpoint: 'bannedHeroes.deleteItem',
    texts: 'moderation',
    input: (b: BannedHero, reason) => ({ game, banId: b.id, reason }),
    names: (b, { t }) => describe(b, t),
    icon: 'trash',
    intent: Intent.DANGER,
    buttonTestId: (b) => `ban-delete-${b.id}`,
    dialogTestId: 'ban-delete-dialog',
    invalidates: ALSO_CHANGES,
  }),
];

/** Hero bans of one game: who may not play which hero, until when, and who lifted what. */
export function BannedHeroesPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const col = useListColumns(game);
  const toasts = useToasts();
  const gameName = useGameName(game);
  const { search, update } = useListParams();
  const [creating, setCreating] = useState(false);

  const onBanned = (ban: BannedHero) => {
    toasts.success(t('moderation.bannedHeroes.ban.done', { game: gameName, ...describe(ban, t) }), {
      copy: String(ban.id),
    });
    // The new ban is active and newest: show the first page of a list that holds it.
    const status = pickOne(search.get('status'), BAN_STATUS_FILTERS) ?? 'active';
    update(status === 'active' || status === 'all' ? { page: 1 } : { status: '' });
  };

  const columns: TableColumn<BannedHero>[] = [
    {
      key: 'hero',
      name: t('moderation.field.hero'),
      width: 160,
      render: (b) => `${b.heroName} (#${b.heroId})`,
    },
    {
      key: 'scope',
      name: t('moderation.field.scope'),
      width: 230,
      interactive: true,
      render: (b) =>
        b.playerId === null ? (
          t('moderation.scope.all')
        ) : (
          <PlayerLink game={game} id={b.playerId} name={b.playerName} />
        ),
    },
    col.status(),
    col.expires(),
    col.reason(),
    col.operator(),
    col.created(),
    col.undone(
      'lifted',
      t('moderation.field.lifted'),
      (b) => ({ at: b.liftedAt, by: b.liftedBy }),
      (operator, time) => t('moderation.bannedHeroes.liftedBy', { operator, time }),
    ),
  ];

  return (
    <>
      <ListPage
        {...bannedHeroesList(game, t)}
        columns={columns}
        actions={bannedHeroActions(game)}
        actionsWidth={190}
        texts={{
          failed: t('moderation.bannedHeroes.loadFailed'),
          empty: t('moderation.bannedHeroes.empty'),
          filteredEmpty: (v) =>
            t('moderation.bannedHeroes.noneWithStatus', {
              status: t(`moderation.statusFilter.${v['status']}`),
            }),
        }}
        icon="shield"
        toolbarEnd={
          <Button
            intent={Intent.DANGER}
            icon="ban-circle"
            text={t('moderation.bannedHeroes.ban.open')}
            onClick={() => setCreating(true)}
            data-testid="ban-hero-open"
          />
        }
        testId="banned-heroes"
      />
      <BanHeroDialog game={game} isOpen={creating} onClose={() => setCreating(false)} onBanned={onBanned} />
    </>
  );
}
