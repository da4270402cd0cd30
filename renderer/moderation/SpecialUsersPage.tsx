import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialUser } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListBody } from './ListBody.js';
import { ListTable, type ListColumn } from './ListTable.js';
import { NotInGame } from './NotInGame.js';
import { PlayerLink } from './PlayerLink.js';
import { SearchBox } from './SearchBox.js';
import { playerLabel, useGameName, useRetained } from './labels.js';
import { pickOne } from './listParams.js';
import { asSpecialGame, useDeleteSpecialUser, useSpecialUsers, type SpecialGame } from './moderationApi.js';
import { useListParams } from './useListParams.js';

function DeleteSpecialDialog({
  game,
  entry,
  onClose,
}: {
  game: SpecialGame;
  entry: SpecialUser | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const del = useDeleteSpecialUser(game);
  const shown = useRetained(entry);
  if (!shown) return null;
  const names = {
    game: gameName,
    player: playerLabel(shown.playerId, shown.playerName),
    category: t(`moderation.category.${shown.category}`),
  };
  return (
    <ReasonConfirmDialog
      isOpen={entry !== null}
      onClose={onClose}
      title={t('moderation.special.delete.title', names)}
      warning={t('moderation.special.delete.warning', names)}
      confirmText={t('moderation.special.delete.confirm')}
      failedTitle={t('moderation.special.delete.failed')}
      icon="trash"
      intent={Intent.DANGER}
      onConfirm={(reason) => del.mutateAsync({ game, entryId: shown.id, reason })}
      onDone={() => toasts.success(t('moderation.special.delete.done', names))}
      testId="special-delete-dialog"
    />
  );
}

function SpecialUsersList({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams();
  const q = search.get('q') ?? '';
  const category = pickOne(search.get('category'), SPECIAL_CATEGORIES);
  const list = useSpecialUsers(game, { page, ...(q ? { q } : {}), ...(category ? { category } : {}) });
  const [deleting, setDeleting] = useState<SpecialUser | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const filtered = q !== '' || category !== undefined;

  const columns: ListColumn<SpecialUser>[] = [
    {
      key: 'actions',
      name: t('moderation.field.actions'),
      width: 100,
      interactive: true,
      render: (s) => (
        <Button
          size="small"
          variant="minimal"
          intent={Intent.DANGER}
          icon="trash"
          text={t('common.delete')}
          onClick={() => setDeleting(s)}
          data-testid={`special-delete-${s.id}`}
        />
      ),
    },
    {
      key: 'player',
      name: t('moderation.field.player'),
      width: 230,
      interactive: true,
      render: (s) => <PlayerLink game={game} id={s.playerId} name={s.playerName} />,
    },
    {
      key: 'category',
      name: t('moderation.field.category'),
      width: 110,
      render: (s) => (
        <Tag minimal intent={Intent.PRIMARY} data-category={s.category}>
          {t(`moderation.category.${s.category}`)}
        </Tag>
      ),
    },
    {
      key: 'note',
      name: t('moderation.field.note'),
      width: 240,
      render: (s) => s.note,
      tooltip: (s) => s.note,
    },
    { key: 'operator', name: t('moderation.field.operator'), width: 100, render: (s) => s.operator },
    {
      key: 'created',
      name: t('moderation.field.createdAt'),
      width: 150,
      render: (s) => formatDateTime(s.createdAt, lang),
    },
  ];

  return (
    <div className="moderation-page">
      <div className="toolbar">
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.special.searchPlaceholder')}
          testId="special-search"
        />
        <HTMLSelect
          value={category ?? ''}
          onChange={(e) => update({ category: e.currentTarget.value })}
          aria-label={t('moderation.field.category')}
          data-testid="special-category-filter"
        >
          <option value="">{t('moderation.special.allCategories')}</option>
          {SPECIAL_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`moderation.category.${c}`)}
            </option>
          ))}
        </HTMLSelect>
        {filtered && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('moderation.list.clearFilters')}
            onClick={() => update({ q: '', category: '' })}
          />
        )}
        <span className="toolbar-spacer" />
        {list.isFetching && !list.isPending && <Spinner size={16} />}
        <Link
          to={gamePagePath(game, 'specialUserCreate')}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="special-create"
        >
          {t('page.specialUserCreate')}
        </Link>
      </div>
      <ListBody
        query={list}
        failedTitle={t('moderation.special.loadFailed')}
        empty={{
          icon: 'star-empty',
          title: t('moderation.special.empty'),
          filteredTitle: t('moderation.list.noMatches'),
        }}
        filtered={filtered}
        onPage={(p) => update({ page: p })}
        tableTestId="special-users-table"
        testId="special-users"
      >
        {(items) => <ListTable rows={items} columns={columns} testId="special-users-table" />}
      </ListBody>
      <DeleteSpecialDialog game={game} entry={deleting} onClose={closeDelete} />
    </div>
  );
}

/** Special users (GMs, streamers, partners…) of a game that has them. */
export function SpecialUsersPage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUsersList game={special} /> : <NotInGame game={game} page="specialUsers" />;
}
