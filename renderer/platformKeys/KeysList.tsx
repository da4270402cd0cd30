import { useState } from 'react';
import { Button, Callout, Code, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLATFORMS, type PlatformKey } from '../../shared/api/platformKeys.js';
import { endpointAccess } from '../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { formatDateTime } from '../components/format.js';
import { ListTime } from '../components/ListTime.js';
import { relativeText } from '../components/relativeText.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { useRetained } from '../kit/gameName.js';
import type { ListFilter } from '../kit/filters.js';
import { ListPage } from '../kit/ListPage.js';
import type { TableColumn } from '../kit/table.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { KeyFormDialog } from './KeyFormDialog.js';
import { RevealDialog } from './RevealDialog.js';
import './platformKeys.css';

/**
 * The platform keys list, of one game (its steam key / steam token page) or of every game (the
 * super-admin's /admin/steamtoken): masked secrets, add, change, delete with a reason, and for a
 * SUPER "show" with a reason.
 */
export function KeysList({ game }: { game?: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const qc = useQueryClient();
  const { state } = useSession();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PlatformKey | null>(null);
  const [revealing, setRevealing] = useState<PlatformKey | null>(null);
  const [deleting, setDeleting] = useState<PlatformKey | null>(null);
  const remove = useEndpointMutation('platformKeys.delete');
  // Whether the server can store secrets at all (every page of the list says): the page warns
  // before anyone types a secret, and the form offers no field the server would refuse.
  const ofGame = useEndpointQuery(
    'platformKeys.list',
    { game: game ?? GAME_IDS[0], pageSize: 1 },
    { enabled: game !== undefined },
  );
  const ofAll = useEndpointQuery('platformKeys.all', { pageSize: 1 }, { enabled: game === undefined });
  const secretsMissing = (game ? ofGame.data : ofAll.data)?.secretsKey === 'missing';
  // The confirmation keeps naming its key while it closes.
  const shownDeleting = useRetained(deleting);
  const roles = state?.user.role ?? [];
  const mayReveal = (k: PlatformKey) =>
    canAccess(roles, endpointAccess(ENDPOINTS['platformKeys.reveal'], k.game));
  // Both lists (a game's and every game's) show what any change did.
  const refresh = () => qc.invalidateQueries({ queryKey: ['platformKeys'] });
  const gameName = (g: GameId) => GAMES[g].names[lang];

  const filters: ListFilter[] = [
    { kind: 'search', input: 'q', placeholder: t('platformKeys.list.search') },
    {
      kind: 'select',
      input: 'platform',
      options: PLATFORMS,
      label: (p) => t(`platformKeys.platform.${p}`),
      ariaLabel: t('platformKeys.field.platform'),
      none: t('platformKeys.list.allPlatforms'),
    },
    ...(game
      ? []
      : [
          {
            kind: 'select' as const,
            input: 'game',
            options: GAME_IDS,
            label: (g: string) => gameName(g as GameId),
            ariaLabel: t('platformKeys.field.game'),
            none: t('platformKeys.list.allGames'),
          },
        ]),
  ];

  const columns: TableColumn<PlatformKey>[] = [
    {
      key: 'actions',
      name: t('kit.list.actions'),
      width: 250,
      interactive: true,
      render: (k) => (
        <span className="kit-row-actions">
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            text={t('platformKeys.list.edit')}
            onClick={() => setEditing(k)}
            data-testid={`key-edit-${k.id}`}
          />
          {mayReveal(k) && (
            <Button
              size="small"
              variant="minimal"
              icon="eye-open"
              intent={Intent.WARNING}
              text={t('platformKeys.list.reveal')}
              onClick={() => setRevealing(k)}
              data-testid={`key-reveal-${k.id}`}
            />
          )}
          <Button
            size="small"
            variant="minimal"
            icon="trash"
            intent={Intent.DANGER}
            text={t('platformKeys.list.delete')}
            onClick={() => setDeleting(k)}
            data-testid={`key-delete-${k.id}`}
          />
        </span>
      ),
    },
    ...(game
      ? []
      : [
          {
            key: 'game',
            name: t('platformKeys.field.game'),
            width: 110,
            render: (k: PlatformKey) => gameName(k.game),
          },
        ]),
    {
      key: 'name',
      name: t('platformKeys.field.name'),
      width: 180,
      render: (k) => k.name,
      tooltip: (k) => k.name,
    },
    {
      key: 'platform',
      name: t('platformKeys.field.platform'),
      width: 170,
      render: (k) => t(`platformKeys.platform.${k.platform}`),
    },
    {
      key: 'secret',
      name: t('platformKeys.field.secret'),
      width: 130,
      render: (k) => <Code data-testid={`key-mask-${k.id}`}>{k.secretMask}</Code>,
    },
    {
      key: 'note',
      name: t('platformKeys.field.note'),
      width: 200,
      render: (k) => k.note,
      tooltip: (k) => k.note,
    },
    {
      key: 'secretSetAt',
      name: t('platformKeys.field.secretSetAt'),
      width: 150,
      render: (k) => <ListTime at={k.secretSetAt} />,
    },
    {
      key: 'updated',
      name: t('platformKeys.field.updated'),
      width: 210,
      render: (k) =>
        t('platformKeys.list.byAt', {
          who: k.updatedBy,
          at: relativeText(t, Date.parse(k.updatedAt), Date.now()),
        }),
      tooltip: (k) => formatDateTime(k.updatedAt, lang),
    },
    {
      key: 'created',
      name: t('platformKeys.field.created'),
      width: 210,
      render: (k) =>
        t('platformKeys.list.byAt', {
          who: k.createdBy,
          at: relativeText(t, Date.parse(k.createdAt), Date.now()),
        }),
      tooltip: (k) => formatDateTime(k.createdAt, lang),
    },
  ];

  const list = (
    <ListPage
      endpoint={game ? 'platformKeys.list' : 'platformKeys.all'}
      input={game ? { game } : {}}
      filters={filters}
      columns={columns}
      texts={{
        failed: t('platformKeys.list.loadFailed'),
        empty: game
          ? t('platformKeys.list.empty', { game: gameName(game) })
          : t('platformKeys.list.emptyAll'),
      }}
      icon="key"
      toolbarEnd={
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('platformKeys.list.add')}
          onClick={() => setAdding(true)}
          data-testid="key-add"
        />
      }
      testId="keys"
    />
  );

  return (
    <>
      <p className="keys-intro">{t('platformKeys.list.intro')}</p>
      {secretsMissing && (
        <Callout
          intent={Intent.DANGER}
          icon="warning-sign"
          title={t('platformKeys.list.noSealingKey')}
          className="keys-no-sealing-key"
          data-testid="keys-no-sealing-key"
        >
          {t('platformKeys.list.noSealingKeyHelp')}
        </Callout>
      )}
      {list}
      {adding && (
        <KeyFormDialog
          game={game}
          secretsMissing={secretsMissing}
          isOpen
          onClose={() => {
            setAdding(false);
            void refresh();
          }}
        />
      )}
      {editing && (
        <KeyFormDialog
          key={editing.id}
          editing={editing}
          secretsMissing={secretsMissing}
          isOpen
          onClose={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      <RevealDialog target={revealing} onClose={() => setRevealing(null)} />
      <ReasonConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('platformKeys.delete.title', {
          name: shownDeleting?.name ?? '',
          game: shownDeleting ? gameName(shownDeleting.game) : '',
        })}
        warning={t('platformKeys.delete.warning', { name: shownDeleting?.name ?? '' })}
        confirmText={t('platformKeys.delete.confirm')}
        failedTitle={t('platformKeys.delete.failed')}
        icon="trash"
        intent={Intent.DANGER}
        onConfirm={async (reason) => {
          if (!deleting) return;
          await remove.mutateAsync({ game: deleting.game, keyId: deleting.id, reason });
          toasts.success(
            t('platformKeys.delete.done', { name: deleting.name, game: gameName(deleting.game) }),
          );
          await refresh();
        }}
        testId="key-delete-dialog"
      />
    </>
  );
}
