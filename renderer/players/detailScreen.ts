import type { GameId } from '../../shared/games.js';
import { lazyScreen, type LazyScreen } from '../kit/lazy.js';

/**
 * The player page (the detail and its tabs: the tab is one more URL param). Opening a player is
 * what operators do most, so its code loads while the browser is idle after sign-in, and its
 * first reads start with the navigation. The prefetch is imported, not bundled here: the reads'
 * keys come from the endpoint table, which stays out of the initial JavaScript; it is a chunk the
 * page shares, here once the page has warmed up.
 */
export const playerDetailScreen: LazyScreen<{ game: GameId }> = lazyScreen(
  () => import('./PlayerDetailPage.js'),
  'PlayerDetailPage',
  {
    warm: 20,
    prefetch: ({ client, game, params, search }) => {
      if (game)
        import('./playersApi.js').then(
          (api) => api.prefetchPlayerPage(client, game, params, search),
          // Without the chunk the page cannot load either, and says so itself.
          () => undefined,
        );
    },
  },
);
