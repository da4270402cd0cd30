import { Suspense, useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@blueprintjs/core';
import type { RouteDef } from '../../shared/routes.js';
import { screenOf } from '../features.js';
import { isLazyScreen, loadPrefetchesNow, warmScreensWhenIdle } from '../kit/lazy.js';
import { PlannedPage } from '../planned/PlannedPage.js';

/**
 * Starts the screen's code and its first reads as the route renders (the guard has let the
 * operator in), before the screen itself mounts. Safe to repeat: the code loads once and a read
 * already asked for is not asked again.
 */
function usePrepare(component: unknown, route: RouteDef): void {
  const client = useQueryClient();
  const params = useParams();
  const [search] = useUrlSearch();
  if (isLazyScreen(component)) component.prepare({ client, game: route.game, params, search });
  // Once a signed-in screen is up: every route's reads at once (small), then the screens operators
  // open most while nothing else runs.
  useEffect(() => {
    if (route.layout !== 'main') return;
    loadPrefetchesNow();
    warmScreensWhenIdle(() => client.isFetching() > 0 || client.isMutating() > 0);
  }, [route.layout, client]);
}

/**
 * The route's screen from the feature list, or the "coming in a later release" page. Feature
 * screens load on demand (renderer/kit/lazy.ts) and show a spinner meanwhile; the Suspense
 * boundary is for what a screen may suspend on itself.
 */
export function Screen({ route }: { route: RouteDef }) {
  const screen = screenOf(route);
  usePrepare(screen?.component, route);
  let content;
  if (screen?.kind === 'game' && route.game) content = <screen.component game={route.game} />;
  else if (screen?.kind === 'route') content = <screen.component />;
  else return <PlannedPage route={route} />;
  return (
    <Suspense fallback={<Spinner className="screen-loading" data-testid="screen-loading" />}>
      {content}
    </Suspense>
  );
}
