import { rendererFeature } from '../feature.js';
import { LoginPage } from '../auth/LoginPage.js';
import { LogoutPage } from '../auth/LogoutPage.js';
import { ErrorPage } from '../errors/ErrorPage.js';

/** The shell: sign-in, error pages, and the texts of the frame around them (the landing page is home's). */
export const shellFeature = rendererFeature({
  id: 'shell',
  screens: {
    'auth.login': LoginPage,
    'auth.logout': LogoutPage,
    'errors.401': () => <ErrorPage kind="401" />,
    'errors.404': () => <ErrorPage kind="404" />,
    'errors.500': () => <ErrorPage kind="500" />,
  },
  texts: { 'zh-CN': () => import('../i18n/zh-CN.json'), en: () => import('../i18n/en.json') },
  namespace: '',
});
