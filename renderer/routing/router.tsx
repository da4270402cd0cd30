import { createHashRouter, type RouteObject } from 'react-router-dom';
import { ERROR_404_PATH, LOGIN_PATH, ROUTES, type Layout } from '../../shared/routes.js';
import { AuthLayout } from '../layout/AuthLayout.js';
import { ErrorsLayout } from '../layout/ErrorsLayout.js';
import { MainLayout } from '../layout/MainLayout.js';
import { CrashPage } from '../errors/ErrorPage.js';
import { RootRoute } from './RootRoute.js';
import { RoutePage } from './RoutePage.js';
import { AliasRedirect } from './AliasRedirect.js';
import { Redirect } from './Redirect.js';
import { Screen } from './Screen.js';

/**
 * The router is generated from the route table: one route per entry under its layout. Anything
 * else, including other /auth and /errors paths, goes to 404; the root goes to sign-in.
 */
function routesOf(layout: Layout): RouteObject[] {
  return ROUTES.filter((r) => r.layout === layout).flatMap((r) => [
    {
      path: r.path,
      element: (
        <RoutePage key={r.id} route={r}>
          <Screen route={r} />
        </RoutePage>
      ),
    },
    // The spec's other path for the same page leads to it, keeping the params and the query.
    ...(r.aliases ?? []).map((alias) => ({ path: alias, element: <AliasRedirect to={r.path} /> })),
  ]);
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootRoute />,
      errorElement: <CrashPage />,
      children: [
        { index: true, element: <Redirect to={LOGIN_PATH} /> },
        { element: <AuthLayout />, children: routesOf('auth') },
        { element: <ErrorsLayout />, children: routesOf('errors') },
        { element: <MainLayout />, children: routesOf('main') },
        { path: '*', element: <Redirect to={ERROR_404_PATH} /> },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createHashRouter>;

/** Hash routing: the desktop window loads a file, where path routing has nothing to serve. */
export function createAppRouter(): AppRouter {
  return createHashRouter(buildRoutes());
}
