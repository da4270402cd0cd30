import { useCallback } from 'react';
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SPECIAL_CATEGORIES, type SpecialUser } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { playerLabel } from '../components/playerLabel.js';
import type { TableColumn } from '../components/tableColumns.js';
import { pickOne } from '../components/listParams.js';
import { useListParams } from '../components/useListParams.js';
import { ListBody } from './ListBody.js';
import { CreateLink, ListToolbar } from './ListToolbar.js';
import { NotInGame } from './NotInGame.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { DeleteRowButton, RowActionDialog, useRowTarget } from './RowActionDialog.js';
import { SearchBox } from './SearchBox.js';
import { useListColumns } from './columns.js';
import { asSpecialGame, useDeleteSpecialUser, useSpecialUsers, type SpecialGame } from './moderationApi.js';

function SpecialUsersList({ game }: { game: SpecialGame }) {
  const { t } = useTranslation();
  const col = useListColumns(game);
  const { search, page, update } = useListParams();
  const q = search.get('q') ?? '';
  const category = pickOne(search.get('category'), SPECIAL_CATEGORIES);
  const list = useSpecialUsers(game, { page, q, category });
  const del = useDeleteSpecialUser(game);
  const deleting = useRowTarget<SpecialUser>();
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const filtered = q !== '' || category !== undefined;

  const columns: TableColumn<SpecialUser>[] = [
    col.actions(100, (s) => (
      <DeleteRowButton onClick={() => deleting.open(s)} testId={`special-delete-${s.id}`} />
    )),
    col.player(),
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
    col.longText('note', t('moderation.field.note'), 240, (s) => s.note),
    col.operator(),
    col.created(),
  ];

  return (
    <div className="moderation-page">
      <ListToolbar
        query={list}
        filtered={filtered}
        onClear={() => update({ q: '', category: '' })}
        end={<CreateLink game={game} page="specialUserCreate" testId="special-create" />}
      >
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.special.searchPlaceholder')}
          testId="special-search"
        />
        <OptionSelect
          value={category ?? ''}
          none={t('moderation.special.allCategories')}
          options={optionsOf(SPECIAL_CATEGORIES, (c) => t(`moderation.category.${c}`))}
          onChange={(v) => update({ category: v })}
          aria-label={t('moderation.field.category')}
          data-testid="special-category-filter"
        />
      </ListToolbar>
      <ListBody
        query={list}
        columns={columns}
        failedTitle={t('moderation.special.loadFailed')}
        empty={{
          icon: 'star-empty',
          title: t('moderation.special.empty'),
        }}
        filtered={filtered}
        onPage={(p) => update({ page: p })}
        testId="special-users"
      />
      <RowActionDialog
        game={game}
        action="special.delete"
        target={deleting.target}
        onClose={deleting.close}
        describe={(s) => ({
          player: playerLabel(s.playerId, s.playerName),
          category: t(`moderation.category.${s.category}`),
        })}
        run={(s, reason) => del.mutateAsync({ game, entryId: s.id, reason })}
        icon="trash"
        intent={Intent.DANGER}
        testId="special-delete-dialog"
      />
    </div>
  );
}

/** Special users (GMs, streamers, partners…) of a game that has them. */
export function SpecialUsersPage({ game }: { game: GameId }) {
  const special = asSpecialGame(game);
  return special ? <SpecialUsersList game={special} /> : <NotInGame game={game} page="specialUsers" />;
}
