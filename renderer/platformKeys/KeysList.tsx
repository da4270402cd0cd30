import { useState } from 'react';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlatformKey } from '../../shared/api/platformKeys.js';
import { endpointAccess } from '../../shared/api/endpoint.js';
import { ENDPOINTS } from '../../shared/api/table.js';
import { GAME_IDS, GAMES, type GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useEndpointMutation, useEndpointQuery } from '../kit/data.js';
import { ListPage } from '../kit/ListPage.js';
import type { ListRowAction } from '../kit/rowActions.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { keyColumns, keyFilters } from './keyColumns.js';
import { KeyFormDialog } from './KeyFormDialog.js';
import { RevealDialog } from './RevealDialog.js';
import './platformKeys.css';

/** Whether the server can store secrets at all (every page of the list says so). */
function useSecretsMissing(game: GameId | undefined): boolean {
  const ofGame = useEndpointQuery(
    'platformKeys.list',
    { game: game ?? GAME_IDS[0], pageSize: 1 },
    { enabled: game !== undefined },
  );
  const ofAll = useEndpointQuery('platformKeys.all', { pageSize: 1 }, { enabled: game === undefined });
  return (game ? ofGame.data : ofAll.data)?.secretsKey === 'missing';
}

/** A key's row actions: change it, show its secret (a SUPER, with a reason), delete it with a reason. */
function useKeyActions(secretsMissing: boolean, refresh: () => Promise<void>): ListRowAction<PlatformKey>[] {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const { state } = useSession();
  const remove = useEndpointMutation('platformKeys.delete');
  const roles = state?.user.role ?? [];
  const gameName = (g: GameId) => GAMES[g].names[lang];
  return [
    {
      kind: 'dialog',
      id: 'edit',
      text: t('platformKeys.list.edit'),
      icon: 'edit',
      buttonTestId: (k) => `key-edit-${k.id}`,
      render: (k, close) => (
        <KeyFormDialog
          key={k.id}
          editing={k}
          secretsMissing={secretsMissing}
          isOpen
          onClose={() => {
            close();
            void refresh();
          }}
        />
      ),
    },
    {
      kind: 'dialog',
      id: 'reveal',
      text: t('platformKeys.list.reveal'),
      icon: 'eye-open',
      intent: Intent.WARNING,
      when: (k) => canAccess(roles, endpointAccess(ENDPOINTS['platformKeys.reveal'], k.game)),
      buttonTestId: (k) => `key-reveal-${k.id}`,
      render: (k, close) => <RevealDialog target={k} onClose={close} />,
    },
    {
      kind: 'dialog',
      id: 'delete',
      text: t('platformKeys.list.delete'),
      icon: 'trash',
      intent: Intent.DANGER,
      buttonTestId: (k) => `key-delete-${k.id}`,
      render: (k, close) => (
        <ReasonConfirmDialog
          isOpen
          onClose={close}
          title={t('platformKeys.delete.title', { name: k.name, game: gameName(k.game) })}
          warning={t('platformKeys.delete.warning', { name: k.name })}
          confirmText={t('platformKeys.delete.confirm')}
          failedTitle={t('platformKeys.delete.failed')}
          icon="trash"
          intent={Intent.DANGER}
          onConfirm={async (reason) => {
            await remove.mutateAsync({ game: k.game, keyId: k.id, reason });
            toasts.success(t('platformKeys.delete.done', { name: k.name, game: gameName(k.game) }));
            await refresh();
          }}
          testId="key-delete-dialog"
        />
      ),
    },
  ];
}

/**
 * The platform keys list, of one game (its steam key / steam token page) or of every game (the
 * super-admin's /admin/steamtoken): masked secrets, add, change, delete with a reason, and for a
 * SUPER "show" with a reason.
 */
export function KeysList({ game }: { game?: GameId }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  // The page warns before anyone types a secret, and the form offers no field the server would refuse.
  const secretsMissing = useSecretsMissing(game);
  // Both lists (a game's and every game's) show what any change did.
  const refresh = () => qc.invalidateQueries({ queryKey: ['platformKeys'] });
  const actions = useKeyActions(secretsMissing, refresh);

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
      <ListPage
        endpoint={game ? 'platformKeys.list' : 'platformKeys.all'}
        input={game ? { game } : {}}
        filters={keyFilters(t, lang, game)}
        columns={keyColumns(t, lang, game)}
        actions={actions}
        actionsWidth={250}
        texts={{
          failed: t('platformKeys.list.loadFailed'),
          empty: game
            ? t('platformKeys.list.empty', { game: GAMES[game].names[lang] })
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
    </>
  );
}
