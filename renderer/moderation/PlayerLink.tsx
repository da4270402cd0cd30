import { Link } from 'react-router-dom';
import type { GameId } from '../../shared/games.js';
import { playerPath } from '../../shared/routes.js';

/** A player id that opens the player's page; with the name beside it when the list has one. */
export function PlayerLink({ game, id, name }: { game: GameId; id: string; name?: string | null }) {
  return (
    <Link to={playerPath(game, id)} data-testid={`player-link-${id}`}>
      {name ? `${name} (${id})` : id}
    </Link>
  );
}
