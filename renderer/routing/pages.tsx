import type { ComponentType } from 'react';
import type { GamePageKey, GameId } from '../../shared/games.js';
import type { RouteDef } from '../../shared/routes.js';
import { LoginPage } from '../auth/LoginPage.js';
import { LogoutPage } from '../auth/LogoutPage.js';
import { RegisterPage } from '../auth/RegisterPage.js';
import { ErrorPage } from '../errors/ErrorPage.js';
import { HomePage } from '../home/HomePage.js';
import { PlannedPage } from '../planned/PlannedPage.js';
import { UserCreatePage } from '../users/UserCreatePage.js';
import { UserDetailPage } from '../users/UserDetailPage.js';
import { UserEditPage } from '../users/UserEditPage.js';
import { UsersListPage } from '../users/UsersListPage.js';
import { PLAYER_SCREENS } from '../players/screens.js';
import { MODERATION_SCREENS } from '../moderation/screens.js';
import { pageKindOf, type ReadyRouteId } from './readyPages.js';

/** Screens of the ready routes; the type makes a ready id without a screen a compile error. */
const ROUTE_SCREENS: Record<ReadyRouteId, ComponentType> = {
  'auth.login': LoginPage,
  'auth.register': RegisterPage,
  'auth.logout': LogoutPage,
  'errors.401': () => <ErrorPage kind="401" />,
  'errors.404': () => <ErrorPage kind="404" />,
  'errors.500': () => <ErrorPage kind="500" />,
  home: HomePage,
  'admin.users': UsersListPage,
  'admin.userCreate': UserCreatePage,
  'admin.user': UserDetailPage,
  'admin.userEdit': UserEditPage,
};

/** Game screens, written once and given the game; each feature folder lists its own. */
export const GAME_SCREENS: Partial<Record<GamePageKey, ComponentType<{ game: GameId }>>> = {
  ...PLAYER_SCREENS,
  ...MODERATION_SCREENS,
};

export function Screen({ route }: { route: RouteDef }) {
  const kind = pageKindOf(route);
  if (kind.kind === 'route') {
    const Component = ROUTE_SCREENS[kind.id];
    return <Component />;
  }
  if (kind.kind === 'game' && route.game) {
    const Component = GAME_SCREENS[kind.page];
    if (Component) return <Component game={route.game} />;
  }
  return <PlannedPage route={route} />;
}
