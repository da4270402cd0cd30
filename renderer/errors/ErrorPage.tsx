import { Link, useNavigate, useRouteError } from 'react-router-dom';
import { useUrlSearch } from '../kit/useUrlSearch.js';
import { Button, Classes, NonIdealState, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { GAMES } from '../../shared/games.js';
import { LANDING_PATH, LOGIN_PATH } from '../../shared/routes.js';
import type { Role } from '../../shared/roles.js';
import { useLanguage } from '../i18n/i18n.js';
import { useSession } from '../session/SessionContext.js';
import { isSignedIn, REFUSED_PARAM, refusedRoute } from '../routing/guard.js';
import { headingKeyOf } from '../routing/titles.js';
import { accessSentence, rolesList } from './accessText.js';

type ErrorKind = '401' | '404' | '500';

const ICONS: Record<ErrorKind, IconName> = { '401': 'lock', '404': 'search', '500': 'error' };

/** The way out of an error page: back where they came from, or to the start. */
function WayBack({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useSession();
  const signedIn = state ? isSignedIn(state, Date.now()) : false;
  return (
    <div className="actions">
      <Button
        icon="arrow-left"
        onClick={() => void navigate(-1)}
        text={t('common.goBack')}
        data-testid="error-back"
      />
      {signedIn ? (
        <Link to={LANDING_PATH} className={Classes.BUTTON} data-testid="error-home">
          {t('common.backHome')}
        </Link>
      ) : (
        <Link to={LOGIN_PATH} className={Classes.BUTTON} data-testid="error-login">
          {t('common.signIn')}
        </Link>
      )}
      {kind === '500' && (
        <Button icon="refresh" onClick={() => window.location.reload()} text={t('common.reload')} />
      )}
    </div>
  );
}

/**
 * What a refused operator needs to know: which page, which roles it needs, which roles they have,
 * and whom to ask. The page comes from the 401 URL and is named only when it is one of ours.
 */
function Refused() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [search] = useUrlSearch();
  const { state } = useSession();
  const route = refusedRoute(search.get(REFUSED_PARAM));
  const signedIn = state ? isSignedIn(state, Date.now()) : false;
  if (!route || !state || !signedIn) return <p>{t('errors.401.body')}</p>;
  const roleName = (r: Role) => t(`role.${r}`);
  const page = t(headingKeyOf(route));
  const needs = accessSentence(route.access, roleName, lang);
  const mine = state.user.role;
  return (
    <div className="refused" data-testid="error-401-details">
      <p data-testid="error-401-page">
        {route.game
          ? t('errors.401.pageOfGame', { page, game: GAMES[route.game].names[lang] })
          : t('errors.401.page', { page })}
      </p>
      <p data-testid="error-401-needs">{t(needs.key, needs.params)}</p>
      <p data-testid="error-401-yours">
        {mine.length > 0
          ? t('errors.401.yours', { roles: rolesList(mine, roleName, lang) })
          : t('errors.401.noRoles')}
      </p>
      <p className={Classes.TEXT_MUTED}>{t('errors.401.ask')}</p>
    </div>
  );
}

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  // NonIdealState does not pass test ids on to the page.
  return (
    <div data-testid={`error-${kind}`}>
      <NonIdealState
        icon={ICONS[kind]}
        title={t(`errors.${kind}.headline`)}
        description={kind === '401' ? <Refused /> : t(`errors.${kind}.body`)}
        action={<WayBack kind={kind} />}
      />
    </div>
  );
}

/** The router's error element: a screen threw while rendering. */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="errors-layout" data-testid="error-crash">
      <NonIdealState
        icon="error"
        title={t('errors.500.headline')}
        description={
          <>
            <p>{t('errors.crash.body')}</p>
            <pre className={Classes.CODE_BLOCK} data-testid="crash-message">
              {message}
            </pre>
          </>
        }
        action={<WayBack kind="500" />}
      />
    </div>
  );
}
