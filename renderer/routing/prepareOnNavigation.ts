import { matchPath } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteDef } from '../../shared/routes.js';
import { screenOf } from '../features.js';
import { isLazyScreen } from '../kit/lazy.js';
import { decideRoute, matchRoute, type GuardSession } from './guard.js';

/**
 * Starts a screen's code and its first reads as soon as the router has the new location, not when
 * the route's element renders. The router's subscribers hear of a navigation in the task that
 * made it, while React draws it later, in a transition, layout first: time in which the read can
 * already travel (issue 25: a list's first rows after navigation). What Screen's own prepare asks
 * for when it renders is then already on its way (both are safe to repeat). Only for a route the
 * guard lets the operator into, by the same decision RoutePage makes, so nothing is asked for a
 * page that will be refused.
 */
export function prepareLocation(
  client: QueryClient,
  session: GuardSession | null | undefined,
  location: { pathname: string; search: string },
  nowMs: number,
  screens: (route: RouteDef) => { component: unknown } | null = screenOf,
): void {
  if (!session) return;
  const route = matchRoute(location.pathname);
  const screen = route ? screens(route) : null;
  if (!route || !screen || !isLazyScreen(screen.component)) return;
  const asked = `${location.pathname}${location.search}`;
  if (decideRoute(route, session, asked, nowMs, null).kind !== 'allow') return;
  screen.component.prepare({
    client,
    game: route.game,
    params: matchPath(route.path, location.pathname)?.params ?? {},
    search: new URLSearchParams(location.search),
  });
}
