import { Link } from 'react-router-dom';
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../shared/routes.js';

/** An operator console has no self-registration: a super-admin creates accounts. */
export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <div className="register-page" data-testid="register-page">
      <Callout intent={Intent.PRIMARY} icon="info-sign" title={t('auth.register.title')}>
        <p>{t('auth.register.body')}</p>
        <p>{t('auth.register.ask')}</p>
      </Callout>
      <p className="auth-footer">
        <Link to={LOGIN_PATH} data-testid="register-login-link">
          {t('auth.register.backToLogin')}
        </Link>
      </p>
    </div>
  );
}
