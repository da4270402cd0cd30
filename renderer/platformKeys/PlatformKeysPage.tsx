import type { GameId } from '../../shared/games.js';
import { KeysList } from './KeysList.js';

/** A game's platform keys (atomicwar's steam key page, ymmj's and lw's steam token pages). */
export function PlatformKeysPage({ game }: { game: GameId }) {
  return <KeysList game={game} />;
}

/** Every game's platform keys, for a SUPER (/admin/steamtoken). */
export function AllPlatformKeysPage() {
  return <KeysList />;
}
