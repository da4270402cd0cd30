import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { GameId } from '../../shared/games.js';
import type { GamePageKey } from '../../shared/game-pages.js';
import { useGameName } from '../kit/gameName.js';

/**
 * A page the game's registry entry does not have. The route table never leads here; this covers
 * a screen mounted by hand, so the endpoint is not called for a game that lacks it.
 */
export function NotInGame({ game, page }: { game: GameId; page: GamePageKey }) {
  const { t } = useTranslation();
  const gameName = useGameName(game);
  return (
    <div data-testid="moderation-not-in-game">
      <NonIdealState
        icon="disable"
        title={t('moderation.notInGame', { game: gameName, page: t(`page.${page}`) })}
      />
    </div>
  );
}
