import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Codes } from '../../shared/codes.js';
import type { ResultError } from '../../shared/envelope.js';
import { LANDING_PATH, LOGIN_PATH } from '../../shared/routes.js';
import { bridge } from '../bridge/bridge.js';
import { asResultError } from '../bridge/result.js';
import { ErrorCallout } from '../components/ErrorCallout.js';
import { useSession } from '../session/SessionContext.js';

/** Ends the session in main (which tells the server), then shows the sign-in page. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { apply } = useSession();
  const [error, setError] = useState<ResultError | null>(null);
  const started = useRef(false);

  const logout = useCallback(async () => {
    setError(null);
    try {
      const result = await bridge().session.logout();
      if (result.ok) {
        apply(result.data);
        void navigate(LOGIN_PATH, { replace: true });
        return;
      }
      // The server may have refused while main still dropped the tokens: believe main's state.
      const now = await bridge().session.get();
      apply(now);
      if (!now.signedIn) {
        void navigate(LOGIN_PATH, { replace: true });
        return;
      }
      setError(result.error);
    } catch (err) {
      setError(asResultError(err, Codes.NETWORK));
    }
  }, [apply, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout();
  }, [logout]);

  if (!error) {
    return (
      <div className="logout-pending" data-testid="logout-pending">
        <Spinner size={24} />
        <span>{t('auth.logout.pending')}</span>
      </div>
    );
  }
  return (
    <div className="logout-failed">
      <ErrorCallout title={t('auth.logout.failed')} error={error} testId="logout-error" />
      <div className="actions">
        <Button icon="refresh" onClick={() => void logout()} text={t('common.retry')} />
        <Link to={LANDING_PATH}>{t('common.backHome')}</Link>
      </div>
    </div>
  );
}
