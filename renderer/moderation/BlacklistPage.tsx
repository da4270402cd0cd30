import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Classes, HTMLSelect, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BLACKLIST_KINDS, type BlacklistEntry } from '../../shared/api/moderation.js';
import { gamePagePath, type GameId } from '../../shared/games.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { useLanguage } from '../i18n/i18n.js';
import { ListBody } from './ListBody.js';
import { ListTable, type ListColumn } from './ListTable.js';
import { PlayerLink } from './PlayerLink.js';
import { SearchBox } from './SearchBox.js';
import { StatusTag } from './StatusTag.js';
import { blacklistTarget, useGameName, useRetained } from './labels.js';
import { pickOne } from './listParams.js';
import { useBlacklist, useDeleteBlacklistEntry } from './moderationApi.js';
import { useListParams } from './useListParams.js';

const STATUS_FILTERS = ['all', 'active', 'expired'] as const;

function DeleteEntryDialog({
  game,
  entry,
  onClose,
}: {
  game: GameId;
  entry: BlacklistEntry | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const gameName = useGameName(game);
  const del = useDeleteBlacklistEntry(game);
  const shown = useRetained(entry);
  if (!shown) return null;
  const names = { game: gameName, target: blacklistTarget(t, shown) };
  return (
    <ReasonConfirmDialog
      isOpen={entry !== null}
      onClose={onClose}
      title={t('moderation.blacklist.delete.title', names)}
      warning={t('moderation.blacklist.delete.warning', names)}
      confirmText={t('moderation.blacklist.delete.confirm')}
      failedTitle={t('moderation.blacklist.delete.failed')}
      icon="trash"
      intent={Intent.DANGER}
      onConfirm={(reason) => del.mutateAsync({ game, entryId: shown.id, reason })}
      onDone={() => toasts.success(t('moderation.blacklist.delete.done', names))}
      testId="blacklist-delete-dialog"
    />
  );
}

/** Blacklisted players and IP addresses of one game, with their expiry. */
export function BlacklistPage({ game }: { game: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { search, page, update } = useListParams();
  const q = search.get('q') ?? '';
  const kind = pickOne(search.get('kind'), BLACKLIST_KINDS);
  const status = pickOne(search.get('status'), STATUS_FILTERS) ?? 'all';
  const list = useBlacklist(game, { page, status, ...(q ? { q } : {}), ...(kind ? { kind } : {}) });
  const [deleting, setDeleting] = useState<BlacklistEntry | null>(null);
  const closeDelete = useCallback(() => setDeleting(null), []);
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);
  const filtered = q !== '' || kind !== undefined || status !== 'all';

  const columns: ListColumn<BlacklistEntry>[] = [
    {
      key: 'actions',
      name: t('moderation.field.actions'),
      width: 100,
      interactive: true,
      render: (e) => (
        <Button
          size="small"
          variant="minimal"
          intent={Intent.DANGER}
          icon="trash"
          text={t('common.delete')}
          onClick={() => setDeleting(e)}
          data-testid={`blacklist-delete-${e.id}`}
        />
      ),
    },
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
    {
      key: 'status',
      name: t('moderation.field.status'),
      width: 90,
      render: (e) => <StatusTag status={e.status} />,
    },
    {
      key: 'expires',
      name: t('moderation.field.expiresAt'),
      width: 150,
      render: (e) => (e.expiresAt ? formatDateTime(e.expiresAt, lang) : t('moderation.expiry.neverShort')),
    },
    {
      key: 'reason',
      name: t('moderation.field.reason'),
      width: 200,
      render: (e) => e.reason,
      tooltip: (e) => e.reason,
    },
    { key: 'operator', name: t('moderation.field.operator'), width: 100, render: (e) => e.operator },
    {
      key: 'created',
      name: t('moderation.field.createdAt'),
      width: 150,
      render: (e) => formatDateTime(e.createdAt, lang),
    },
  ];

  return (
    <div className="moderation-page">
      <div className="toolbar">
        <SearchBox
          value={q}
          onSearch={onSearch}
          placeholder={t('moderation.blacklist.searchPlaceholder')}
          testId="blacklist-search"
        />
        <HTMLSelect
          value={kind ?? ''}
          onChange={(e) => update({ kind: e.currentTarget.value })}
          aria-label={t('moderation.field.kind')}
          data-testid="blacklist-kind-filter"
        >
          <option value="">{t('moderation.blacklist.allKinds')}</option>
          {BLACKLIST_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`moderation.kind.${k}`)}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          value={status}
          onChange={(e) => update({ status: e.currentTarget.value === 'all' ? '' : e.currentTarget.value })}
          aria-label={t('moderation.field.status')}
          data-testid="blacklist-status-filter"
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`moderation.statusFilter.${s}`)}
            </option>
          ))}
        </HTMLSelect>
        {filtered && (
          <Button
            variant="minimal"
            icon="cross"
            text={t('moderation.list.clearFilters')}
            onClick={() => update({ q: '', kind: '', status: '' })}
          />
        )}
        <span className="toolbar-spacer" />
        {list.isFetching && !list.isPending && <Spinner size={16} />}
        <Link
          to={gamePagePath(game, 'blacklistCreate')}
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="blacklist-create"
        >
          {t('page.blacklistCreate')}
        </Link>
      </div>
      <ListBody
        query={list}
        failedTitle={t('moderation.blacklist.loadFailed')}
        empty={{
          icon: 'blocked-person',
          title: t('moderation.blacklist.empty'),
          filteredTitle: t('moderation.list.noMatches'),
        }}
        filtered={filtered}
        onPage={(p) => update({ page: p })}
        tableTestId="blacklist-table"
        testId="blacklist"
      >
        {(items) => <ListTable rows={items} columns={columns} testId="blacklist-table" />}
      </ListBody>
      <DeleteEntryDialog game={game} entry={deleting} onClose={closeDelete} />
    </div>
  );
}
