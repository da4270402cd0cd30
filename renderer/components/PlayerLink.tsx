import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { GameId } from '../../shared/games.js';
import { playerPath } from '../../shared/routes.js';
import { playerLabel } from './playerLabel.js';

/**
 * A link to a player's page. It reads "Name (id)", or the id when the name is unknown, unless the
 * caller gives its own text (and then its own test id, so the two links of a row stay apart).
 */
export function PlayerLink({
  game,
  id,
  name,
  children,
  testId,
}: {
  game: GameId;
  id: string;
  name?: string | null;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Link to={playerPath(game, id)} data-testid={testId ?? `player-link-${id}`}>
      {children ?? playerLabel(id, name)}
    </Link>
  );
}
