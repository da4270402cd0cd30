import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { H1 } from '@blueprintjs/core';
import { LabelTag } from '../kit/LabelTag.js';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import type { RouteDef } from '../../shared/routes.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { decideRoute, NEXT_PARAM } from './guard.js';
import { Redirect } from './Redirect.js';
import { APP_TITLE_KEY, documentTitle, headingKeyOf } from './titles.js';

/**
 * Every route's element: applies the guard, then titles the window and the page. The screen
 * itself only renders its content.
 */
export function RoutePage({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const [search] = useUrlSearch();
  const { state, appInfo } = useSession();

  const heading = t(headingKeyOf(route, appInfo?.backend.setup === 'needed'));
  const gameName = route.game ? GAMES[route.game].names[lang] : undefined;
  const appTitle = t(APP_TITLE_KEY);
  useEffect(() => {
    document.title = documentTitle(heading, appTitle, gameName);
  }, [heading, appTitle, gameName]);

  if (!state) return null;
  const decision = decideRoute(
    route,
    state,
    `${location.pathname}${location.search}`,
    Date.now(),
    search.get(NEXT_PARAM),
  );
  if (decision.kind === 'redirect') return <Redirect to={decision.to} />;

  return (
    <div className={`page page-${route.layout}`} data-route={route.id}>
      <header className="page-header">
        {gameName && (
          <LabelTag minimal icon="cube" data-testid="page-game">
            {gameName}
          </LabelTag>
        )}
        <H1 className="page-title" data-testid="page-title">
          {heading}
        </H1>
      </header>
      {children}
    </div>
  );
}
