import { useCallback, useState } from 'react';
import { Button, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BAN_STATUSES, type BannedHero } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import { useToasts } from '../components/Toaster.js';
import type { TableColumn } from '../components/tableColumns.js';
import { pickOne } from '../components/listParams.js';
import { useListParams } from '../components/useListParams.js';
import { BanHeroDialog } from './BanHeroDialog.js';
import { ListBody } from './ListBody.js';
import { ListToolbar } from './ListToolbar.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { DeleteRowButton, RowActionDialog, RowButton } from './RowActionDialog.js';
import { useListColumns } from './columns.js';
import { scopeLabel, useGameName } from './labels.js';
import { useBannedHeroes, useDeleteBan, useUnbanHero } from './moderationApi.js';

const STATUS_FILTERS = [...BAN_STATUSES, 'all'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

/** One action at a time: unbanning and deleting share the row state. */
type RowAction = { kind: 'unban' | 'delete'; ban: BannedHero };

/** Hero bans of one game: who may not play which hero, until when, and who lifted what. */
export function BannedHeroesPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const col = useListColumns(game);
  const toasts = useToasts();
  const gameName = useGameName(game);
  const { search, page, update } = useListParams();
  const status: StatusFilter = pickOne(search.get('status'), STATUS_FILTERS) ?? 'active';
  const list = useBannedHeroes(game, { status, page });
  const unban = useUnbanHero(game);
  const del = useDeleteBan(game);
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<RowAction | null>(null);
  const closeAction = useCallback(() => setAction(null), []);
  const describe = (b: BannedHero) => ({ hero: b.heroName, scope: scopeLabel(t, b.playerId, b.playerName) });

  const onBanned = (ban: BannedHero) => {
    toasts.success(t('moderation.bans.create.done', { game: gameName, ...describe(ban) }));
    // The new ban is active and newest: show the first page of a list that contains it.
    update(status === 'active' || status === 'all' ? { page: 1 } : { status: '' });
  };

  const columns: TableColumn<BannedHero>[] = [
    col.actions(190, (b) => (
      <span className="row-actions">
        {b.status === 'active' && (
          <RowButton
            intent={Intent.WARNING}
            icon="unlock"
            text={t('moderation.bans.unban.action')}
            onClick={() => setAction({ kind: 'unban', ban: b })}
            testId={`unban-${b.id}`}
          />
        )}
        <DeleteRowButton
          onClick={() => setAction({ kind: 'delete', ban: b })}
          testId={`ban-delete-${b.id}`}
        />
      </span>
    )),
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
      (operator, time) => t('moderation.bans.liftedBy', { operator, time }),
    ),
  ];

  return (
    <div className="moderation-page">
      <ListToolbar
        query={list}
        end={
          <Button
            intent={Intent.DANGER}
            icon="ban-circle"
            text={t('moderation.bans.create.open')}
            onClick={() => setCreating(true)}
            data-testid="ban-hero-open"
          />
        }
      >
        <OptionSelect
          value={status}
          options={optionsOf(STATUS_FILTERS, (s) => t(`moderation.statusFilter.${s}`))}
          onChange={(v) => update({ status: v === 'active' ? '' : v })}
          aria-label={t('moderation.field.status')}
          data-testid="ban-status-filter"
        />
      </ListToolbar>
      <ListBody
        query={list}
        columns={columns}
        failedTitle={t('moderation.bans.loadFailed')}
        empty={{
          icon: 'shield',
          title: t('moderation.bans.empty'),
          filteredTitle: t('moderation.bans.noneWithStatus', {
            status: t(`moderation.statusFilter.${status}`),
          }),
        }}
        filtered={status !== 'all'}
        onPage={(p) => update({ page: p })}
        testId="banned-heroes"
      />
      <BanHeroDialog game={game} isOpen={creating} onClose={() => setCreating(false)} onBanned={onBanned} />
      <RowActionDialog
        game={game}
        action="bans.unban"
        target={action?.kind === 'unban' ? action.ban : null}
        onClose={closeAction}
        describe={describe}
        run={(b, reason) => unban.mutateAsync({ game, banId: b.id, reason })}
        icon="unlock"
        intent={Intent.WARNING}
        testId="unban-dialog"
      />
      <RowActionDialog
        game={game}
        action="bans.delete"
        target={action?.kind === 'delete' ? action.ban : null}
        onClose={closeAction}
        describe={describe}
        run={(b, reason) => del.mutateAsync({ game, banId: b.id, reason })}
        icon="trash"
        intent={Intent.DANGER}
        testId="ban-delete-dialog"
      />
    </div>
  );
}
