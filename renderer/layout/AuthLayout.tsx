import { Outlet } from 'react-router-dom';
import { Card, Classes, Elevation } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/LanguageSwitch.js';
import { DemoBanner } from './DemoBanner.js';

/**
 * Sign-in, registration and sign-out: a card on its own, with the language switch, all of it the
 * page's main landmark. The product's name tops the card; the page's own title is its heading.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <main className="auth-layout">
      <div className="auth-layout-language">
        <LanguageSwitch />
      </div>
      <DemoBanner />
      <Card elevation={Elevation.TWO} className="auth-card">
        <p className={`${Classes.HEADING} auth-product`}>{t('app.title')}</p>
        <Outlet />
      </Card>
    </main>
  );
}
