import { Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { RouteDef } from '../../shared/routes.js';
import { screenOf } from '../features.js';
import { PlannedPage } from '../planned/PlannedPage.js';

/**
 * The route's screen from the feature list, or the "coming in a later release" page. Feature
 * screens load on demand (renderer/kit/lazy.ts): a spinner holds their place meanwhile.
 */
export function Screen({ route }: { route: RouteDef }) {
  const screen = screenOf(route);
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
