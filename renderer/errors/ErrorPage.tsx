import { Link, useNavigate, useRouteError } from 'react-router-dom';
import { Button, Classes, NonIdealState, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LANDING_PATH, LOGIN_PATH } from '../../shared/routes.js';
import { useSession } from '../session/SessionContext.js';
import { isSignedIn } from '../routing/guard.js';

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

export function ErrorPage({ kind }: { kind: ErrorKind }) {
  const { t } = useTranslation();
  return (
    <NonIdealState
      icon={ICONS[kind]}
      title={t(`errors.${kind}.headline`)}
      description={t(`errors.${kind}.body`)}
      action={<WayBack kind={kind} />}
      data-testid={`error-${kind}`}
    />
  );
}

/** The router's error element: a screen threw while rendering. */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="errors-layout">
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
        data-testid="error-crash"
      />
    </div>
  );
}
