import { useCallback, useState } from 'react';
import { Button, HTMLSelect, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BAN_STATUSES, type BannedHero } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { BanHeroDialog } from './BanHeroDialog.js';
import { ListBody } from './ListBody.js';
import { ListTable, type ListColumn } from './ListTable.js';
import { PlayerLink } from './PlayerLink.js';
import { StatusTag } from './StatusTag.js';
import { scopeLabel, useGameName, useRetained } from './labels.js';
import { pickOne } from './listParams.js';
import { useBannedHeroes, useDeleteBan, useUnbanHero } from './moderationApi.js';
import { useListParams } from './useListParams.js';

const STATUS_FILTERS = [...BAN_STATUSES, 'all'] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

type RowAction = { kind: 'unban' | 'delete'; ban: BannedHero };

function BanActionDialogs({
  game,
  action,
  onClose,
}: {
  game: GameId;
  action: RowAction | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const unban = useUnbanHero(game);
  const del = useDeleteBan(game);
  const shown = useRetained(action);
  if (!shown) return null;
  const names = {
    game: gameName,
    hero: shown.ban.heroName,
    scope: scopeLabel(t, shown.ban.playerId, shown.ban.playerName),
  };
  return (
    <>
      <ReasonConfirmDialog
        isOpen={action?.kind === 'unban'}
        onClose={onClose}
        title={t('moderation.bans.unban.title', names)}
        warning={t('moderation.bans.unban.warning', names)}
        confirmText={t('moderation.bans.unban.confirm')}
        failedTitle={t('moderation.bans.unban.failed')}
        icon="unlock"
        intent={Intent.WARNING}
        onConfirm={(reason) => unban.mutateAsync({ game, banId: shown.ban.id, reason })}
        onDone={() => toasts.success(t('moderation.bans.unban.done', names))}
        testId="unban-dialog"
      />
      <ReasonConfirmDialog
        isOpen={action?.kind === 'delete'}
        onClose={onClose}
        title={t('moderation.bans.delete.title', names)}
        warning={t('moderation.bans.delete.warning', names)}
        confirmText={t('moderation.bans.delete.confirm')}
        failedTitle={t('moderation.bans.delete.failed')}
        icon="trash"
        intent={Intent.DANGER}
        onConfirm={(reason) => del.mutateAsync({ game, banId: shown.ban.id, reason })}
        onDone={() => toasts.success(t('moderation.bans.delete.done', names))}
        testId="ban-delete-dialog"
      />
    </>
  );
}

/** Hero bans of one game: who may not play which hero, until when, and who lifted what. */
export function BannedHeroesPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const { search, page, update } = useListParams();
  const status: StatusFilter = pickOne(search.get('status'), STATUS_FILTERS) ?? 'active';
  const list = useBannedHeroes(game, { status, page });
  const [creating, setCreating] = useState(false);
  const [action, setAction] = useState<RowAction | null>(null);
  const closeAction = useCallback(() => setAction(null), []);

  const onBanned = (ban: BannedHero) => {
    toasts.success(
      t('moderation.bans.create.done', {
        game: gameName,
        hero: ban.heroName,
        scope: scopeLabel(t, ban.playerId, ban.playerName),
      }),
    );
    // The new ban is active and newest: show the first page of a list that contains it.
    update(status === 'active' || status === 'all' ? { page: 1 } : { status: '' });
  };

  const columns: ListColumn<BannedHero>[] = [
    {
      key: 'actions',
      name: t('moderation.field.actions'),
      width: 190,
      interactive: true,
      render: (b) => (
        <span className="row-actions">
          {b.status === 'active' && (
            <Button
              size="small"
              variant="minimal"
              intent={Intent.WARNING}
              icon="unlock"
              text={t('moderation.bans.unban.action')}
              onClick={() => setAction({ kind: 'unban', ban: b })}
              data-testid={`unban-${b.id}`}
            />
          )}
          <Button
            size="small"
            variant="minimal"
            intent={Intent.DANGER}
            icon="trash"
            text={t('common.delete')}
            onClick={() => setAction({ kind: 'delete', ban: b })}
            data-testid={`ban-delete-${b.id}`}
          />
        </span>
      ),
    },
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
    {
      key: 'status',
      name: t('moderation.field.status'),
      width: 90,
      render: (b) => <StatusTag status={b.status} />,
    },
    {
      key: 'expires',
      name: t('moderation.field.expiresAt'),
      width: 150,
      render: (b) => (b.expiresAt ? formatDateTime(b.expiresAt, lang) : t('moderation.expiry.neverShort')),
    },
    {
      key: 'reason',
      name: t('moderation.field.reason'),
      width: 200,
      render: (b) => b.reason,
      tooltip: (b) => b.reason,
    },
    { key: 'operator', name: t('moderation.field.operator'), width: 100, render: (b) => b.operator },
    {
      key: 'created',
      name: t('moderation.field.createdAt'),
      width: 150,
      render: (b) => formatDateTime(b.createdAt, lang),
    },
    {
      key: 'lifted',
      name: t('moderation.field.lifted'),
      width: 200,
      render: (b) =>
        b.liftedAt
          ? t('moderation.bans.liftedBy', {
              operator: b.liftedBy ?? '',
              time: formatDateTime(b.liftedAt, lang),
            })
          : '',
    },
  ];

  return (
    <div className="moderation-page">
      <div className="toolbar">
        <HTMLSelect
          value={status}
          onChange={(e) =>
            update({ status: e.currentTarget.value === 'active' ? '' : e.currentTarget.value })
          }
          aria-label={t('moderation.field.status')}
          data-testid="ban-status-filter"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`moderation.statusFilter.${s}`)}
            </option>
          ))}
        </HTMLSelect>
        <span className="toolbar-spacer" />
        {list.isFetching && !list.isPending && <Spinner size={16} />}
        <Button
          intent={Intent.DANGER}
          icon="ban-circle"
          text={t('moderation.bans.create.open')}
          onClick={() => setCreating(true)}
          data-testid="ban-hero-open"
        />
      </div>
      <ListBody
        query={list}
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
        tableTestId="banned-heroes-table"
        testId="banned-heroes"
      >
        {(items) => <ListTable rows={items} columns={columns} testId="banned-heroes-table" />}
      </ListBody>
      <BanHeroDialog game={game} isOpen={creating} onClose={() => setCreating(false)} onBanned={onBanned} />
      <BanActionDialogs game={game} action={action} onClose={closeAction} />
    </div>
  );
}
