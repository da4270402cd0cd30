import type { RouteDef } from '../../shared/routes.js';
import { screenOf } from '../features.js';
import { PlannedPage } from '../planned/PlannedPage.js';

/** The route's screen from the feature list, or the "coming in a later release" page. */
export function Screen({ route }: { route: RouteDef }) {
  const screen = screenOf(route);
  if (screen?.kind === 'game' && route.game) return <screen.component game={route.game} />;
  if (screen?.kind === 'route') return <screen.component />;
  return <PlannedPage route={route} />;
}
