import type { CodeKind } from '../../shared/api/giftCodes.js';
import type { GameId } from '../../shared/games.js';
import { useEndpointQuery } from '../kit/data.js';

/** The shop's currency, for reading shop tickets' prices; null for activation codes or until known. */
export function useShopCurrency(game: GameId, kind: CodeKind): string | null {
  const shop = useEndpointQuery(
    'catalogue.shopItems',
    { game },
    { enabled: kind === 'shopTicket', staleTime: 300_000 },
  );
  return kind === 'shopTicket' ? (shop.data?.currency ?? null) : null;
}
