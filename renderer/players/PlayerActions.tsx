import { useState } from 'react';
import { Button, Intent, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS } from '../../shared/api/table.js';
import { endpointAccess } from '../../shared/api/endpoint.js';
import type { PlayerDetail } from '../../shared/api/players.js';
import { GAMES, type GameId } from '../../shared/games.js';
import { canAccess } from '../../shared/roles.js';
import { ReasonConfirmDialog } from '../components/ReasonConfirmDialog.js';
import { useToasts } from '../components/Toaster.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { ACTION_ENDPOINT, PLAYER_ACTIONS, type PlayerAction } from './actions.js';
import { usePlayerAction } from './playersApi.js';

const ACTION_LOOK: Record<PlayerAction, { icon: IconName; intent: Intent; testId: string }> = {
  delete: { icon: 'trash', intent: Intent.DANGER, testId: 'player-action-delete' },
  activate: { icon: 'play', intent: Intent.SUCCESS, testId: 'player-action-activate' },
  clearCache: { icon: 'eraser', intent: Intent.WARNING, testId: 'player-action-clear-cache' },
};

/** Whether the action makes sense for the player's state (the server refuses the rest anyway). */
function applies(action: PlayerAction, player: PlayerDetail): boolean {
  if (action === 'delete') return player.state !== 'deleted';
  if (action === 'activate') return player.state !== 'active';
  return true;
}

/**
 * Delete, activate and clear cache. A button shows only when the signed-in operator's roles pass
 * the endpoint's own access rule, so a Service operator sees none. Each asks for a reason naming
 * the game and the player; the server writes it to the audit log.
 */
export function PlayerActions({ game, player }: { game: GameId; player: PlayerDetail }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const toasts = useToasts();
  const { state } = useSession();
  const run = usePlayerAction(game, player.id);
  const [open, setOpen] = useState(false);
  // Kept after closing so the dialog's texts do not change while it fades out.
  const [action, setAction] = useState<PlayerAction>('delete');

  const roles = state?.user.role ?? [];
  const signedIn = state?.signedIn ?? false;
  const allowed = PLAYER_ACTIONS.filter(
    (a) =>
      applies(a, player) && canAccess(roles, endpointAccess(ENDPOINTS[ACTION_ENDPOINT[a]], game), signedIn),
  );
  if (allowed.length === 0) return null;

  const names = {
    game: GAMES[game].names[lang],
    name: player.name,
    id: player.id,
    tabs: player.cachedTabs.map((tab) => t(`players.tab.${tab}`)).join(', ') || t('common.none'),
  };
  const look = ACTION_LOOK[action];

  return (
    <div className="player-actions">
      {allowed.map((a) => (
        <Button
          key={a}
          icon={ACTION_LOOK[a].icon}
          intent={ACTION_LOOK[a].intent}
          variant="outlined"
          text={t(`players.action.${a}.button`)}
          onClick={() => {
            setAction(a);
            setOpen(true);
          }}
          data-testid={ACTION_LOOK[a].testId}
        />
      ))}
      <ReasonConfirmDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        title={t(`players.action.${action}.title`, names)}
        warning={t(`players.action.${action}.warning`, names)}
        confirmText={t(`players.action.${action}.confirm`)}
        failedTitle={t(`players.action.${action}.failed`, names)}
        icon={look.icon}
        intent={look.intent}
        onConfirm={(reason) => run.mutateAsync({ action, reason })}
        onDone={() => toasts.success(t(`players.action.${action}.done`, names))}
        testId="player-action-dialog"
      />
    </div>
  );
}
