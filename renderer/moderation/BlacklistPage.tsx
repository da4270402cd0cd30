import { useCallback } from 'react';
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistEntry } from '../../shared/api/moderation.js';
import type { GameId } from '../../shared/games.js';
import { PlayerLink } from '../components/PlayerLink.js';
import type { TableColumn } from '../components/tableColumns.js';
import { pickOne } from '../components/listParams.js';
import { useListParams } from '../components/useListParams.js';
import { ListBody } from './ListBody.js';
import { CreateLink, ListToolbar } from './ListToolbar.js';
import { OptionSelect, optionsOf } from './OptionSelect.js';
import { DeleteRowButton, RowActionDialog, useRowTarget } from './RowActionDialog.js';
import { SearchBox } from './SearchBox.js';
import { useListColumns } from './columns.js';
import { blacklistTarget } from './labels.js';
import { useBlacklist, useDeleteBlacklistEntry } from './moderationApi.js';

const STATUS_FILTERS = ['all', 'active', 'expired'] as const;

/** Blacklisted players and IP addresses of one game, with their expiry. */
export function BlacklistPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const col = useListColumns(game);
  const { search, page, update } = useListParams();
  const q = search.get('q') ?? '';
  const kind = pickOne(search.get('kind'), BLACKLIST_KINDS);
  const status = pickOne(search.get('status'), STATUS_FILTERS) ?? 'all';
  const list = useBlacklist(game, { page, status, q, kind });
  const del = useDeleteBlacklistEntry(game);
  const deleting = useRowTarget<BlacklistEntry>();
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const filtered = q !== '' || kind !== undefined || status !== 'all';

  const columns: TableColumn<BlacklistEntry>[] = [
    col.actions(100, (e) => (
      <DeleteRowButton onClick={() => deleting.open(e)} testId={`blacklist-delete-${e.id}`} />
    )),
    {
      key: 'kind',
      name: t('moderation.field.kind'),
      width: 115,
      render: (e) => (
        <Tag minimal icon={e.kind === 'player' ? 'person' : 'globe-network'}>
          {t(`moderation.kind.${e.kind}`)}
        </Tag>
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
    <div className="moderation-page">
      <ListToolbar
        query={list}
        filtered={filtered}
        onClear={() => update({ q: '', kind: '', status: '' })}
        end={<CreateLink game={game} page="blacklistCreate" testId="blacklist-create" />}
      >
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.blacklist.searchPlaceholder')}
          testId="blacklist-search"
        />
        <OptionSelect
          value={kind ?? ''}
          none={t('moderation.blacklist.allKinds')}
          options={optionsOf(BLACKLIST_KINDS, (k) => t(`moderation.kind.${k}`))}
          onChange={(v) => update({ kind: v })}
          aria-label={t('moderation.field.kind')}
          data-testid="blacklist-kind-filter"
        />
        <OptionSelect
          value={status}
          options={optionsOf(STATUS_FILTERS, (s) => t(`moderation.statusFilter.${s}`))}
          onChange={(v) => update({ status: v === 'all' ? '' : v })}
          aria-label={t('moderation.field.status')}
          data-testid="blacklist-status-filter"
        />
      </ListToolbar>
      <ListBody
        query={list}
        columns={columns}
        failedTitle={t('moderation.blacklist.loadFailed')}
        empty={{
          icon: 'blocked-person',
          title: t('moderation.blacklist.empty'),
        }}
        filtered={filtered}
        onPage={(p) => update({ page: p })}
        testId="blacklist"
      />
      <RowActionDialog
        game={game}
        action="blacklist.delete"
        target={deleting.target}
        onClose={deleting.close}
        describe={(e) => ({ target: blacklistTarget(t, e) })}
        run={(e, reason) => del.mutateAsync({ game, entryId: e.id, reason })}
        icon="trash"
        intent={Intent.DANGER}
        testId="blacklist-delete-dialog"
      />
    </div>
  );
}
