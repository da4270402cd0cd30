import { Outlet } from 'react-router-dom';
import { Card, Elevation, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { DemoBanner } from './DemoBanner.js';

/** Sign-in, registration and sign-out: a card on its own, with the language switch. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <div className="auth-layout-language">
        <LanguageSwitch />
      </div>
      <DemoBanner />
      <Card elevation={Elevation.TWO} className="auth-card">
        <H1 className="auth-product">{t('app.title')}</H1>
        <Outlet />
      </Card>
    </div>
  );
}
